import { sql, type RawBuilder } from 'kysely';
import { calendarDayOf, DEFAULT_DISTRICT_TIME_ZONE, isValidTimeZone, todayIn, type CalendarDay } from '@portal/contracts';

/**
 * The one server helper for local days (docs/architecture.md: one home per concept). Every SQL conversion
 * between instants and the district's calendar days goes through these fragments, in the zone
 * of the DISTRICT_TIME_ZONE setting; main.ts, worker-main.ts and buildApp set it from the config.
 */
let zone = DEFAULT_DISTRICT_TIME_ZONE;

/** Sets the district zone for this process (from config.districtTimeZone). */
export function useDistrictTimeZone(next: string): void {
  if (!isValidTimeZone(next)) throw new Error(`Not an IANA time zone: ${next}`);
  zone = next;
}

/** The district's IANA zone in use. */
export function districtTimeZone(): string {
  return zone;
}

/** Calendar day of an instant in the district, the JS twin of `localDay(ts)`. */
export function localDateOf(ts: Date): CalendarDay {
  return calendarDayOf(ts, zone);
}

/** Today in the district. */
export function districtToday(now: Date = new Date()): CalendarDay {
  return todayIn(zone, now);
}

// A literal, not a parameter: the zone is a validated IANA name, and the planner sees the same
// expression in GROUP BY / DISTINCT as in the select list.
const zoneSql = () => sql.lit(zone);

/** `ts` (timestamptz) as the district's wall-clock timestamp. */
export function localTime(ts: unknown): RawBuilder<Date> {
  return sql<Date>`(${ts} at time zone ${zoneSql()})`;
}

/** The district calendar day (date) of `ts` (timestamptz). */
export function localDay(ts: unknown): RawBuilder<string> {
  return sql<string>`(${ts} at time zone ${zoneSql()})::date`;
}

/** Local midnight starting `day` (a date or 'YYYY-MM-DD'), as timestamptz. */
export function localDayStart(day: unknown): RawBuilder<Date> {
  return sql<Date>`(${day}::date::timestamp at time zone ${zoneSql()})`;
}

/** Local midnight ending `day` (the start of the next day), as timestamptz: 23 or 25 hours after the start on DST days. */
export function localDayEnd(day: unknown): RawBuilder<Date> {
  return sql<Date>`((${day}::date + 1)::timestamp at time zone ${zoneSql()})`;
}

/** `col` within the local days `start` to `end`, both inclusive: a range predicate the primary key can use. */
export function withinLocalDays(col: unknown, start: unknown, end: unknown): RawBuilder<boolean> {
  return sql<boolean>`(${col} >= ${localDayStart(start)} and ${col} < ${localDayEnd(end)})`;
}

/**
 * `col` within a closed path range (contracts' PathRange): from the start instant, or the start
 * day's local midnight, up to and including the end instant, or up to the end of the end day.
 */
export function withinPathRange(
  col: unknown,
  range: { startDate: string; endDate: string; startAt: string | null; endAt: string | null },
): RawBuilder<boolean> {
  const from = range.startAt === null ? sql`${col} >= ${localDayStart(range.startDate)}` : sql`${col} >= ${range.startAt}::timestamptz`;
  const to = range.endAt === null ? sql`${col} < ${localDayEnd(range.endDate)}` : sql`${col} <= ${range.endAt}::timestamptz`;
  return sql<boolean>`(${from} and ${to})`;
}
