import { describe, expect, it } from 'vitest';
import { checkLookback, defaultParameter } from './lookback';

describe('lookback hours', () => {
  it('applies whole hours 0-24', () => {
    expect(checkLookback('0')).toEqual({ ok: true, hours: 0 });
    expect(checkLookback(' 24 ')).toEqual({ ok: true, hours: 24 });
  });
  it("says 'Value must not exceed 24' above 24", () => {
    expect(checkLookback('25')).toEqual({ ok: false, message: 'Value must not exceed 24' });
  });
  it('does not apply empty, negative or fractional entries', () => {
    for (const t of ['', '-1', '1.5', 'e']) expect(checkLookback(t)).toEqual({ ok: false, message: null });
  });
});

describe('defaultParameter', () => {
  it('is 67 when offered, else the first, else none', () => {
    expect(
      defaultParameter([
        { parameter_ndx: 1, parameter_name: 'a' },
        { parameter_ndx: 67, parameter_name: 'b' },
      ]),
    ).toBe(67);
    expect(
      defaultParameter([
        { parameter_ndx: 3, parameter_name: 'a' },
        { parameter_ndx: 4, parameter_name: 'b' },
      ]),
    ).toBe(3);
    expect(defaultParameter([])).toBeNull();
  });
});
