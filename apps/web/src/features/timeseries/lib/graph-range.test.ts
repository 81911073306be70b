import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '@portal/contracts';
import { activeQuickRange, isQuickRangeDisabled, quickRange, QUICK_RANGE_DAYS, rangeForInterval } from './graph-range';

const range = (start: string, end: string) => ({ start: start as CalendarDay, end: end as CalendarDay });

describe('quick ranges', () => {
  it('offers 365, 90, 45, 30, 10 and 3 days; 365 and 90 only for daily data', () => {
    expect(QUICK_RANGE_DAYS).toEqual([365, 90, 45, 30, 10, 3]);
    expect(QUICK_RANGE_DAYS.filter((d) => isQuickRangeDisabled(d, '15min'))).toEqual([365, 90]);
    expect(QUICK_RANGE_DAYS.filter((d) => isQuickRangeDisabled(d, 'daily'))).toEqual([]);
  });

  it('counts back from today in the district, not in UTC', () => {
    // 03:00 UTC on March 1 is still the evening of February 28 in the district (default zone).
    expect(quickRange(3, new Date('2026-03-01T03:00:00Z'))).toEqual(range('2026-02-25', '2026-02-28'));
    expect(quickRange(365, new Date('2024-12-31T18:00:00Z'))).toEqual(range('2024-01-01', '2024-12-31'));
  });
});

describe('switching the interval', () => {
  const now = new Date('2026-03-10T18:00:00Z');

  it('knows which quick range the days are', () => {
    expect(activeQuickRange(range('2026-02-08', '2026-03-10'), now)).toBe(30);
    expect(activeQuickRange(range('2025-03-10', '2026-03-10'), now)).toBe(365);
    expect(activeQuickRange(range('2026-03-01', '2026-03-10'), now)).toBeNull();
    expect(activeQuickRange({ start: null, end: range('2026-03-10', '2026-03-10').end }, now)).toBeNull();
  });

  it('falls back to the last 3 days when 15-minute data does not offer the quick range (365, 90)', () => {
    const last3 = range('2026-03-07', '2026-03-10');
    expect(rangeForInterval('15min', quickRange(365, now), now)).toEqual(last3);
    expect(rangeForInterval('15min', quickRange(90, now), now)).toEqual(last3);
  });

  it('keeps quick ranges the interval offers and ranges typed by hand', () => {
    expect(rangeForInterval('15min', quickRange(45, now), now)).toEqual(quickRange(45, now));
    expect(rangeForInterval('daily', quickRange(365, now), now)).toEqual(quickRange(365, now));
    // A typed year is not the quick range: 15-minute data may cover it (up to 1098 days).
    const typed = range('2025-03-01', '2026-03-10');
    expect(rangeForInterval('15min', typed, now)).toEqual(typed);
  });
});
