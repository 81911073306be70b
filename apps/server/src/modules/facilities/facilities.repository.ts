import type { Expression, SqlBool } from 'kysely';
import type { DisplayFacility, FacilityDetail, FacilitySummaryLocation } from '@portal/contracts';
import type { Db } from '../../db/client';

/** The caller's access predicate on the facility row `f` (decision 0012's readableFacility). */
export type FacilityFilter = Expression<SqlBool>;

function facilitiesQuery(db: Db, readable: FacilityFilter, facilityNdx?: number) {
  let q = db
    .selectFrom('facility as f')
    .innerJoin('facility_type as ft', 'ft.facility_type_ndx', 'f.facility_type_ndx')
    .where(readable)
    .orderBy('ft.facility_type_desc')
    .orderBy('f.display_order')
    .orderBy('f.facility_name');
  if (facilityNdx !== undefined) q = q.where('f.facility_ndx', '=', facilityNdx);
  return q;
}

/** Facilities for navigation, ordered by type, display order and name. */
export async function listDisplayFacilities(db: Db, readable: FacilityFilter): Promise<DisplayFacility[]> {
  return facilitiesQuery(db, readable)
    .select([
      'f.facility_ndx',
      'f.facility_name',
      'f.facility_type_ndx',
      'ft.facility_type_desc',
      'ft.icon_name as facility_type_icon',
      'f.display_order',
    ])
    .execute();
}

/** One facility with its map view and widget order; undefined when missing or outside the scope. */
export async function findFacilityDetail(db: Db, readable: FacilityFilter, facilityNdx: number): Promise<FacilityDetail | undefined> {
  return facilitiesQuery(db, readable, facilityNdx)
    .select([
      'f.facility_ndx',
      'f.facility_name',
      'f.facility_type_ndx',
      'ft.facility_type_desc',
      'ft.icon_name as facility_type_icon',
      'f.display_order',
      'f.facility',
      'f.notes',
      'f.widget_order',
      'f.fp_mapcenter_lat',
      'f.fp_mapcenter_lon',
      'f.fp_mapzoom_level',
      'f.array_location_ndx',
      'f.array_parameter_ndx',
    ])
    .executeTakeFirst();
}

/**
 * The facility's locations (facility_location) in display order, each with the newest value of
 * every parameter it has data for. Two queries: the locations, then their series_latest rows.
 */
export async function listFacilityLocationsWithLatest(db: Db, facilityNdx: number): Promise<FacilitySummaryLocation[]> {
  const locations = await db
    .selectFrom('facility_location as fl')
    .innerJoin('location as l', 'l.location_ndx', 'fl.location_ndx')
    .innerJoin('location_type as lt', 'lt.location_type_ndx', 'l.location_type_ndx')
    .where('fl.facility_ndx', '=', facilityNdx)
    .select([
      'l.location_ndx',
      'l.location_id',
      'l.location_display_label',
      'l.location_name',
      'lt.location_type_desc',
      'l.latitude',
      'l.longitude',
    ])
    .orderBy('l.display_order')
    .orderBy('l.location_id')
    .execute();
  if (locations.length === 0) return [];

  const latest = await db
    .selectFrom('series_latest as sl')
    .innerJoin('parameter as p', 'p.parameter_ndx', 'sl.parameter_ndx')
    .innerJoin('series_info as si', (join) =>
      join.onRef('si.location_ndx', '=', 'sl.location_ndx').onRef('si.parameter_ndx', '=', 'sl.parameter_ndx'),
    )
    .where(
      'sl.location_ndx',
      'in',
      locations.map((l) => l.location_ndx),
    )
    .select(['sl.location_ndx', 'sl.parameter_ndx', 'p.parameter_name', 'sl.last_value', 'si.unit_desc', 'sl.last_timestamp'])
    .orderBy('p.display_order')
    .orderBy('p.parameter_name')
    .execute();

  const byLocation = new Map<number, FacilitySummaryLocation['latest']>();
  for (const r of latest) {
    const list = byLocation.get(r.location_ndx) ?? [];
    list.push({
      parameter_ndx: r.parameter_ndx,
      parameter_name: r.parameter_name,
      result_value: r.last_value,
      unit_desc: r.unit_desc,
      collect_timestamp: new Date(r.last_timestamp).toISOString(),
    });
    byLocation.set(r.location_ndx, list);
  }
  return locations.map((l) => ({ ...l, latest: byLocation.get(l.location_ndx) ?? [] }));
}
