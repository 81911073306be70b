import {
  addDays,
  calendarDayOf,
  DATA_REVIEW_MAX_DAYS,
  daysBetween,
  lastDaysRange,
  startOfDay,
  wallClockText,
  zoneOffsetMs,
  type CalendarDay,
} from '@portal/contracts';
import type { PickedRange } from '../../../components/date-range/date-range-check';
import { DATE_FORMAT } from '../../../lib/time';

/** The page opens on the last 30 days, today included. */
export function defaultDays(today: CalendarDay): PickedRange {
  const r = lastDaysRange(29, today);
  return { start: r.startDate, end: r.endDate };
}

/** Messages under the date fields: both days, in order, at most DATA_REVIEW_MAX_DAYS apart. */
export function checkReviewDays(range: PickedRange): { startError: string | null; endError: string | null; ok: boolean } {
  const startError = range.start ? null : `Enter the start date as ${DATE_FORMAT}`;
  let endError = range.end ? null : `Enter the end date as ${DATE_FORMAT}`;
  if (range.start && range.end) {
    const days = daysBetween(range.start, range.end);
    if (days < 0) endError = 'The end date is before the start date';
    else if (days + 1 > DATA_REVIEW_MAX_DAYS) endError = `Choose at most ${DATA_REVIEW_MAX_DAYS} days`;
  }
  return { startError, endError, ok: !startError && !endError };
}

/** The instants the days cover in the zone: from the first day's midnight to the last moment of the last day. */
export function daysToInstants(start: CalendarDay, end: CalendarDay, zone: string): { start: string; end: string } {
  return { start: startOfDay(start, zone).toISOString(), end: new Date(startOfDay(addDays(end, 1), zone).getTime() - 1).toISOString() };
}

/** The days to read for a flagged period: a day either side of it, at most DATA_REVIEW_MAX_DAYS. */
export function daysAround(startIso: string, endIso: string, zone: string): PickedRange {
  const start = addDays(calendarDayOf(Date.parse(startIso), zone), -1);
  let end = addDays(calendarDayOf(Date.parse(endIso), zone), 1);
  if (daysBetween(start, end) + 1 > DATA_REVIEW_MAX_DAYS) end = addDays(start, DATA_REVIEW_MAX_DAYS - 1);
  return { start, end };
}

/** An instant as the zone's wall clock for a datetime-local field: 'YYYY-MM-DDTHH:MM'. */
export function toWallClockInput(iso: string, zone: string): string {
  return wallClockText(Date.parse(iso), zone).slice(0, 16).replace(' ', 'T');
}

/** A datetime-local field's 'YYYY-MM-DDTHH:MM' in the zone as an ISO instant; null when not a date and time. */
export function fromWallClockInput(text: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(text);
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return null;
  // Two rounds settle the offset on either side of a DST change.
  const first = wall - zoneOffsetMs(wall, zone);
  return new Date(wall - zoneOffsetMs(first, zone)).toISOString();
}
