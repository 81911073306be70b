import { describe, expect, it } from 'vitest';
import { copyDataErrorMessage, copyErrorMessage, copyToastMessage, COPY_DATA_SUCCESS } from './clipboard';

describe('copy toasts', () => {
  it('names the copied value', () => {
    expect(copyToastMessage('-104.78')).toBe('Copied to clipboard: -104.78');
  });

  it('shortens very long values', () => {
    const message = copyToastMessage('x'.repeat(500));
    expect(message.startsWith('Copied to clipboard: xxx')).toBe(true);
    expect(message.length).toBeLessThan(160);
  });

  it('names the error', () => {
    expect(copyErrorMessage(new Error('denied'))).toBe('Error copying text: denied');
  });
});

describe('copy data toasts', () => {
  it("says 'Data was copied to your clipboard.' or the error's message, else 'Something went wrong'", () => {
    expect(COPY_DATA_SUCCESS).toBe('Data was copied to your clipboard.');
    expect(copyDataErrorMessage(new Error('Denied'))).toBe('Denied');
    expect(copyDataErrorMessage('odd')).toBe('Something went wrong');
  });
});
