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
  it('waits quietly while the entry is empty or half typed', () => {
    for (const t of ['', ' ', '-']) expect(checkLookback(t)).toEqual({ ok: false, message: null });
  });
  it('says what is allowed for negative or fractional entries and does not apply them', () => {
    for (const t of ['-3', '2.5', '1e1', 'e']) expect(checkLookback(t)).toEqual({ ok: false, message: 'Enter whole hours from 0 to 24' });
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
