import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { LocationParameterTable } from '../../db/schema/facilities';

/** SQL of the facility dashboard. Reads go by series key: primary-key range scans. */

/** A facility's series with its graph settings (the location_parameter columns, as stored). */
export interface FacilitySeriesRow extends Pick<
  LocationParameterTable,
  'legend_label' | 'graph_series_color' | 'graph_line_type' | 'graph_line_width' | 'graph_series_type' | 'graph_area_opacity' | 'axis_label'
> {
  location_ndx: number;
  location_id: string;
  parameter_ndx: number;
  parameter_name: string;
  value_field: string | null;
  unit_desc: string | null;
  suppress_legend: boolean;
  last_timestamp: Date | null;
  last_value: number | null;
}

/**
 * The facility's dashboard series: array_location_ndx × array_parameter_ndx, keeping the pairs
 * that have a location_parameter row or data, in the facility's location order then parameter
 * display order. Unit: series_info's (the location's own unit for the parameter, else the parameter's).
 */
export async function listFacilitySeries(db: Db, facilityNdx: number): Promise<FacilitySeriesRow[]> {
  const { rows } = await sql<FacilitySeriesRow>`
    select l.location_ndx, l.location_id, p.parameter_ndx, p.parameter_name, p.value_field, si.unit_desc,
      lp.legend_label, lp.graph_series_color, lp.graph_line_type, lp.graph_line_width, lp.graph_series_type,
      lp.graph_area_opacity, lp.axis_label, coalesce(lp.suppress_legend, false) as suppress_legend,
      sl.last_timestamp, sl.last_value
    from facility f
    -- A location listed twice counts once, at its first place.
    cross join lateral (
      select u.location_ndx, min(u.ord) as ord from unnest(f.array_location_ndx) with ordinality as u(location_ndx, ord) group by u.location_ndx
    ) fl
    join location l on l.location_ndx = fl.location_ndx
    join parameter p on p.parameter_ndx = any (f.array_parameter_ndx)
    left join location_parameter lp on lp.location_ndx = l.location_ndx and lp.parameter_ndx = p.parameter_ndx
    left join series_latest sl on sl.location_ndx = l.location_ndx and sl.parameter_ndx = p.parameter_ndx
    join series_info si on si.location_ndx = l.location_ndx and si.parameter_ndx = p.parameter_ndx
    where f.facility_ndx = ${facilityNdx} and (lp.location_ndx is not null or sl.location_ndx is not null)
    order by fl.ord, p.display_order, p.parameter_ndx`.execute(db);
  return rows;
}

export interface SeriesKey {
  location_ndx: number;
  parameter_ndx: number;
}

const keyArrays = (keys: readonly SeriesKey[]) => ({
  locs: keys.map((k) => k.location_ndx),
  params: keys.map((k) => k.parameter_ndx),
});

export interface ObservationPoint extends SeriesKey {
  collect_timestamp: Date;
  result_value: number;
}

/** 15-minute observations of the series from `start` to `end`, both inclusive, oldest first per series. */
export async function listObservations(db: Db, keys: readonly SeriesKey[], start: Date, end: Date): Promise<ObservationPoint[]> {
  if (keys.length === 0) return [];
  const { locs, params } = keyArrays(keys);
  const { rows } = await sql<ObservationPoint>`
    select o.location_ndx, o.parameter_ndx, o.collect_timestamp, o.result_value
    from unnest(${locs}::int[], ${params}::int[]) as k(location_ndx, parameter_ndx)
    join observation o on o.location_ndx = k.location_ndx and o.parameter_ndx = k.parameter_ndx
      and o.collect_timestamp >= ${start} and o.collect_timestamp <= ${end}
    order by o.location_ndx, o.parameter_ndx, o.collect_timestamp`.execute(db);
  return rows;
}

export interface MonthlyDailyStats extends SeriesKey {
  collect_year: number;
  collect_month: number;
  /** Sum of the daily means (volume = sum × af-per-day factor). */
  sum_of_means: number;
  /** Mean of the daily means: every day with data weighs the same. */
  mean_of_means: number;
  day_count: number;
  last_date: string;
}

/** observation_daily per series and calendar month between two local days (inclusive). */
export async function listMonthlyDailyStats(
  db: Db,
  keys: readonly SeriesKey[],
  startDate: string,
  endDate: string,
): Promise<MonthlyDailyStats[]> {
  if (keys.length === 0) return [];
  const { locs, params } = keyArrays(keys);
  const { rows } = await sql<MonthlyDailyStats>`
    select d.location_ndx, d.parameter_ndx,
      date_part('year', d.local_date)::int as collect_year, date_part('month', d.local_date)::int as collect_month,
      sum(d.mean_value) as sum_of_means, avg(d.mean_value) as mean_of_means, count(*)::int as day_count,
      max(d.local_date)::text as last_date
    from unnest(${locs}::int[], ${params}::int[]) as k(location_ndx, parameter_ndx)
    join observation_daily d on d.location_ndx = k.location_ndx and d.parameter_ndx = k.parameter_ndx
      and d.local_date between ${startDate}::date and ${endDate}::date
    group by 1, 2, 3, 4
    order by 1, 2, 3, 4`.execute(db);
  return rows;
}
