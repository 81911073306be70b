import { describe, expect, it } from 'vitest';
import { apiFieldErrorSchema } from './errors';
import { isApiFieldError } from './field-errors';

describe('isApiFieldError', () => {
  it('agrees with the field error schema on every case', () => {
    const field = { in: 'body', path: 'contact_name', message: 'Contact Name must be at most 1000 characters' };
    const cases: unknown[] = [
      field,
      { ...field, in: 'querystring', path: '' },
      { ...field, in: 'params' },
      { ...field, in: 'headers' },
      { ...field, in: 'cookies' },
      { ...field, path: 3 },
      { ...field, message: null },
      { in: 'body', path: 'x' },
      [field],
      'body',
      null,
    ];
    for (const value of cases) expect(isApiFieldError(value), JSON.stringify(value)).toBe(apiFieldErrorSchema.safeParse(value).success);
  });
});
