import { sql } from 'kysely';
import type { DashboardParameter, HomeDashboardRow } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';

/** SQL of the home dashboard (decision 0018). */

/** A bar without a colour of its own gets its location type's map colour, else this neutral blue. */
const FALLBACK_BAR_COLOR = '#4682B4';

/** Parameters with at least one stored series at a location the caller may read, in display order. */
export async function listDashboardParameters(db: Db, caller: Caller): Promise<DashboardParameter[]> {
  const { rows } = await sql<DashboardParameter>`
    select p.parameter_ndx, p.parameter_name
    from parameter p
    where exists (
      select 1 from series_latest sl join location l on l.location_ndx = sl.location_ndx
      where sl.parameter_ndx = p.parameter_ndx and ${readableLocation(caller, 'l')})
    order by p.display_order, p.parameter_name, p.parameter_ndx`.execute(db);
  return rows;
}

export async function parameterExists(db: Db, parameterNdx: number): Promise<boolean> {
  const row = await db.selectFrom('parameter').select('parameter_ndx').where('parameter_ndx', '=', parameterNdx).executeTakeFirst();
  return row !== undefined;
}

/**
 * Per readable location with the parameter: its newest observation at or before `asOf`
 * (one primary-key range scan backwards per series). Sorted by location label.
 */
export async function listLatestAsOf(db: Db, caller: Caller, parameterNdx: number, asOf: Date): Promise<HomeDashboardRow[]> {
  const { rows } = await sql<Omit<HomeDashboardRow, 'collect_timestamp'> & { collect_timestamp: Date }>`
    select l.location_ndx, coalesce(l.location_display_label, l.location_id) as location_label, p.parameter_name,
      si.unit_desc as unit_name, o.collect_timestamp, o.result_value as data_value, ds.data_source as datasrc_name,
      coalesce(l.legend_color, lp.graph_series_color, lt.map_color, ${FALLBACK_BAR_COLOR}) as bar_color
    from series_latest sl
    join location l on l.location_ndx = sl.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    left join location_type lt on lt.location_type_ndx = l.location_type_ndx
    left join location_parameter lp on lp.location_ndx = sl.location_ndx and lp.parameter_ndx = sl.parameter_ndx
    join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    cross join lateral (
      select o.collect_timestamp, o.result_value, o.datasrc_ndx from observation o
      where o.location_ndx = sl.location_ndx and o.parameter_ndx = sl.parameter_ndx and o.collect_timestamp <= ${asOf}
      order by o.collect_timestamp desc limit 1
    ) o
    left join data_source ds on ds.datasrc_ndx = o.datasrc_ndx
    where sl.parameter_ndx = ${parameterNdx} and ${readableLocation(caller, 'l')}
    order by location_label, l.location_ndx`.execute(db);
  return rows.map((r) => ({ ...r, collect_timestamp: new Date(r.collect_timestamp).toISOString() }));
}
