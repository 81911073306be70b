import { describe, expect, it } from 'vitest';
import { drillDownTableParamsSchema } from './drill-down';
import { tsCompareDataParamsSchema } from './ts-compare';

const ZONE = 'America/Denver';

describe('day ranges in paths', () => {
  const parse = (startDate: string, endDate: string) =>
    tsCompareDataParamsSchema('daily', ZONE).safeParse({ parameter: '1', locations: '2', startDate, endDate });

  it.each([
    // A plain day is that day.
    ['2026-06-01', '2026-06-01'],
    // Midnight in Denver (MDT, UTC-6) as toISOString() writes it is that day.
    ['2026-06-01T06:00:00.000Z', '2026-06-01'],
    // Five in the morning UTC is still the evening before in Denver.
    ['2026-06-01T05:00:00Z', '2026-05-31'],
    ['2026-06-01T23:30:00-06:00', '2026-06-01'],
    ['2026-12-31T23:59+0100', '2026-12-31'],
  ])('%s is the district day %s', (text, day) => {
    const r = parse(text, text);
    expect(r.success && r.data.startDate).toBe(day);
    expect(r.success && r.data.endDate).toBe(day);
  });

  it.each(['2026-06-01T06:00:00', '06/01/2026', '2026-13-01T00:00:00Z', 'yesterday'])('refuses %s with a readable message', (text) => {
    const r = parse(text, '2026-06-01');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/startDate ".*" is not a date written YYYY-MM-DD or an ISO 8601 instant/);
  });

  it('keeps checking the order of the days the instants fall on', () => {
    const r = drillDownTableParamsSchema('15min', ZONE).safeParse({
      ndx: '3',
      startDate: '2026-06-02T06:00:00.000Z',
      endDate: '2026-06-01T06:00:00.000Z',
    });
    expect(r.success).toBe(false);
  });

  it('keeps the instants of instant ends, and none of plain days', () => {
    const r = drillDownTableParamsSchema('15min', ZONE).safeParse({
      ndx: '3',
      startDate: '2026-06-01',
      endDate: '2026-06-01T07:30:00-06:00',
    });
    expect(r.success && r.data).toEqual({
      ndx: 3,
      startDate: '2026-06-01',
      endDate: '2026-06-01',
      startAt: null,
      endAt: '2026-06-01T13:30:00.000Z',
    });
  });

  it('refuses an end instant before the start instant on one day', () => {
    const r = parse('2026-06-01T14:00:00Z', '2026-06-01T13:00:00Z');
    expect(r.error?.issues[0]?.message).toBe('endDate 2026-06-01T13:00:00Z is before startDate 2026-06-01T14:00:00Z');
  });
});
