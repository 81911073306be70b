import { lastDaysRange, type GraphInterval } from '@portal/contracts';
import type { PickedRange } from '../../../components/date-range/date-range-check';
import { districtToday } from '../../../lib/time';

/** Quick ranges of the panel, longest first. */
export const QUICK_RANGE_DAYS = [365, 90, 45, 30, 10, 3] as const;
export type QuickRangeDays = (typeof QUICK_RANGE_DAYS)[number];
/** The panel opens on the last 3 days. */
export const DEFAULT_RANGE_DAYS: QuickRangeDays = 3;

/** 365 and 90 days of 15-minute data are not offered as quick ranges. */
export function isQuickRangeDisabled(days: QuickRangeDays, interval: GraphInterval): boolean {
  return interval === '15min' && (days === 365 || days === 90);
}

/** 'Last N days' up to today in the district. */
export function quickRange(days: number, now: Date = new Date()): PickedRange {
  const r = lastDaysRange(days, districtToday(now));
  return { start: r.startDate, end: r.endDate };
}

/** The quick range that the picked days are (counted back from today), or null for a range of one's own. */
export function activeQuickRange(range: PickedRange, now: Date = new Date()): QuickRangeDays | null {
  return (
    QUICK_RANGE_DAYS.find((days) => {
      const r = quickRange(days, now);
      return r.start === range.start && r.end === range.end;
    }) ?? null
  );
}

/**
 * The range after the interval changes: a quick range the new interval does not offer (365 or 90
 * days when going back to 15-minute data) falls back to the default, the last 3 days;
 * any other range, quick or typed, is kept.
 */
export function rangeForInterval(interval: GraphInterval, range: PickedRange, now: Date = new Date()): PickedRange {
  const active = activeQuickRange(range, now);
  return active !== null && isQuickRangeDisabled(active, interval) ? quickRange(DEFAULT_RANGE_DAYS, now) : range;
}
