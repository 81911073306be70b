import { sql } from 'kysely';
import type { DisplayFacility, FacilityInput, FacilityLocationPair, SetupFacility } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableFacility } from '../../access/access.repository';
import type { Db } from '../../db/client';

/** SQL of Facilities Setup and of the facility-location associations. */

const selectSetupFacility = (caller: Caller) => sql<SetupFacility>`
  select f.facility_ndx, f.facility_name, f.facility, f.facility_type_ndx, ft.facility_type_desc,
         f.display_order, f.notes, f.axis2_min, f.axis2_max, f.widget_order, f.array_location_ndx, f.array_parameter_ndx,
         array(select distinct m.parameter_ndx from (
                 select lp.parameter_ndx from facility_location fl join location_parameter lp on lp.location_ndx = fl.location_ndx
                  where fl.facility_ndx = f.facility_ndx
                 union
                 select sl.parameter_ndx from facility_location fl join series_latest sl on sl.location_ndx = fl.location_ndx
                  where fl.facility_ndx = f.facility_ndx) m order by m.parameter_ndx) as measured_parameter_ndx,
         (select count(*)::int from facility_location fl where fl.facility_ndx = f.facility_ndx) as location_count,
         coalesce((select array_agg(u.email order by lower(u.email))
                   from user_facility uf join app_user u on u.user_id = uf.user_id
                   where uf.facility_ndx = f.facility_ndx), '{}') as authorized_users
  from facility f
  join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
  where ${readableFacility(caller, 'f')}`;

export async function listSetupFacilities(db: Db, caller: Caller): Promise<SetupFacility[]> {
  return (
    await sql<SetupFacility>`${selectSetupFacility(caller)} order by ft.facility_type_desc, f.display_order, f.facility_name`.execute(db)
  ).rows;
}

export async function findSetupFacility(db: Db, caller: Caller, facilityNdx: number): Promise<SetupFacility | undefined> {
  return (await sql<SetupFacility>`${selectSetupFacility(caller)} and f.facility_ndx = ${facilityNdx}`.execute(db)).rows[0];
}

/** Every facility with its type, ordered as the associations page lists them. */
export async function listFacilitiesWithTypes(db: Db, caller: Caller): Promise<DisplayFacility[]> {
  const r = await sql<DisplayFacility>`
    select f.facility_ndx, f.facility_name, f.facility_type_ndx, ft.facility_type_desc, ft.icon_name as facility_type_icon, f.display_order
    from facility f join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
    where ${readableFacility(caller, 'f')}
    order by ft.facility_type_desc, f.display_order, f.facility_name`.execute(db);
  return r.rows;
}

export async function findFacilityRecord(db: Db, facilityNdx: number, forUpdate = false) {
  let q = db.selectFrom('facility').selectAll().where('facility_ndx', '=', facilityNdx);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function insertFacility(db: Db, input: FacilityInput): Promise<number> {
  const row = await db.insertInto('facility').values(input).returning('facility_ndx').executeTakeFirstOrThrow();
  return row.facility_ndx;
}

export async function updateFacility(db: Db, facilityNdx: number, input: FacilityInput): Promise<void> {
  await db.updateTable('facility').set(input).where('facility_ndx', '=', facilityNdx).execute();
}

export async function deleteFacility(db: Db, facilityNdx: number): Promise<void> {
  await db.deleteFrom('facility').where('facility_ndx', '=', facilityNdx).execute();
}

export async function facilityTypeExists(db: Db, facilityTypeNdx: number): Promise<boolean> {
  return (
    (await db
      .selectFrom('facility_type')
      .select('facility_type_ndx')
      .where('facility_type_ndx', '=', facilityTypeNdx)
      .executeTakeFirst()) !== undefined
  );
}

export async function facilityNameTaken(db: Db, name: string, exceptNdx: number | null): Promise<boolean> {
  let q = db.selectFrom('facility').select('facility_ndx').where('facility_name', '=', name);
  if (exceptNdx !== null) q = q.where('facility_ndx', '<>', exceptNdx);
  return (await q.executeTakeFirst()) !== undefined;
}

/** What still refers to a facility: its location associations and the users authorised for it. */
export async function facilityHolders(db: Db, facilityNdx: number): Promise<{ locations: number; users: number }> {
  const r = await sql<{ locations: number; users: number }>`
    select (select count(*)::int from facility_location where facility_ndx = ${facilityNdx}) as locations,
           (select count(*)::int from user_facility where facility_ndx = ${facilityNdx}) as users`.execute(db);
  return r.rows[0];
}

export async function listFacilityLocationPairs(db: Db): Promise<FacilityLocationPair[]> {
  return db
    .selectFrom('facility_location')
    .select(['facility_ndx', 'location_ndx'])
    .orderBy('facility_ndx')
    .orderBy('location_ndx')
    .execute();
}

export async function locationNdxsOfFacility(db: Db, facilityNdx: number): Promise<number[]> {
  const rows = await db
    .selectFrom('facility_location')
    .select('location_ndx')
    .where('facility_ndx', '=', facilityNdx)
    .orderBy('location_ndx')
    .execute();
  return rows.map((r) => r.location_ndx);
}

export async function missingLocations(db: Db, locationNdxs: readonly number[]): Promise<number[]> {
  if (!locationNdxs.length) return [];
  const found = await db
    .selectFrom('location')
    .select('location_ndx')
    .where('location_ndx', 'in', [...locationNdxs])
    .execute();
  const have = new Set(found.map((r) => r.location_ndx));
  return locationNdxs.filter((n) => !have.has(n));
}

/** Replaces the whole set of locations of one facility. */
export async function replaceFacilityLocations(db: Db, facilityNdx: number, locationNdxs: readonly number[]): Promise<void> {
  await db.deleteFrom('facility_location').where('facility_ndx', '=', facilityNdx).execute();
  if (locationNdxs.length) {
    await db
      .insertInto('facility_location')
      .values(locationNdxs.map((location_ndx) => ({ facility_ndx: facilityNdx, location_ndx })))
      .execute();
  }
}

export async function missingParameters(db: Db, parameterNdxs: readonly number[]): Promise<number[]> {
  if (!parameterNdxs.length) return [];
  const found = await db
    .selectFrom('parameter')
    .select('parameter_ndx')
    .where('parameter_ndx', 'in', [...parameterNdxs])
    .execute();
  const have = new Set(found.map((r) => r.parameter_ndx));
  return parameterNdxs.filter((n) => !have.has(n));
}

/**
 * The facility's series locations follow its associations: a location keeps its place, a newly
 * associated one is added at the end (in location_ndx order), a removed one drops out.
 */
export async function syncSeriesLocations(db: Db, facilityNdx: number): Promise<void> {
  await sql`
    update facility f set array_location_ndx = array(
      select fl.location_ndx from facility_location fl
      left join lateral (select min(u.ord) as ord from unnest(f.array_location_ndx) with ordinality as u(location_ndx, ord)
                          where u.location_ndx = fl.location_ndx) kept on true
      where fl.facility_ndx = f.facility_ndx
      order by kept.ord nulls last, fl.location_ndx)
    where f.facility_ndx = ${facilityNdx}`.execute(db);
}
