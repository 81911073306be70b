import { sql, type Expression, type SqlBool } from 'kysely';
import type { CalendarDay } from '@portal/contracts';
import type { Db } from '../../db/client';

/** SQL of the series normals read by the graphs and the map: day-of-year rows of series_normal_stats. */

export interface BandDayRow {
  date: string;
  day_of_year: string;
  sample_count: number;
  min: number | null;
  p10: number | null;
  p25: number | null;
  median: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

/** For each day from `start` to `end`, its day of year's stored row (count 0 and nulls where there is none). */
export async function readBandDays(
  db: Db,
  locationNdx: number,
  parameterNdx: number,
  start: CalendarDay,
  end: CalendarDay,
): Promise<BandDayRow[]> {
  const { rows } = await sql<BandDayRow>`
    select g.day::date::text as date, to_char(g.day, 'MM-DD') as day_of_year,
           coalesce(n.sample_count, 0) as sample_count, n.min_value as min, n.p10, n.p25,
           n.median_value as median, n.p75, n.p90, n.max_value as max
    from generate_series(${start}::date, ${end}::date, interval '1 day') as g(day)
    left join series_normal_stats n
      on n.location_ndx = ${locationNdx} and n.parameter_ndx = ${parameterNdx}
     and n.time_of_year_type = 'day_of_year' and n.time_of_year = to_char(g.day, 'MM-DD')
    order by g.day`.execute(db);
  return rows;
}

/** The location's series of a parameter with its unit (series_info), when the location has it. */
export async function readSeriesUnits(
  db: Db,
  locationNdx: number,
  parameterNdx: number,
): Promise<{ parameter_ndx: number; units: string | null } | undefined> {
  const { rows } = await sql<{ parameter_ndx: number; units: string | null }>`
    select si.parameter_ndx, si.unit_desc as units from series_info si
    where si.location_ndx = ${locationNdx} and si.parameter_ndx = ${parameterNdx}`.execute(db);
  return rows[0];
}

export interface LatestDailyRow {
  location_ndx: number;
  parameter_ndx: number;
  value_field: string | null;
  units: string | null;
  decimals: number | null;
  date: string;
  value: number;
  sample_count: number | null;
  min: number | null;
  max: number | null;
  p05: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  p95: number | null;
}

/**
 * Each series' latest daily mean at the locations `readable` (the caller's access predicate on
 * `l`) allows, with its day of year's stored statistics (nulls when there are none). One query.
 */
export async function readLatestDailyWithNormals(db: Db, readable: Expression<SqlBool>): Promise<LatestDailyRow[]> {
  const { rows } = await sql<LatestDailyRow>`
    select sl.location_ndx, sl.parameter_ndx, si.value_field, si.unit_desc as units, si.decimals,
           d.local_date::text as date, d.mean_value as value,
           n.sample_count, n.min_value as min, n.max_value as max, n.p05, n.p10, n.p25, n.p50, n.p75, n.p90, n.p95
    from series_latest sl
    join location l on l.location_ndx = sl.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    join lateral (
      select od.local_date, od.mean_value from observation_daily od
      where od.location_ndx = sl.location_ndx and od.parameter_ndx = sl.parameter_ndx
      order by od.local_date desc limit 1) d on true
    left join series_normal_stats n
      on n.location_ndx = sl.location_ndx and n.parameter_ndx = sl.parameter_ndx
     and n.time_of_year_type = 'day_of_year' and n.time_of_year = to_char(d.local_date, 'MM-DD')
    where ${readable}
    order by sl.location_ndx, p.display_order, sl.parameter_ndx`.execute(db);
  return rows;
}
