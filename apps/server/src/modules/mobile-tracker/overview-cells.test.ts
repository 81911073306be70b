import { describe, expect, it } from 'vitest';
import { cellText, latestValue, planCell, type CellSeries } from './overview-cells';
import type { ReportColumn } from './mobile-tracker.repository';

const now = new Date('2026-11-20T18:00:00Z');
const col = (over: Partial<ReportColumn> = {}): ReportColumn => ({
  column_name: 'Inflow (cfs)',
  column_sort: 1,
  series_kind: 'flow',
  location_id_pattern: null,
  measure: 'latest_sum',
  decimals: 1,
  ...over,
});
const s = (location_id: string, kind: CellSeries['kind'], hoursAgo: number | null, value: number | null = 1): CellSeries => ({
  location_ndx: 1,
  location_id,
  parameter_ndx: 1,
  kind,
  last_timestamp: hoursAgo === null ? null : new Date(now.getTime() - hoursAgo * 3_600_000),
  last_value: value,
});

describe('overview cells', () => {
  it('a location-limited column without such a location is not applicable', () => {
    expect(planCell(col({ location_id_pattern: '-IN$' }), [s('BR-RES', 'storage', 1)], now)).toEqual({ state: 'not-applicable' });
    expect(cellText({ state: 'not-applicable' }, null, 1)).toEqual({ result_formatted: '-', highlight_color: null });
  });
  it('no series of the kind is not collecting (blank)', () => {
    expect(planCell(col(), [s('X', 'storage', 1)], now)).toEqual({ state: 'not-collecting' });
    expect(cellText({ state: 'not-collecting' }, null, 1)).toEqual({ result_formatted: '', highlight_color: null });
  });
  it('a series older than 24 hours is missing data and is left out of the newest-value measures', () => {
    const plan = planCell(col(), [s('A', 'flow', 1, 2), s('B', 'flow', 25, 100), s('C', 'flow', 24, 3)], now);
    expect(plan.state === 'collecting' && plan.missing).toBe(true);
    if (plan.state !== 'collecting') throw new Error('collecting expected');
    expect(latestValue(col(), plan.fresh)).toBe(5);
    expect(latestValue(col({ measure: 'latest_mean' }), plan.fresh)).toBe(2.5);
    expect(cellText(plan, 1234.56, 1)).toEqual({ result_formatted: '1,234.6', highlight_color: '#FFFF00' });
  });
  it('a bad pattern matches nothing', () => {
    expect(planCell(col({ location_id_pattern: '(' }), [s('A', 'flow', 1)], now).state).toBe('not-applicable');
  });
});
