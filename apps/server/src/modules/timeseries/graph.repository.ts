import type { GraphValueField } from '@portal/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { localDayStart, withinLocalDays } from '../../db/local-day';

/** SQL of the time-series graph endpoints. Every read is a range scan of a primary key. */

export interface GraphLocation {
  location_ndx: number;
  location_id: string;
  location_name: string;
}

/** The location when it exists and `readable` (the caller's access predicate on `l`) holds. */
export function findGraphLocation(db: Db, locationNdx: number, readable: Expression<SqlBool>): Promise<GraphLocation | undefined> {
  return db
    .selectFrom('location as l')
    .select(['l.location_ndx', 'l.location_id', 'l.location_name'])
    .where('l.location_ndx', '=', locationNdx)
    .where(readable)
    .executeTakeFirst();
}

export interface GraphSeries {
  parameter_ndx: number;
  units: string | null;
}

/**
 * The location's series for a value field. When several parameters share the field, the one
 * with data wins, then the parameter list order.
 */
export async function findGraphSeries(db: Db, locationNdx: number, valueField: GraphValueField): Promise<GraphSeries | undefined> {
  const { rows } = await sql<GraphSeries>`
    select p.parameter_ndx, si.unit_desc as units
    from parameter p
    join series_info si on si.location_ndx = ${locationNdx} and si.parameter_ndx = p.parameter_ndx
    left join series_latest sl on sl.location_ndx = ${locationNdx} and sl.parameter_ndx = p.parameter_ndx
    where p.value_field = ${valueField} and (si.configured or sl.parameter_ndx is not null)
    order by (sl.parameter_ndx is null), p.display_order, p.parameter_ndx
    limit 1`.execute(db);
  return rows[0];
}

/**
 * Stored points as columns, oldest first, aggregated by PostgreSQL in one pass: epoch milliseconds,
 * values and data source keys (null for none) as the bodies of JSON number arrays ('1,2,3'), and
 * the qualifiers as a JSON array PostgreSQL's driver parses; null when there are none. graph-json.ts
 * parses the bodies with the JSON parser in the CPU worker thread: for tens of thousands of rows
 * this is far cheaper than one JS object per row through pg (bench/graph.bench.ts), and float8
 * text output is shortest-exact.
 */
export type PackedPoints = { t: string; v: string; s: string; q: (string | null)[] } | null;

type PointColumns = { t: string | null; v: string; s: string; q: (string | null)[] };
const packedOf = (row: PointColumns | undefined): PackedPoints =>
  row && row.t !== null ? { t: row.t, v: row.v, s: row.s, q: row.q } : null;

/**
 * 15-minute rows from local midnight of `startDate` to local midnight after `endDate`
 * (district time zone), oldest first; a range scan of observation's primary key, already in the
 * aggregates' order. date_part (float8), not extract (numeric since PostgreSQL 14, several times slower).
 */
export async function fifteenMinutePoints(
  db: Db,
  locationNdx: number,
  parameterNdx: number,
  startDate: string,
  endDate: string,
): Promise<PackedPoints> {
  const { rows } = await sql<PointColumns>`
    select string_agg((date_part('epoch', o.collect_timestamp) * 1000)::text, ',' order by o.collect_timestamp) as t,
           string_agg(o.result_value::text, ',' order by o.collect_timestamp) as v,
           string_agg(coalesce(o.datasrc_ndx::text, 'null'), ',' order by o.collect_timestamp) as s,
           json_agg(o.qualifiers order by o.collect_timestamp) as q
    from observation o
    where o.location_ndx = ${locationNdx} and o.parameter_ndx = ${parameterNdx}
      and ${withinLocalDays(sql.ref('o.collect_timestamp'), startDate, endDate)}`.execute(db);
  return packedOf(rows[0]);
}

/**
 * Daily means of the local days `startDate`..`endDate`, rounded to the parameter's decimals and
 * stamped at local midnight; the source and qualifiers are the ones of the day's last reading (a
 * primary-key lookup per day).
 */
export async function dailyPoints(
  db: Db,
  locationNdx: number,
  parameterNdx: number,
  startDate: string,
  endDate: string,
): Promise<PackedPoints> {
  const { rows } = await sql<PointColumns>`
    select string_agg((date_part('epoch', ${localDayStart(sql.ref('d.local_date'))}) * 1000)::text, ',' order by d.local_date) as t,
           string_agg(round(d.mean_value::numeric, p.decimals)::float8::text, ',' order by d.local_date) as v,
           string_agg(coalesce(o.datasrc_ndx::text, 'null'), ',' order by d.local_date) as s,
           json_agg(o.qualifiers order by d.local_date) as q
    from observation_daily d
    join parameter p on p.parameter_ndx = d.parameter_ndx
    left join observation o on o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx
                           and o.collect_timestamp = d.last_timestamp
    where d.location_ndx = ${locationNdx} and d.parameter_ndx = ${parameterNdx}
      and d.local_date between ${startDate}::date and ${endDate}::date`.execute(db);
  return packedOf(rows[0]);
}

/** Names of the data sources by key (a short reference list). */
export async function dataSourceNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('data_source').select(['datasrc_ndx', 'data_source']).execute();
  return new Map(rows.map((r) => [r.datasrc_ndx, r.data_source]));
}
