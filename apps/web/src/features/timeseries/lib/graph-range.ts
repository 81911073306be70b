import { GRAPH_INTERVAL_LABELS, GRAPH_MAX_RANGE_DAYS, daysBetween, type GraphInterval } from '@portal/contracts';
import { DATE_FORMAT, districtToday } from '../../../lib/time';

/** Quick ranges of the panel (part 1 §9), longest first. */
export const QUICK_RANGE_DAYS = [365, 90, 45, 30, 10, 3] as const;
export type QuickRangeDays = (typeof QUICK_RANGE_DAYS)[number];
/** The panel opens on the last 3 days. */
export const DEFAULT_RANGE_DAYS: QuickRangeDays = 3;

/** 365 and 90 days of 15-minute data are not offered as quick ranges (part 1 §9). */
export function isQuickRangeDisabled(days: QuickRangeDays, interval: GraphInterval): boolean {
  return interval === '15min' && (days === 365 || days === 90);
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'YYYY-MM-DD' of an MM/dd/yyyy entry; null when it is not a real calendar date. */
export function parseDateEntry(text: string): string | null {
  const m = US_DATE.exec(text.trim());
  if (!m) return null;
  const [, mm, dd, yyyy] = m;
  const d = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (d.getUTCFullYear() !== Number(yyyy) || d.getUTCMonth() + 1 !== Number(mm) || d.getUTCDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** MM/dd/yyyy of a 'YYYY-MM-DD' day. */
export function toDateEntry(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** 'Last N days': from N days before today up to today (district calendar), as MM/dd/yyyy. */
export function lastDaysRange(days: number, now: Date = new Date()): { startDate: string; endDate: string } {
  const today = districtToday(now);
  const [y, m, d] = today.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
  return { startDate: toDateEntry(start), endDate: toDateEntry(today) };
}

/** The quick range that the entered dates are (counted back from today), or null for a range of one's own. */
export function activeQuickRange(startDate: string, endDate: string, now: Date = new Date()): QuickRangeDays | null {
  return (
    QUICK_RANGE_DAYS.find((days) => {
      const r = lastDaysRange(days, now);
      return r.startDate === startDate && r.endDate === endDate;
    }) ?? null
  );
}

/**
 * The range after the interval changes: a quick range the new interval does not offer (365 or 90
 * days when going back to 15-minute data) falls back to the default, the last 3 days (part 1 §9);
 * any other range, quick or typed, is kept.
 */
export function rangeForInterval(
  interval: GraphInterval,
  range: { startDate: string; endDate: string },
  now: Date = new Date(),
): { startDate: string; endDate: string } {
  const active = activeQuickRange(range.startDate, range.endDate, now);
  return active !== null && isQuickRangeDisabled(active, interval) ? lastDaysRange(DEFAULT_RANGE_DAYS, now) : range;
}

export interface RangeCheck {
  startError: string | null;
  endError: string | null;
  /** Both dates valid and in order: the request may go out. */
  ok: boolean;
}

/** Checks the entered range before calling the server; the messages sit under the fields. */
export function checkRange(startDate: string, endDate: string, interval: GraphInterval): RangeCheck {
  const start = parseDateEntry(startDate);
  const end = parseDateEntry(endDate);
  const startError = start ? null : `Enter the start date as ${DATE_FORMAT}`;
  let endError = end ? null : `Enter the end date as ${DATE_FORMAT}`;
  if (start && end) {
    const days = daysBetween(start, end);
    const max = GRAPH_MAX_RANGE_DAYS[interval];
    if (days < 0) endError = 'The end date is before the start date';
    else if (days > max) endError = `${GRAPH_INTERVAL_LABELS[interval]} covers at most ${max} days`;
  }
  return { startError, endError, ok: !startError && !endError };
}
