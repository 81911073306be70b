import { sql } from 'kysely';
import type { LocationInput, LocationMapPoint, SetupLocation, UnitedLocation } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';

/** SQL of Locations Setup: the editor's records, the setup map's markers and what holds a location. */

const selectSetupLocation = (caller: Caller) => sql<SetupLocation>`
  select l.location_ndx, l.location_id, l.location_display_label, l.location_name,
         l.location_type_ndx, lt.location_type_desc, l.waterbody_ndx, w.waterbody_name,
         l.legend_color, l.display_order, l.notes, l.latitude, l.longitude,
         l.exclude_from_map, l.linked_excel_include, l.map_sym_fill_color,
         coalesce((select array_agg(f.facility_name order by f.facility_name)
                   from facility_location fl join facility f on f.facility_ndx = fl.facility_ndx
                   where fl.location_ndx = l.location_ndx), '{}') as associated_facilities
  from location l
  join location_type lt on lt.location_type_ndx = l.location_type_ndx
  join waterbody w on w.waterbody_ndx = l.waterbody_ndx
  where ${readableLocation(caller, 'l')}`;

export async function listSetupLocations(db: Db, caller: Caller): Promise<SetupLocation[]> {
  const r = await sql<SetupLocation>`${selectSetupLocation(caller)} order by l.display_order, l.location_name`.execute(db);
  return r.rows;
}

export async function findSetupLocation(db: Db, caller: Caller, locationNdx: number): Promise<SetupLocation | undefined> {
  const r = await sql<SetupLocation>`${selectSetupLocation(caller)} and l.location_ndx = ${locationNdx}`.execute(db);
  return r.rows[0];
}

/** Every location with coordinates (hidden ones too: the setup map shows what the editor edits). */
export async function listLocationMapPoints(db: Db, caller: Caller): Promise<LocationMapPoint[]> {
  const r = await sql<LocationMapPoint>`
    select l.location_ndx, l.location_display_label, l.location_name, l.latitude, l.longitude, l.legend_color, l.exclude_from_map
    from location l
    where l.latitude is not null and l.longitude is not null and ${readableLocation(caller, 'l')}
    order by l.display_order, l.location_name`.execute(db);
  return r.rows;
}

/** Locations of waterbodies in the united list (waterbody.united_list_include), for the associations page. */
export async function listUnitedLocations(db: Db, caller: Caller): Promise<UnitedLocation[]> {
  const r = await sql<UnitedLocation>`
    select l.location_ndx, l.location_name, l.location_display_label, lt.location_type_desc, w.waterbody_name
    from location l
    join location_type lt on lt.location_type_ndx = l.location_type_ndx
    join waterbody w on w.waterbody_ndx = l.waterbody_ndx
    where w.united_list_include and ${readableLocation(caller, 'l')}
    order by l.location_name`.execute(db);
  return r.rows;
}

/** The stored row, for the audit log (before/after). */
export async function findLocationRecord(db: Db, locationNdx: number, forUpdate = false) {
  let q = db.selectFrom('location').selectAll().where('location_ndx', '=', locationNdx);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function insertLocation(db: Db, input: LocationInput): Promise<number> {
  const row = await db.insertInto('location').values(input).returning('location_ndx').executeTakeFirstOrThrow();
  return row.location_ndx;
}

export async function updateLocation(db: Db, locationNdx: number, input: LocationInput): Promise<void> {
  await db.updateTable('location').set(input).where('location_ndx', '=', locationNdx).execute();
}

export async function deleteLocation(db: Db, locationNdx: number): Promise<void> {
  await db.deleteFrom('location').where('location_ndx', '=', locationNdx).execute();
}

/** What still refers to a location: each of these would go with it (foreign keys cascade). */
export interface LocationHolders {
  observations: number;
  alerts: number;
  imports: number;
  facilities: number;
  parameterSettings: number;
}

export async function locationHolders(db: Db, locationNdx: number): Promise<LocationHolders> {
  const r = await sql<LocationHolders>`
    select
      (select count(*)::int from observation where location_ndx = ${locationNdx}) as observations,
      (select count(*)::int from alert_request where location_ndx = ${locationNdx}) as alerts,
      (select count(*)::int from import_source where location_ndx = ${locationNdx}) as imports,
      (select count(*)::int from facility_location where location_ndx = ${locationNdx}) as facilities,
      (select count(*)::int from location_parameter where location_ndx = ${locationNdx}) as "parameterSettings"`.execute(db);
  return r.rows[0];
}

/** Names each reference of a location or facility input that does not exist. */
export async function missingLocationReferences(
  db: Db,
  input: Pick<LocationInput, 'location_type_ndx' | 'waterbody_ndx'>,
): Promise<string[]> {
  const r = await sql<{ lt: boolean; w: boolean }>`
    select exists (select 1 from location_type where location_type_ndx = ${input.location_type_ndx}) as lt,
           exists (select 1 from waterbody where waterbody_ndx = ${input.waterbody_ndx}) as w`.execute(db);
  const missing: string[] = [];
  if (!r.rows[0].lt) missing.push(`Location type ${input.location_type_ndx}`);
  if (!r.rows[0].w) missing.push(`Waterbody ${input.waterbody_ndx}`);
  return missing;
}

export async function locationIdTaken(db: Db, locationId: string, exceptNdx: number | null): Promise<boolean> {
  let q = db.selectFrom('location').select('location_ndx').where('location_id', '=', locationId);
  if (exceptNdx !== null) q = q.where('location_ndx', '<>', exceptNdx);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Moves the map feeds' version after a write has committed. The statement triggers of migration
 * 0005 bump it inside the transaction too, but a feed built between that bump and the commit
 * would carry the new version with the old rows; this second bump makes the next read rebuild.
 */
export async function bumpMapFeedVersion(db: Db): Promise<void> {
  await sql`select nextval('map_feed_version')`.execute(db);
}
