import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * The trigger-elevation facility of the demo: facility 37 holds Well Field 1's wells
 * TW-11, TW-13 and TW-14 with trigger elevations 4981.0, 4981.5 and 4982.0 ft. The measuring-point
 * elevations turn their depth to water into a water-level elevation; chosen so that TW-13 starts
 * below its trigger and the others above it (the banner shows both states).
 */
export const TRIGGER_FACILITY_NDX = 37;
export const TRIGGER_WELLS = [
  { locationId: 'TW-11', triggerFt: 4981.0, measuringPointFt: 5000.0 },
  { locationId: 'TW-13', triggerFt: 4981.5, measuringPointFt: 5026.0 },
  { locationId: 'TW-14', triggerFt: 4982.0, measuringPointFt: 5015.0 },
] as const;

/** Writes facility 37 (after the planned facilities, which take 1..N with N < 37) and its wells' trigger elevations. */
export async function writeTriggerWells(db: Db, wellField: number, location: Map<string, number>): Promise<void> {
  const field = await db.selectFrom('facility').selectAll().where('facility_ndx', '=', wellField).executeTakeFirstOrThrow();
  const wells = TRIGGER_WELLS.map((w) => ({ ...w, locationNdx: location.get(w.locationId)! }));
  await db
    .insertInto('facility')
    .values({
      facility_ndx: TRIGGER_FACILITY_NDX,
      facility_name: `${field.facility_name} Trigger Wells`,
      facility: `${field.facility ?? 'WF'}-TRIG`,
      facility_type_ndx: field.facility_type_ndx,
      display_order: field.display_order,
      widget_order: field.widget_order,
      fp_mapcenter_lat: field.fp_mapcenter_lat,
      fp_mapcenter_lon: field.fp_mapcenter_lon,
      fp_mapzoom_level: field.fp_mapzoom_level,
      array_location_ndx: wells.map((w) => w.locationNdx),
      array_parameter_ndx: field.array_parameter_ndx,
      notes: 'Production wells with trigger elevations (water level below the trigger calls for reduced pumping).',
      is_public: true,
    })
    .execute();
  // Later facilities (Facilities Setup) continue after 37 instead of colliding with it.
  await sql`select setval(pg_get_serial_sequence('facility', 'facility_ndx'), (select max(facility_ndx) from facility))`.execute(db);
  await db
    .insertInto('facility_location')
    .values(wells.map((w) => ({ facility_ndx: TRIGGER_FACILITY_NDX, location_ndx: w.locationNdx })))
    .execute();
  await db
    .insertInto('location_trigger_elevation')
    .values(
      wells.map((w) => ({
        location_ndx: w.locationNdx,
        trigger_elevation_ft: w.triggerFt,
        measuring_point_elevation_ft: w.measuringPointFt,
      })),
    )
    .execute();
}
