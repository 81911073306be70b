import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { passwordChangeMessages } from './password-change-errors';

const FALLBACK = 'Something went wrong';

describe('passwordChangeMessages', () => {
  it('puts a wrong current password at the Current password field', () => {
    const wrong = new ApiError('The current password is not correct', 400, 'Bad Request', {
      error: 'Bad Request',
      message: 'The current password is not correct',
    });
    expect(passwordChangeMessages(wrong, FALLBACK)).toEqual([{ field: 'currentPassword', message: 'The current password is not correct' }]);
  });

  it('puts the throttle message there too', () => {
    const throttled = new ApiError('Too many wrong current passwords. Try again in 5 minutes.', 429, 'Too Many Requests', null);
    expect(passwordChangeMessages(throttled, FALLBACK)[0]?.field).toBe('currentPassword');
  });

  it('puts refused body fields at their fields', () => {
    const refused = new ApiError('x', 400, 'Bad Request', {
      fields: [{ in: 'body', path: 'newPassword', message: 'Must be at least 8 characters' }],
    });
    expect(passwordChangeMessages(refused, FALLBACK)).toEqual([{ field: 'newPassword', message: 'Must be at least 8 characters' }]);
  });

  it('shows other failures on their own', () => {
    expect(passwordChangeMessages(new ApiError('Something went wrong', 500, 'Internal Server Error', null), FALLBACK)).toEqual([
      { field: null, message: 'Something went wrong' },
    ]);
    expect(passwordChangeMessages(new Error(''), FALLBACK)).toEqual([{ field: null, message: FALLBACK }]);
  });
});
