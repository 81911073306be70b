import { describe, expect, it } from 'vitest';
import { BUFFER_AMOUNT_MESSAGE, parseBufferAmount } from './buffer-amount';

describe('parseBufferAmount', () => {
  it('reads decimal numbers, with spaces and signs', () => {
    expect(parseBufferAmount('0.25')).toEqual({ ok: true, value: 0.25 });
    expect(parseBufferAmount(' 2 ')).toEqual({ ok: true, value: 2 });
    expect(parseBufferAmount('.5')).toEqual({ ok: true, value: 0.5 });
    expect(parseBufferAmount('3.')).toEqual({ ok: true, value: 3 });
    expect(parseBufferAmount('+1')).toEqual({ ok: true, value: 1 });
  });

  it('takes an empty field as 0 and keeps negatives (both are skipped when drawing)', () => {
    expect(parseBufferAmount('')).toEqual({ ok: true, value: 0 });
    expect(parseBufferAmount('   ')).toEqual({ ok: true, value: 0 });
    expect(parseBufferAmount('-1')).toEqual({ ok: true, value: -1 });
  });

  it('refuses anything that is not a plain decimal number', () => {
    for (const text of ['abc', '1e3', '0x10', '1,5', '1.2.3', '-', '.', 'NaN', 'Infinity', '5 mi']) {
      expect(parseBufferAmount(text), text).toEqual({ ok: false, message: BUFFER_AMOUNT_MESSAGE });
    }
  });
});
