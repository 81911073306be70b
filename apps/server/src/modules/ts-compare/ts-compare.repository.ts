import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TsCompareFacility, TsCompareLocation, TsCompareParameter } from '@portal/contracts';
import type { Db } from '../../db/client';

/**
 * SQL of Time Series Comparisons. `readable` is the caller's access predicate on `l` (decision
 * 0012); a location is offered when it is readable and has at least one series with data.
 */

/** Facilities holding at least one location the caller may compare. */
export async function compareFacilities(db: Db, readable: RawBuilder<SqlBool>): Promise<TsCompareFacility[]> {
  const { rows } = await sql<TsCompareFacility>`
    select f.facility_ndx, f.facility_name
    from facility f
    where exists (select 1 from facility_location fl join location l on l.location_ndx = fl.location_ndx
                  where fl.facility_ndx = f.facility_ndx and ${readable}
                    and exists (select 1 from series_latest sl where sl.location_ndx = l.location_ndx))
    order by f.display_order, f.facility_name, f.facility_ndx`.execute(db);
  return rows;
}

/** Parameters with data at a location the caller may read. */
export async function compareParameters(db: Db, readable: RawBuilder<SqlBool>): Promise<TsCompareParameter[]> {
  const { rows } = await sql<TsCompareParameter>`
    select p.parameter_ndx, p.parameter_name, u.unit_desc as units
    from parameter p
    left join unit u on u.unit_ndx = p.unit_ndx
    where exists (select 1 from series_latest sl join location l on l.location_ndx = sl.location_ndx
                  where sl.parameter_ndx = p.parameter_ndx and ${readable})
    order by p.display_order, p.parameter_name, p.parameter_ndx`.execute(db);
  return rows;
}

/** Readable locations with data, with the parameters they have data of and the facilities holding them. */
export async function compareLocations(db: Db, readable: RawBuilder<SqlBool>): Promise<TsCompareLocation[]> {
  const { rows } = await sql<TsCompareLocation>`
    select l.location_ndx, l.location_id, l.location_display_label, l.location_name, l.latitude, l.longitude,
           array(select sl.parameter_ndx from series_latest sl where sl.location_ndx = l.location_ndx order by sl.parameter_ndx) as parameter_ndxs,
           array(select fl.facility_ndx from facility_location fl where fl.location_ndx = l.location_ndx order by fl.facility_ndx) as facility_ndxs
    from location l
    where ${readable} and exists (select 1 from series_latest sl where sl.location_ndx = l.location_ndx)
    order by l.display_order, l.location_display_label, l.location_ndx`.execute(db);
  return rows;
}

export async function findParameter(db: Db, parameterNdx: number): Promise<TsCompareParameter | undefined> {
  const { rows } = await sql<TsCompareParameter>`
    select p.parameter_ndx, p.parameter_name, u.unit_desc as units
    from parameter p left join unit u on u.unit_ndx = p.unit_ndx
    where p.parameter_ndx = ${parameterNdx}`.execute(db);
  return rows[0];
}

export interface CompareLocation {
  location_ndx: number;
  location_display_label: string;
  location_name: string;
  /** The unit of this location's series of the parameter (series_info). */
  units: string | null;
}

/** Of the given locations, those that exist and the caller may read, each with its series' unit of the parameter. */
export async function readableLocations(
  db: Db,
  locationNdxs: readonly number[],
  parameterNdx: number,
  readable: RawBuilder<SqlBool>,
): Promise<CompareLocation[]> {
  const { rows } = await sql<CompareLocation>`
    select l.location_ndx, l.location_display_label, l.location_name, si.unit_desc as units
    from location l
    join series_info si on si.location_ndx = l.location_ndx and si.parameter_ndx = ${parameterNdx}
    where l.location_ndx = any(${[...locationNdxs]}::int[]) and ${readable}`.execute(db);
  return rows;
}
