import { ApiError } from '../../../lib/api-client';

export type PasswordFormField = 'currentPassword' | 'newPassword';

/** Where a refused password change is shown: at the field it is about, or on its own (field null). */
export interface PasswordChangeMessage {
  field: PasswordFormField | null;
  message: string;
}

const FORM_FIELDS: ReadonlySet<string> = new Set<PasswordFormField>(['currentPassword', 'newPassword']);

/**
 * The messages of a refused password change. The body fields the server names go to their
 * fields; a 400 or 429 without named fields is about the current password (it is wrong, or
 * wrong too often), so it goes to that field. Anything else (a network failure, a 500) is
 * shown on its own.
 */
export function passwordChangeMessages(error: unknown, fallback: string): PasswordChangeMessage[] {
  if (error instanceof ApiError && error.fields.length) {
    return error.fields.map((f) => ({
      field: f.in === 'body' && FORM_FIELDS.has(f.path) ? (f.path as PasswordFormField) : null,
      message: f.message,
    }));
  }
  const message = error instanceof Error && error.message ? error.message : fallback;
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return [{ field: 'currentPassword', message }];
  return [{ field: null, message }];
}
