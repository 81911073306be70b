import type { GraphValueField } from '@portal/contracts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';

/** SQL of the time-series graph endpoints: which series a graph shows. Its points come from the one reader, series-points.repository.ts. */

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

/** Names of the data sources by key (a short reference list). */
export async function dataSourceNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('data_source').select(['datasrc_ndx', 'data_source']).execute();
  return new Map(rows.map((r) => [r.datasrc_ndx, r.data_source]));
}
