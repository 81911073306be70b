import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AssociatedLocation, AssociatedParameter, TriggerElevation } from '@portal/contracts';
import type { Db } from '../../db/client';

/** SQL of the facility page's Data Drill Down. `readable` is the caller's location predicate on `l` (decision 0012). */

export interface FacilitySeries {
  location_ndx: number;
  location_display_label: string;
  location_name: string;
  parameter_ndx: number;
  parameter_name: string;
  units: string | null;
  decimals: number;
  label: string;
  color: string | null;
}

/**
 * The series at the facility's locations the caller may read (configured in location_parameter or
 * with data), in location display order, then column order, then parameter display order.
 */
export async function facilitySeries(db: Db, facilityNdx: number, readable: RawBuilder<SqlBool>): Promise<FacilitySeries[]> {
  const { rows } = await sql<FacilitySeries>`
    with members as (select location_ndx from facility_location where facility_ndx = ${facilityNdx}),
    pairs as (
      select location_ndx, parameter_ndx from location_parameter where location_ndx in (select location_ndx from members)
      union
      select location_ndx, parameter_ndx from series_latest where location_ndx in (select location_ndx from members))
    select l.location_ndx, l.location_display_label, l.location_name, p.parameter_ndx, p.parameter_name,
           si.unit_desc as units, si.decimals, si.series_label as label, lp.graph_series_color as color
    from facility_location fl
    join location l on l.location_ndx = fl.location_ndx
    join pairs s on s.location_ndx = l.location_ndx
    join parameter p on p.parameter_ndx = s.parameter_ndx
    join series_info si on si.location_ndx = s.location_ndx and si.parameter_ndx = s.parameter_ndx
    left join location_parameter lp on lp.location_ndx = s.location_ndx and lp.parameter_ndx = s.parameter_ndx
    where fl.facility_ndx = ${facilityNdx} and ${readable}
    order by l.display_order, l.location_ndx, lp.column_order nulls last, p.display_order, p.parameter_ndx`.execute(db);
  return rows;
}

/** Parameters of the given numbers (reference data), in parameter display order; unknown numbers are left out. */
export async function parametersByNdx(db: Db, ndxs: readonly number[]): Promise<AssociatedParameter[]> {
  const { rows } = await sql<AssociatedParameter>`
    select p.parameter_ndx, p.parameter_name, u.unit_desc as units
    from parameter p left join unit u on u.unit_ndx = p.unit_ndx
    where p.parameter_ndx = any(${[...ndxs]}::int[])
    order by p.display_order, p.parameter_name, p.parameter_ndx`.execute(db);
  return rows;
}

/** Locations of the given numbers the caller may read, in display order; others are left out. */
export async function locationsByNdx(db: Db, ndxs: readonly number[], readable: RawBuilder<SqlBool>): Promise<AssociatedLocation[]> {
  const { rows } = await sql<AssociatedLocation>`
    select l.location_ndx, l.location_name, l.location_display_label
    from location l
    where l.location_ndx = any(${[...ndxs]}::int[]) and ${readable}
    order by l.display_order, l.location_display_label, l.location_ndx`.execute(db);
  return rows;
}

/**
 * Trigger elevations of the facility's readable locations with each well's newest water-level
 * elevation: measuring-point elevation minus the newest depth to water (parameter value_field level_ft).
 */
export async function facilityTriggerElevations(db: Db, facilityNdx: number, readable: RawBuilder<SqlBool>): Promise<TriggerElevation[]> {
  const { rows } = await sql<TriggerElevation & { water_elevation_at: Date | null }>`
    select l.location_ndx, l.location_display_label, te.trigger_elevation_ft,
           te.measuring_point_elevation_ft - lvl.last_value as water_elevation_ft,
           lvl.last_timestamp as water_elevation_at
    from facility_location fl
    join location l on l.location_ndx = fl.location_ndx
    join location_trigger_elevation te on te.location_ndx = l.location_ndx
    left join lateral (
      select sl.last_value, sl.last_timestamp
      from series_latest sl join parameter p on p.parameter_ndx = sl.parameter_ndx
      where sl.location_ndx = l.location_ndx and p.value_field = 'level_ft'
      order by sl.last_timestamp desc limit 1) lvl on te.measuring_point_elevation_ft is not null
    where fl.facility_ndx = ${facilityNdx} and ${readable}
    order by l.display_order, l.location_display_label, l.location_ndx`.execute(db);
  return rows.map((r) => ({
    ...r,
    water_elevation_ft: r.water_elevation_ft === null ? null : Math.round(r.water_elevation_ft * 100) / 100,
    water_elevation_at: r.water_elevation_at ? new Date(r.water_elevation_at).toISOString() : null,
  }));
}
