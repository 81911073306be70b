import { isRecord } from './plain-checks';

/** The parts of a request a refused value can be in. */
export const FIELD_ERROR_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** One refused input value: where it was, its dotted path there, and why (apiFieldErrorSchema is its schema). */
export interface ApiFieldError {
  in: (typeof FIELD_ERROR_PARTS)[number];
  path: string;
  message: string;
}

/**
 * Whether a value is a field error as apiFieldErrorSchema states it, in a plain check: the web's
 * API client reads error answers on every page's first load, where zod is not loaded.
 */
export function isApiFieldError(value: unknown): value is ApiFieldError {
  return (
    isRecord(value) &&
    (FIELD_ERROR_PARTS as readonly unknown[]).includes(value.in) &&
    typeof value.path === 'string' &&
    typeof value.message === 'string'
  );
}
