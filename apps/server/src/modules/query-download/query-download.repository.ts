import type { QdFacilityType, QdParameterGroup } from '@portal/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { csvTextCellSql } from '../../db/csv-cell.repository';
import { localTime, withinLocalDays } from '../../db/local-day';

/** SQL of Query & Download. Observation reads are keyset batches over each series' primary key. */

/** Facility types of the "united" lists (facility_type.united_list_include), in display order. */
export function listUnitedFacilityTypes(db: Db): Promise<QdFacilityType[]> {
  return db
    .selectFrom('facility_type')
    .select(['facility_type_ndx', 'facility_type_desc'])
    .where('united_list_include', '=', true)
    .orderBy('display_order')
    .orderBy('facility_type_desc')
    .execute();
}

export function listParameterGroups(db: Db): Promise<QdParameterGroup[]> {
  return db
    .selectFrom('parameter_group')
    .select(['parameter_group_ndx', 'parameter_group_name'])
    .orderBy('display_order')
    .orderBy('parameter_group_name')
    .execute();
}

/** The keys of `ids` that are parameter groups. */
export async function existingParameterGroups(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const rows = await db.selectFrom('parameter_group').select('parameter_group_ndx').where('parameter_group_ndx', 'in', ids).execute();
  return new Set(rows.map((r) => r.parameter_group_ndx));
}

/** One series of the download: a location of a chosen facility and a parameter of a chosen group. */
export interface DownloadSeries {
  facility_name: string;
  facility_type_desc: string;
  location_ndx: number;
  location_id: string;
  location_name: string;
  parameter_ndx: number;
  parameter_name: string;
  units: string | null;
}

/**
 * Every series with data (series_latest) of the facilities' locations whose parameter belongs to
 * one of the groups, in the order of the file: facility (as the facility lists order them: type,
 * display order, name), location, parameter. A location shared
 * by two chosen facilities appears under each.
 */
export async function listDownloadSeries(db: Db, facilities: readonly number[], groups: readonly number[]): Promise<DownloadSeries[]> {
  const { rows } = await sql<DownloadSeries>`
    select f.facility_name, ft.facility_type_desc, l.location_ndx, l.location_id, l.location_name,
           p.parameter_ndx, p.parameter_name, si.unit_desc as units
    from facility f
    join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
    join facility_location fl on fl.facility_ndx = f.facility_ndx
    join location l on l.location_ndx = fl.location_ndx
    join series_latest sl on sl.location_ndx = l.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    where f.facility_ndx = any(${[...facilities]}::int[])
      and exists (select 1 from parameter_group_member m
                  where m.parameter_ndx = p.parameter_ndx and m.parameter_group_ndx = any(${[...groups]}::int[]))
    order by ft.facility_type_desc, f.display_order, f.facility_name, f.facility_ndx, l.display_order, l.location_id, p.display_order, p.parameter_name`.execute(
    db,
  );
  return rows;
}

/** A 15-minute row as the file writes it; `after` is the keyset cursor (ISO instant). */
export interface FifteenMinuteRow {
  local_text: string;
  offset_minutes: number;
  value: number;
  data_source: string | null;
  qualifiers: string | null;
  cursor: string;
}

/**
 * Up to `limit` readings of one series after `after` (exclusive; null = from the start), from local
 * midnight of startDate to local midnight after endDate (district time zone). The local text and the
 * offset come from PostgreSQL so the repeated 01:00 hour of a DST fall-back stays unambiguous.
 */
export async function fifteenMinuteBatch(
  db: Db,
  series: { location_ndx: number; parameter_ndx: number },
  range: { startDate: string; endDate: string },
  after: string | null,
  limit: number,
): Promise<FifteenMinuteRow[]> {
  const { rows } = await sql<FifteenMinuteRow>`
    select to_char(${localTime(sql.ref('o.collect_timestamp'))}, 'MM/DD/YYYY HH24:MI') as local_text,
           (date_part('epoch', ${localTime(sql.ref('o.collect_timestamp'))} - (o.collect_timestamp at time zone 'UTC')) / 60)::int as offset_minutes,
           o.result_value as value, ds.data_source, o.qualifiers,
           to_char(o.collect_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
    from observation o
    left join data_source ds on ds.datasrc_ndx = o.datasrc_ndx
    where o.location_ndx = ${series.location_ndx} and o.parameter_ndx = ${series.parameter_ndx}
      and ${withinLocalDays(sql.ref('o.collect_timestamp'), range.startDate, range.endDate)}
      and (${after}::timestamptz is null or o.collect_timestamp > ${after}::timestamptz)
    order by o.collect_timestamp
    limit ${limit}`.execute(db);
  return rows;
}

/** One batch of the 15-minute file as CSV text, written by PostgreSQL (see fifteenMinuteCsvBatch). */
export interface FifteenMinuteCsvBatch {
  /** The batch's lines, each ending in CRLF; null when the batch is empty. */
  text: string | null;
  rows: number;
  /** The last row's instant (ISO), the keyset cursor of the next batch. */
  cursor: string | null;
  /** Some value's text differs from JavaScript's number form (exponent, -0): format this batch in JavaScript instead. */
  js_values: boolean;
}

/**
 * The same rows as fifteenMinuteBatch, formatted as CSV lines by PostgreSQL (`lead` = the series'
 * first six cells and their commas): a download then costs the server one string per batch, not
 * work per row (bench/export.bench.ts, decision 0021). Values are float8 text (shortest
 * round-trip, as JavaScript writes numbers) unless `js_values` says a batch needs JavaScript's form.
 */
export async function fifteenMinuteCsvBatch(
  db: Db,
  series: { location_ndx: number; parameter_ndx: number },
  lead: string,
  range: { startDate: string; endDate: string },
  after: string | null,
  limit: number,
): Promise<FifteenMinuteCsvBatch> {
  const offset = sql.ref('b.offset_minutes');
  const offsetText = sql`(case when ${offset} < 0 then '-' else '+' end || lpad((abs(${offset}) / 60)::text, 2, '0') || ':' || lpad((abs(${offset}) % 60)::text, 2, '0'))`;
  const { rows } = await sql<FifteenMinuteCsvBatch>`
    select string_agg(${lead}::text || b.local_text || ',' || ${offsetText} || ',' || b.value_text || ',' || coalesce(b.source_cell, '') || ','
                      || ${csvTextCellSql(sql.ref('b.qualifiers'))} || E'\r\n', '' order by b.collect_timestamp) as text,
           count(*)::int as rows,
           to_char(max(b.collect_timestamp) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor,
           coalesce(bool_or(position('e' in b.value_text) > 0 or b.value_text = '-0'), false) as js_values
    from (
      select o.collect_timestamp, to_char(${localTime(sql.ref('o.collect_timestamp'))}, 'MM/DD/YYYY HH24:MI') as local_text,
             (date_part('epoch', ${localTime(sql.ref('o.collect_timestamp'))} - (o.collect_timestamp at time zone 'UTC')) / 60)::int as offset_minutes,
             o.result_value::text as value_text, ds.source_cell, o.qualifiers
      from observation o
      -- Each source's cell is formatted once, not once a row ("offset 0" keeps the subquery from being merged into the join).
      left join (select datasrc_ndx, ${csvTextCellSql(sql.ref('data_source'))} as source_cell from data_source offset 0) ds on ds.datasrc_ndx = o.datasrc_ndx
      where o.location_ndx = ${series.location_ndx} and o.parameter_ndx = ${series.parameter_ndx}
        and ${withinLocalDays(sql.ref('o.collect_timestamp'), range.startDate, range.endDate)}
        and (${after}::timestamptz is null or o.collect_timestamp > ${after}::timestamptz)
      order by o.collect_timestamp
      limit ${limit}
    ) b`.execute(db);
  return rows[0];
}

export interface DailyRow {
  local_date: string;
  mean_value: number;
  min_value: number;
  max_value: number;
  value_count: number;
  data_source: string | null;
  /** Qualifiers of the day's last reading. */
  qualifiers: string | null;
  cursor: string;
}

/** Up to `limit` daily rollups of one series after the day `after` (exclusive), startDate..endDate inclusive; means rounded to the parameter's decimals. */
export async function dailyBatch(
  db: Db,
  series: { location_ndx: number; parameter_ndx: number },
  range: { startDate: string; endDate: string },
  after: string | null,
  limit: number,
): Promise<DailyRow[]> {
  // The day's source is the one of its last reading (as the graph API reports it).
  const { rows } = await sql<DailyRow>`
    select to_char(d.local_date, 'MM/DD/YYYY') as local_date, round(d.mean_value::numeric, p.decimals)::float8 as mean_value, d.min_value, d.max_value, d.value_count,
           ds.data_source, o.qualifiers, d.local_date::text as cursor
    from observation_daily d
    join parameter p on p.parameter_ndx = d.parameter_ndx
    left join observation o on o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx
                           and o.collect_timestamp = d.last_timestamp
    left join data_source ds on ds.datasrc_ndx = o.datasrc_ndx
    where d.location_ndx = ${series.location_ndx} and d.parameter_ndx = ${series.parameter_ndx}
      and d.local_date between ${range.startDate}::date and ${range.endDate}::date
      and (${after}::date is null or d.local_date > ${after}::date)
    order by d.local_date
    limit ${limit}`.execute(db);
  return rows;
}
