import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { PERCENTILES, type DailyMean, type IntervalStat, type NormalStat } from './statistics-compute';

/** SQL of the series statistics (tables series_normal_stats, series_interval_stats, series_stats_pending). */

export interface SeriesDays {
  locationNdx: number;
  parameterNdx: number;
  /** The local days touched, 'YYYY-MM-DD'. */
  firstDate: string;
  lastDate: string;
}

/** The daily means a recompute of touched rows needs: its months of every year, and its intervals' days. */
export interface DailyMeansNeeded {
  /** Months of year, 'MM': every year's days of these months (their days and months of year). */
  months: ReadonlySet<string>;
  /** The touched intervals' first day and the first day after the last one, 'YYYY-MM-DD'. */
  from: string;
  before: string;
}

/**
 * The daily means of a series, oldest first: every one, or those `needed` names. A day counts as
 * approved when its last reading carries the qualifier A (USGS's Approved, as imports keep it).
 */
export async function readDailyMeans(db: Db, locationNdx: number, parameterNdx: number, needed?: DailyMeansNeeded): Promise<DailyMean[]> {
  const only = needed
    ? sql`and (to_char(d.local_date, 'MM') = any(${[...needed.months]}::text[])
               or (d.local_date >= ${needed.from}::date and d.local_date < ${needed.before}::date))`
    : sql``;
  const { rows } = await sql<DailyMean>`
    select d.local_date::text as date, d.mean_value as value,
           coalesce('A' = any(string_to_array(replace(o.qualifiers, ' ', ''), ',')), false) as approved
    from observation_daily d
    left join observation o on o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx
                           and o.collect_timestamp = d.last_timestamp
    where d.location_ndx = ${locationNdx} and d.parameter_ndx = ${parameterNdx} ${only}
    order by d.local_date`.execute(db);
  return rows;
}

/** Notes the days of each series a write touched; a series already waiting widens its span. */
export async function markStatisticsPending(db: Db, items: readonly SeriesDays[]): Promise<void> {
  if (items.length === 0) return;
  await sql`
    insert into series_stats_pending as p (location_ndx, parameter_ndx, first_date, last_date)
    select * from unnest(${items.map((i) => i.locationNdx)}::int[], ${items.map((i) => i.parameterNdx)}::int[],
                         ${items.map((i) => i.firstDate)}::date[], ${items.map((i) => i.lastDate)}::date[])
    on conflict (location_ndx, parameter_ndx) do update
      set first_date = least(p.first_date, excluded.first_date), last_date = greatest(p.last_date, excluded.last_date)`.execute(db);
}

/** Takes one waiting series off the list, in the caller's transaction (others may take others meanwhile). */
export async function takePendingSeries(trx: Db): Promise<SeriesDays | undefined> {
  const { rows } = await sql<SeriesDays>`
    delete from series_stats_pending
    where (location_ndx, parameter_ndx) = (
      select location_ndx, parameter_ndx from series_stats_pending order by location_ndx, parameter_ndx limit 1 for update skip locked)
    returning location_ndx as "locationNdx", parameter_ndx as "parameterNdx", first_date::text as "firstDate", last_date::text as "lastDate"`.execute(
    trx,
  );
  return rows[0];
}

/** Every series with daily means, for a full recompute. */
export async function seriesWithDailyMeans(db: Db): Promise<{ locationNdx: number; parameterNdx: number }[]> {
  const { rows } = await sql<{ locationNdx: number; parameterNdx: number }>`
    select location_ndx as "locationNdx", parameter_ndx as "parameterNdx" from series_latest order by 1, 2`.execute(db);
  return rows;
}

/** What to replace: the touched keys, or everything of the series (null). */
export interface StatisticsScope {
  days: Set<string>;
  months: Set<string>;
  intervals: Set<string>;
}

/** Replaces a series' statistics rows in `scope` (all of them for null) with the given ones. */
export async function replaceSeriesStatistics(
  trx: Db,
  locationNdx: number,
  parameterNdx: number,
  scope: StatisticsScope | null,
  normals: readonly NormalStat[],
  intervals: readonly IntervalStat[],
): Promise<void> {
  const series = sql`location_ndx = ${locationNdx} and parameter_ndx = ${parameterNdx}`;
  if (scope === null) {
    await sql`delete from series_normal_stats where ${series}`.execute(trx);
    await sql`delete from series_interval_stats where ${series}`.execute(trx);
  } else {
    await sql`delete from series_normal_stats where ${series} and (
                (time_of_year_type = 'day_of_year' and time_of_year = any(${[...scope.days]}::text[]))
             or (time_of_year_type = 'month_of_year' and time_of_year = any(${[...scope.months]}::text[])))`.execute(trx);
    await sql`delete from series_interval_stats where ${series}
               and (interval_type || ' ' || start_date::text) = any(${[...scope.intervals]}::text[])`.execute(trx);
  }
  if (normals.length) {
    const col = (i: number) => normals.map((n) => n.percentiles[i]);
    await sql`
      insert into series_normal_stats (location_ndx, parameter_ndx, time_of_year_type, time_of_year, sample_count,
        min_value, max_value, mean_value, median_value, p05, p10, p25, p50, p75, p90, p95, approval_status)
      select ${locationNdx}, ${parameterNdx}, * from unnest(
        ${normals.map((n) => n.timeOfYearType)}::text[], ${normals.map((n) => n.timeOfYear)}::text[],
        ${normals.map((n) => n.sampleCount)}::int[], ${normals.map((n) => n.min)}::float8[], ${normals.map((n) => n.max)}::float8[],
        ${normals.map((n) => n.mean)}::float8[], ${normals.map((n) => n.median)}::float8[],
        ${col(0)}::float8[], ${col(1)}::float8[], ${col(2)}::float8[], ${col(3)}::float8[], ${col(4)}::float8[],
        ${col(5)}::float8[], ${col(6)}::float8[], ${normals.map((n) => n.approvalStatus)}::text[])`.execute(trx);
  }
  if (intervals.length) {
    await sql`
      insert into series_interval_stats (location_ndx, parameter_ndx, interval_type, start_date, end_date, sample_count,
        min_value, max_value, mean_value, approval_status)
      select ${locationNdx}, ${parameterNdx}, * from unnest(
        ${intervals.map((n) => n.intervalType)}::text[], ${intervals.map((n) => n.startDate)}::date[],
        ${intervals.map((n) => n.endDate)}::date[], ${intervals.map((n) => n.sampleCount)}::int[],
        ${intervals.map((n) => n.min)}::float8[], ${intervals.map((n) => n.max)}::float8[], ${intervals.map((n) => n.mean)}::float8[],
        ${intervals.map((n) => n.approvalStatus)}::text[])`.execute(trx);
  }
}

/** The percentiles the normals table keeps, in its column order. */
export const STORED_PERCENTILES = PERCENTILES;
