/**
 * The one home of calendar days (docs/architecture.md): the district time zone, the
 * calendar-day type, 'N days before', day ranges with their longest span per interval, the
 * interval names and the water year. Server, web, tests, e2e, bench and seed all use these;
 * the zone itself is the DISTRICT_TIME_ZONE setting, this is only its default.
 */

/** Default of DISTRICT_TIME_ZONE: local days, daily rollups and displayed times use the district's zone. */
export const DEFAULT_DISTRICT_TIME_ZONE = 'America/Denver';

/** True when Intl knows the IANA zone name (e.g. 'America/Denver'); false for 'Mars/Base' or ''. */
export function isValidTimeZone(zone: string): boolean {
  // IANA names only: Intl also takes offsets like '+05:00', which PostgreSQL reads with the opposite sign.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A calendar day 'YYYY-MM-DD' that exists (no 02/30); obtain one from calendarDaySchema or the helpers below. */
export type CalendarDay = string & { readonly __calendarDay: unique symbol };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DAY_MS = 86_400_000;

function dayOf(y: number, m: number, d: number): CalendarDay | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 02/30 over into March: a round trip catches impossible days.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() + 1 !== m || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10) as CalendarDay;
}

/** The calendar day of 'YYYY-MM-DD' only; null when the text is not a real date. */
export function toCalendarDay(text: string): CalendarDay | null {
  const iso = ISO_DAY.exec(text.trim());
  return iso && Number(iso[1]) >= 1000 ? dayOf(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** The calendar day of text written YYYY-MM-DD or MM/dd/yyyy; null when not a real date. */
export function parseCalendarDay(text: string): CalendarDay | null {
  const us = US_DAY.exec(text.trim());
  if (us) return Number(us[3]) >= 1000 ? dayOf(Number(us[3]), Number(us[1]), Number(us[2])) : null;
  return toCalendarDay(text);
}

/** MM/dd/yyyy of a calendar day: how pickers, tables and messages show a day. */
export function formatCalendarDayUs(day: CalendarDay): string {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
}

/** Whole days from one calendar day to another (negative when `end` is earlier). */
export function daysBetween(start: CalendarDay, end: CalendarDay): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10) as CalendarDay;
}

/** 'N days before': the calendar day `days` before `day`. */
export function daysBefore(day: CalendarDay, days: number): CalendarDay {
  return addDays(day, -days);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsIn(instant: number, zone: string): Record<string, number> {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormats.set(zone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Calendar day of an instant in a zone; matches SQL `(ts at time zone zone)::date`. */
export function calendarDayOf(instant: Date | number, zone: string): CalendarDay {
  const p = partsIn(typeof instant === 'number' ? instant : instant.getTime(), zone);
  return dayOf(p.year, p.month, p.day) as CalendarDay;
}

/** The zone's wall clock at an instant as 'YYYY-MM-DD HH:MM:SS' (how CDSS and loggers write times). */
export function wallClockText(instant: Date | number, zone: string): string {
  const p = partsIn(typeof instant === 'number' ? instant : instant.getTime(), zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${dayOf(p.year, p.month, p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** Today in the zone. */
export function todayIn(zone: string, now: Date = new Date()): CalendarDay {
  return calendarDayOf(now, zone);
}

/** Offset of the zone's wall clock from UTC at an instant, in ms (Denver summer: -6 h). */
export function zoneOffsetMs(instant: number, zone: string): number {
  const p = partsIn(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant of local midnight that starts `day` in the zone; matches SQL `day::timestamp at time zone zone`. */
export function startOfDay(day: CalendarDay, zone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  // Two rounds settle the offset on either side of a DST change.
  const first = wall - zoneOffsetMs(wall, zone);
  return new Date(wall - zoneOffsetMs(first, zone));
}

/** Instants bounding a local day: [start, end) — 23 or 25 hours long on DST change days. */
export function dayBounds(day: CalendarDay, zone: string): { start: Date; end: Date } {
  return { start: startOfDay(day, zone), end: startOfDay(addDays(day, 1), zone) };
}

/* ------------------------------------------------------------------ intervals */

/** The two data intervals: 15-minute readings and daily rollups. */
export const INTERVALS = ['15min', 'daily'] as const;
export type Interval = (typeof INTERVALS)[number];

/** How the graph panel names an interval. */
export const INTERVAL_GRAPH_LABELS: Record<Interval, string> = { '15min': '15-Minute Data', daily: 'Daily Data' };
/** How Query & Download and the comparisons name a time step. */
export const INTERVAL_STEP_LABELS: Record<Interval, string> = { '15min': '15 Minutes', daily: 'Daily' };
/** API path segment and link spelling of an interval ('data-15min' / 'data-daily'). */
export const INTERVAL_ROUTE_SEGMENTS = { '15min': 'data-15min', daily: 'data-daily' } as const satisfies Record<Interval, string>;

/** The interval of '15min', 'daily', 'data-15min' or 'data-daily'; null for anything else. */
export function parseInterval(text: string | null | undefined): Interval | null {
  const bare = (text ?? '').trim().replace(/^data-/, '');
  return (INTERVALS as readonly string[]).includes(bare) ? (bare as Interval) : null;
}

/** Widest range per interval, in days (end - start): ~3 years of 15-minute data (~105,000 rows a series), 100 years of days. */
export const MAX_RANGE_DAYS: Record<Interval, number> = { '15min': 3 * 366, daily: 100 * 366 };

/* ------------------------------------------------------------------ ranges */

/** A range of calendar days, both inclusive. */
export interface DayRange {
  startDate: CalendarDay;
  endDate: CalendarDay;
}

/** 'Last N days': N days before today up to today. */
export function lastDaysRange(days: number, today: CalendarDay): DayRange {
  return { startDate: daysBefore(today, days), endDate: today };
}

export type DayRangeProblem = { kind: 'order' } | { kind: 'span'; days: number; max: number };

/** What is wrong with a range for an interval: end before start, or longer than the interval's maximum; null when fine. */
export function dayRangeProblem(range: DayRange, interval: Interval): DayRangeProblem | null {
  const days = daysBetween(range.startDate, range.endDate);
  if (days < 0) return { kind: 'order' };
  const max = MAX_RANGE_DAYS[interval];
  return days > max ? { kind: 'span', days, max } : null;
}

/** One sentence for a range problem, naming the interval with `label`. */
export function dayRangeMessage(problem: DayRangeProblem, label: string): string {
  if (problem.kind === 'order') return 'The end date is before the start date';
  return `The date range is too long for ${label}: at most ${problem.max} days (about ${Math.round(problem.max / 366)} years), got ${problem.days}`;
}

/* ------------------------------------------------------------------ water year */

/** The water year runs April 1 to March 31 and is named by the year it starts in (decision 0008). */
export const WATER_YEAR_START_MONTH = 4;

/** Water year (start year) of a calendar day. */
export function waterYearOf(day: CalendarDay): number {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month >= WATER_YEAR_START_MONTH ? year : year - 1;
}

/** First and last calendar day of a water year, inclusive. */
export function waterYearRange(waterYear: number): { start: CalendarDay; end: CalendarDay } {
  const start = dayOf(waterYear, WATER_YEAR_START_MONTH, 1) as CalendarDay;
  return { start, end: addDays(dayOf(waterYear + 1, WATER_YEAR_START_MONTH, 1) as CalendarDay, -1) };
}
