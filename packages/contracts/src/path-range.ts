import { z } from 'zod';
import { calendarDayOf, INTERVAL_STEP_LABELS, toCalendarDay, type CalendarDay, type DayRange, type Interval } from './calendar';
import { refineDayRange } from './calendar-schemas';

/**
 * A date range written in a path (the drill-down and comparison data routes): each end is a day
 * YYYY-MM-DD or a full ISO 8601 instant. The range is closed: both ends are included.
 * - 15-minute data is read from the start to the end: a plain start day from its district
 *   midnight, a plain end day to the end of that day, an instant exactly at that instant.
 * - Daily data is read by whole district days: an instant stands for the district day it falls on.
 */

/** A path range: the district days of its ends, and the ends' instants (ISO text, UTC) where the path gave instants. */
export interface PathRange extends DayRange {
  startAt: string | null;
  endAt: string | null;
}

/** One end of a path range. */
interface PathBound {
  text: string;
  day: CalendarDay;
  instant: string | null;
}

// A full ISO 8601 instant: a date, hours and minutes, optional seconds and fraction, and Z or a
// UTC offset (what a browser's toISOString() gives). Each field is range-checked here because
// Date.parse quietly rolls February 30 over into March.
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)$/;

const pathBound = (label: string, zone: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx): PathBound => {
      const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? toCalendarDay(text) : null;
      if (day) return { text, day, instant: null };
      const parts = ISO_INSTANT.exec(text);
      const instant = parts && toCalendarDay(parts[1]) ? Date.parse(text) : NaN;
      if (Number.isFinite(instant)) return { text, day: calendarDayOf(instant, zone), instant: new Date(instant).toISOString() };
      ctx.addIssue({
        code: 'custom',
        message: /^\d{4}-\d{2}-\d{2}$/.test(text)
          ? `${label} "${text}" is not a valid date (MM/dd/yyyy or YYYY-MM-DD)`
          : `${label} "${text.slice(0, 40)}" is not a date written YYYY-MM-DD or an ISO 8601 instant such as 2026-06-01T06:00:00.000Z`,
      });
      return z.NEVER;
    });

/** Path parts of a range in the district's zone; the object's superRefine checks order and span with refinePathRange. */
export function pathRangeShape(zone: string) {
  return { startDate: pathBound('startDate', zone), endDate: pathBound('endDate', zone) };
}

/** Start not after end (days, and instants when both ends are instants), at most MAX_RANGE_DAYS of the interval. */
export function refinePathRange(interval: Interval) {
  return (p: { startDate: PathBound; endDate: PathBound }, ctx: z.RefinementCtx) => {
    const { startDate: start, endDate: end } = p;
    if (start.instant && end.instant && start.day === end.day && start.instant > end.instant) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `endDate ${end.text} is before startDate ${start.text}` });
      return;
    }
    refineDayRange({ startDate: start.day, endDate: end.day }, interval, INTERVAL_STEP_LABELS[interval], ctx);
  };
}

/** The parsed path parts as a PathRange (other params kept). */
export function toPathRange<T extends { startDate: PathBound; endDate: PathBound }>(p: T): Omit<T, 'startDate' | 'endDate'> & PathRange {
  const { startDate, endDate, ...rest } = p;
  return { ...rest, startDate: startDate.day, endDate: endDate.day, startAt: startDate.instant, endAt: endDate.instant };
}
