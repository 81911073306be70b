import { describe, expect, it } from 'vitest';
import { ogcDatetimeSchema, ogcDurationMs } from './ogcapi';

const parse = (text: string) => ogcDatetimeSchema.safeParse(text);

describe('datetime and time', () => {
  it('reads instants, dates and intervals with open ends', () => {
    expect(parse('2026-03-07T18:00:00Z').data).toEqual({
      start: { instant: '2026-03-07T18:00:00.000Z' },
      end: { instant: '2026-03-07T18:00:00.000Z' },
    });
    expect(parse('2026-03-07').data).toEqual({ start: { date: '2026-03-07' }, end: { date: '2026-03-07' } });
    expect(parse('../2024-01-01').data).toEqual({ start: null, end: { date: '2024-01-01' } });
    expect(parse('2024-01-01T00:00:00+02:00/..').data).toEqual({ start: { instant: '2023-12-31T22:00:00.000Z' }, end: null });
    expect(parse('/2024-01-01').data).toEqual({ start: null, end: { date: '2024-01-01' } });
  });

  it('reads a duration as the period of that length ending now', () => {
    const before = Date.now();
    const r = parse('P7D').data!;
    const start = Date.parse((r.start as { instant: string }).instant);
    expect(start).toBeGreaterThanOrEqual(before - 7 * 86_400_000);
    expect(start).toBeLessThanOrEqual(Date.now() - 7 * 86_400_000);
    expect(r.end).toBeNull();
  });

  it('knows the lengths of durations of weeks, days and times of day', () => {
    expect(ogcDurationMs('P7D')).toBe(7 * 86_400_000);
    expect(ogcDurationMs('PT12H')).toBe(12 * 3_600_000);
    expect(ogcDurationMs('P1DT6H30M')).toBe(30.5 * 3_600_000);
    expect(ogcDurationMs('P2W')).toBe(14 * 86_400_000);
    expect(ogcDurationMs('pt90s')).toBe(90_000);
    for (const bad of ['P', 'PT', 'P1M', 'P1Y', 'P0D', '7D', 'P-1D', 'P1.5D']) expect(ogcDurationMs(bad), bad).toBeNull();
  });

  it.each(['0000-01-01', '0000-01-01T00:00:00Z', '0000-01-01/2020-01-01', 'P1Y', 'P', '2026-02-30', 'yesterday', '../..', '+010000-01-01'])(
    'refuses %s with a readable message',
    (text) => {
      const r = parse(text);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toMatch(/expected|not a date/);
    },
  );
});
