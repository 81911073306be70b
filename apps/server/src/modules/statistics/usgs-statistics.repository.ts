import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { parameterCodeOf } from '../ogcapi/index';

/** SQL of the statistics service in USGS's shape: which locations a page holds, and their statistics rows. */

/** What a statistics request selects, already turned into the portal's numbers. */
export interface StatisticsScope {
  /** The caller's read access on `l`. */
  readable: RawBuilder<SqlBool>;
  locations?: number[];
  /** Parameter codes or numbers. */
  parameters?: string[];
  /** Daily series ids ('12-3-daily'). */
  series?: { location: number; parameter: number }[];
  approvalStatus?: 'approved' | 'provisional';
  stateCodes?: string[];
  countyCodes?: string[];
  countryCodes?: string[];
  siteTypes?: string[];
}

export interface StatisticsLocation {
  location_ndx: number;
  location_name: string;
  longitude: number | null;
  latitude: number | null;
  site_type: string | null;
  fips: string | null;
}

function scopeOf(s: StatisticsScope, table: 'n' | 'i'): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [s.readable];
  if (s.locations) parts.push(sql`l.location_ndx = any(${s.locations}::int[])`);
  if (s.parameters) parts.push(sql`${parameterCodeOf('p')} = any(${s.parameters}::text[])`);
  if (s.series) {
    parts.push(
      sql`(l.location_ndx, p.parameter_ndx) in (select * from unnest(${s.series.map((x) => x.location)}::int[], ${s.series.map((x) => x.parameter)}::int[]))`,
    );
  }
  if (s.approvalStatus) parts.push(sql`${sql.ref(`${table}.approval_status`)} = ${s.approvalStatus}`);
  if (s.stateCodes) parts.push(sql`left(c.fips, 2) = any(${s.stateCodes}::text[])`);
  if (s.countyCodes) parts.push(sql`(right(c.fips, 3) = any(${s.countyCodes}::text[]) or c.fips = any(${s.countyCodes}::text[]))`);
  if (s.countryCodes) parts.push(s.countryCodes.includes('US') ? sql`c.fips ~ '^\\d{5}$'` : sql`false`);
  if (s.siteTypes) parts.push(sql`lt.location_type_desc = any(${s.siteTypes}::text[])`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

const FROM = (stats: RawBuilder<unknown>, alias: 'n' | 'i') => sql`
  from ${stats} ${sql.ref(alias)}
  join location l on l.location_ndx = ${sql.ref(`${alias}.location_ndx`)}
  join parameter p on p.parameter_ndx = ${sql.ref(`${alias}.parameter_ndx`)}
  left join county c on c.county_ndx = l.county_ndx
  left join location_type lt on lt.location_type_ndx = l.location_type_ndx`;

/** The page's locations: those after `after` with statistics in the scope, at most `limit` + 1 (to tell whether more follow). */
export async function statisticsLocations(
  db: Db,
  kind: 'normals' | 'intervals',
  scope: StatisticsScope,
  rowCondition: RawBuilder<SqlBool>,
  after: number,
  limit: number,
): Promise<StatisticsLocation[]> {
  const alias = kind === 'normals' ? 'n' : 'i';
  const table = kind === 'normals' ? sql`series_normal_stats` : sql`series_interval_stats`;
  const { rows } = await sql<StatisticsLocation>`
    select l.location_ndx, l.location_name, l.longitude, l.latitude, lt.location_type_desc as site_type, c.fips
    from location l
    left join county c on c.county_ndx = l.county_ndx
    left join location_type lt on lt.location_type_ndx = l.location_type_ndx
    where l.location_ndx > ${after} and exists (
      select 1 ${FROM(table, alias)}
      where ${sql.ref(`${alias}.location_ndx`)} = l.location_ndx and ${scopeOf(scope, alias)} and ${rowCondition})
    order by l.location_ndx
    limit ${limit + 1}`.execute(db);
  return rows;
}

export interface NormalRow {
  location_ndx: number;
  parameter_ndx: number;
  parameter_code: string;
  unit: string | null;
  time_of_year_type: 'day_of_year' | 'month_of_year';
  time_of_year: string;
  sample_count: number;
  min_value: number;
  max_value: number;
  mean_value: number;
  median_value: number;
  percentiles: (number | null)[];
  approval_status: 'approved' | 'provisional';
}

/** Normals of the given locations in the scope, by location, parameter code and time of year. */
export async function normalRows(
  db: Db,
  locations: number[],
  scope: StatisticsScope,
  rowCondition: RawBuilder<SqlBool>,
): Promise<NormalRow[]> {
  const { rows } = await sql<NormalRow>`
    select n.location_ndx, n.parameter_ndx, ${parameterCodeOf('p')} as parameter_code, si.unit_desc as unit,
           n.time_of_year_type, n.time_of_year, n.sample_count, n.min_value, n.max_value, n.mean_value, n.median_value,
           array[n.p05, n.p10, n.p25, n.p50, n.p75, n.p90, n.p95] as percentiles, n.approval_status
    ${FROM(sql`series_normal_stats`, 'n')}
    join series_info si on si.location_ndx = n.location_ndx and si.parameter_ndx = n.parameter_ndx
    where n.location_ndx = any(${locations}::int[]) and ${scopeOf(scope, 'n')} and ${rowCondition}
    order by n.location_ndx, 3, n.time_of_year_type, n.time_of_year`.execute(db);
  return rows;
}

export interface IntervalRow {
  location_ndx: number;
  parameter_ndx: number;
  parameter_code: string;
  unit: string | null;
  interval_type: 'month' | 'calendar_year' | 'water_year';
  start_date: string;
  end_date: string;
  sample_count: number;
  min_value: number;
  max_value: number;
  mean_value: number;
  approval_status: 'approved' | 'provisional';
}

/** Intervals of the given locations in the scope, by location, parameter code, type and start. */
export async function intervalRows(
  db: Db,
  locations: number[],
  scope: StatisticsScope,
  rowCondition: RawBuilder<SqlBool>,
): Promise<IntervalRow[]> {
  const { rows } = await sql<IntervalRow>`
    select i.location_ndx, i.parameter_ndx, ${parameterCodeOf('p')} as parameter_code, si.unit_desc as unit,
           i.interval_type, i.start_date::text as start_date, i.end_date::text as end_date, i.sample_count,
           i.min_value, i.max_value, i.mean_value, i.approval_status
    ${FROM(sql`series_interval_stats`, 'i')}
    join series_info si on si.location_ndx = i.location_ndx and si.parameter_ndx = i.parameter_ndx
    where i.location_ndx = any(${locations}::int[]) and ${scopeOf(scope, 'i')} and ${rowCondition}
    order by i.location_ndx, 3, i.interval_type, i.start_date`.execute(db);
  return rows;
}

/** Normals within the MM-DD range (a range across the new year wraps) and of one kind. */
export function normalCondition(q: { startDate?: string; endDate?: string; normalType?: 'DOY' | 'MOY' }): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (q.normalType) parts.push(sql`n.time_of_year_type = ${q.normalType === 'DOY' ? 'day_of_year' : 'month_of_year'}`);
  if (q.startDate || q.endDate) {
    // A month of year is in range when any of its days is.
    const from = q.startDate ?? '01-01';
    const to = q.endDate ?? '12-31';
    const key = sql`(case when n.time_of_year_type = 'day_of_year' then n.time_of_year end)`;
    const month = sql`left(n.time_of_year, 2)`;
    const inRange =
      from <= to
        ? sql`(${key} between ${from} and ${to} or (${key} is null and ${month} between ${from.slice(0, 2)} and ${to.slice(0, 2)}))`
        : sql`(${key} >= ${from} or ${key} <= ${to} or (${key} is null and (${month} >= ${from.slice(0, 2)} or ${month} <= ${to.slice(0, 2)})))`;
    parts.push(inRange);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Intervals of the given types that lie within start..end (either open). */
export function intervalCondition(q: { startDate?: string; endDate?: string; types?: string[] }): RawBuilder<SqlBool> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (q.types) parts.push(sql`i.interval_type = any(${q.types}::text[])`);
  if (q.startDate) parts.push(sql`i.start_date >= ${q.startDate}::date`);
  if (q.endDate) parts.push(sql`i.end_date <= ${q.endDate}::date`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}
