import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** One message for one form field; `field` is the dotted path inside the form's values. */
export interface FieldMessage {
  field: string;
  message: string;
}

/** What an editor shows after a failed check or save: messages on fields, and the rest on its own. */
export interface SortedMessages {
  onFields: FieldMessage[];
  general: string[];
}

/** Puts each message on its field when the form has that field; the others are general. */
export function sortMessages(messages: readonly FieldMessage[], fields: ReadonlySet<string>): SortedMessages {
  const onFields: FieldMessage[] = [];
  const general: string[] = [];
  for (const m of messages) {
    const top = m.field.split('.')[0];
    if (m.field && fields.has(m.field)) onFields.push(m);
    else if (top && fields.has(top)) onFields.push({ field: top, message: m.message });
    else general.push(m.message);
  }
  return { onFields, general };
}

/** The issues of a zod check as field messages (paths joined with dots). */
export function zodMessages(error: z.ZodError): FieldMessage[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

/** The field messages of a failed API call (a 400 names the body fields it refused); otherwise its message alone. */
export function apiMessages(error: unknown, fallback: string): FieldMessage[] {
  if (error instanceof ApiError && error.fields.length)
    return error.fields.map((f) => ({ field: f.in === 'body' ? f.path : '', message: f.message }));
  if (error instanceof ApiError && error.message) return [{ field: '', message: error.message }];
  return [{ field: '', message: error instanceof Error && error.message ? error.message : fallback }];
}
