import type { FacilityInput, FacilityLocationPair, LocationInput, SetupFacility, SetupLocation } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import {
  deleteFacility,
  facilityHolders,
  facilityNameTaken,
  facilityTypeExists,
  findFacilityRecord,
  findSetupFacility,
  insertFacility,
  locationNdxsOfFacility,
  missingLocations,
  missingParameters,
  replaceFacilityLocations,
  syncSeriesLocations,
  updateFacility,
} from './facilities-setup.repository';
import {
  bumpMapFeedVersion,
  deleteLocation,
  findLocationRecord,
  findSetupLocation,
  insertLocation,
  locationHolders,
  locationIdTaken,
  missingLocationReferences,
  updateLocation,
  type LocationHolders,
} from './locations-setup.repository';

type Actor = Pick<AuthUser, 'sub' | 'email'> | null;

const unknownLocation = (n: number) => notFound(`Location ${n} does not exist`);
const unknownFacility = (n: number) => notFound(`Facility ${n} does not exist`);

/** '1 alert', '3 alerts': counts in a refusal read as a sentence. */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function listing(parts: string[]): string {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Why a location cannot be deleted yet, or null when nothing holds it. */
export function locationHeldBy(h: LocationHolders): string | null {
  const parts = [
    h.observations && count(h.observations, 'observation', 'observations'),
    h.alerts && count(h.alerts, 'alert', 'alerts'),
    h.imports && count(h.imports, 'import configuration', 'import configurations'),
    h.facilities && count(h.facilities, 'facility association', 'facility associations'),
    h.parameterSettings && count(h.parameterSettings, 'parameter setting', 'parameter settings'),
  ].filter((p): p is string => Boolean(p));
  return parts.length ? listing(parts) : null;
}

async function assertLocationWritable(trx: Db, input: LocationInput, exceptNdx: number | null): Promise<void> {
  const missing = await missingLocationReferences(trx, input);
  if (missing.length) throw badRequest(`${missing.join(' and ')} ${missing.length === 1 ? 'does' : 'do'} not exist`);
  if (await locationIdTaken(trx, input.location_id, exceptNdx))
    throw conflict(`Another location already has the id "${input.location_id}"`);
}

/** Every write ends with a map-feed version bump, so the public map shows it on the next request. */
async function thenRefreshMap<T>(db: Db, write: Promise<T>): Promise<T> {
  const result = await write;
  await bumpMapFeedVersion(db);
  return result;
}

export async function getLocation(db: Db, caller: Caller, locationNdx: number): Promise<SetupLocation> {
  const row = await findSetupLocation(db, caller, locationNdx);
  if (!row) throw unknownLocation(locationNdx);
  return row;
}

export function createLocation(db: Db, actor: Actor, input: LocationInput): Promise<{ location_ndx: number }> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      await assertLocationWritable(trx, input, null);
      const locationNdx = await insertLocation(trx, input);
      await recordAudit(trx, {
        actor,
        action: 'insert',
        table: 'location',
        rowKey: locationNdx,
        after: await findLocationRecord(trx, locationNdx),
      });
      return { location_ndx: locationNdx };
    }),
  );
}

export function changeLocation(db: Db, actor: Actor, caller: Caller, locationNdx: number, input: LocationInput): Promise<SetupLocation> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findLocationRecord(trx, locationNdx, true);
      if (!before) throw unknownLocation(locationNdx);
      await assertLocationWritable(trx, input, locationNdx);
      await updateLocation(trx, locationNdx, input);
      await recordAudit(trx, {
        actor,
        action: 'update',
        table: 'location',
        rowKey: locationNdx,
        before,
        after: await findLocationRecord(trx, locationNdx),
      });
      return getLocation(trx, caller, locationNdx);
    }),
  );
}

/** Refused (409) while observations, alerts, imports, associations or parameter settings still refer to it. */
export function removeLocation(db: Db, actor: Actor, locationNdx: number): Promise<void> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findLocationRecord(trx, locationNdx, true);
      if (!before) throw unknownLocation(locationNdx);
      const heldBy = locationHeldBy(await locationHolders(trx, locationNdx));
      if (heldBy) throw conflict(`Location "${before.location_name}" cannot be deleted: it still has ${heldBy}. Remove those first.`);
      await deleteLocation(trx, locationNdx);
      await recordAudit(trx, { actor, action: 'delete', table: 'location', rowKey: locationNdx, before });
    }),
  );
}

async function assertFacilityWritable(trx: Db, input: FacilityInput, exceptNdx: number | null): Promise<void> {
  if (!(await facilityTypeExists(trx, input.facility_type_ndx)))
    throw badRequest(`Facility type ${input.facility_type_ndx} does not exist`);
  if (await facilityNameTaken(trx, input.facility_name, exceptNdx))
    throw conflict(`Another facility is already named "${input.facility_name}"`);
  const missing = await missingParameters(trx, input.array_parameter_ndx ?? []);
  if (missing.length)
    throw badRequest(`Parameter${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`);
}

export async function getFacility(db: Db, caller: Caller, facilityNdx: number): Promise<SetupFacility> {
  const row = await findSetupFacility(db, caller, facilityNdx);
  if (!row) throw unknownFacility(facilityNdx);
  return row;
}

export function createFacility(db: Db, actor: Actor, input: FacilityInput): Promise<{ facility_ndx: number }> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      await assertFacilityWritable(trx, input, null);
      const facilityNdx = await insertFacility(trx, input);
      await recordAudit(trx, {
        actor,
        action: 'insert',
        table: 'facility',
        rowKey: facilityNdx,
        after: await findFacilityRecord(trx, facilityNdx),
      });
      return { facility_ndx: facilityNdx };
    }),
  );
}

export function changeFacility(db: Db, actor: Actor, caller: Caller, facilityNdx: number, input: FacilityInput): Promise<SetupFacility> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findFacilityRecord(trx, facilityNdx, true);
      if (!before) throw unknownFacility(facilityNdx);
      await assertFacilityWritable(trx, input, facilityNdx);
      await updateFacility(trx, facilityNdx, input);
      await recordAudit(trx, {
        actor,
        action: 'update',
        table: 'facility',
        rowKey: facilityNdx,
        before,
        after: await findFacilityRecord(trx, facilityNdx),
      });
      return getFacility(trx, caller, facilityNdx);
    }),
  );
}

/** Refused (409) while locations are associated or users are authorised for it. */
export function removeFacility(db: Db, actor: Actor, facilityNdx: number): Promise<void> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findFacilityRecord(trx, facilityNdx, true);
      if (!before) throw unknownFacility(facilityNdx);
      const h = await facilityHolders(trx, facilityNdx);
      const parts = [
        h.locations && count(h.locations, 'associated location', 'associated locations'),
        h.users && count(h.users, 'authorised user', 'authorised users'),
      ].filter((p): p is string => Boolean(p));
      if (parts.length)
        throw conflict(`Facility "${before.facility_name}" cannot be deleted: it still has ${listing(parts)}. Remove those first.`);
      await deleteFacility(trx, facilityNdx);
      await recordAudit(trx, { actor, action: 'delete', table: 'facility', rowKey: facilityNdx, before });
    }),
  );
}

/** PUT assoc-locations-facilities/{facility_ndx}: the array is the facility's whole new set. */
export function replaceAssociations(
  db: Db,
  actor: Actor,
  facilityNdx: number,
  pairs: FacilityLocationPair[],
): Promise<FacilityLocationPair[]> {
  return thenRefreshMap(
    db,
    db.transaction().execute(async (trx) => {
      if (!(await findFacilityRecord(trx, facilityNdx, true))) throw unknownFacility(facilityNdx);
      const other = pairs.find((p) => p.facility_ndx !== facilityNdx);
      if (other) throw badRequest(`Every pair must name facility ${facilityNdx}; one names facility ${other.facility_ndx}`);
      const locationNdxs = [...new Set(pairs.map((p) => p.location_ndx))].sort((a, b) => a - b);
      const missing = await missingLocations(trx, locationNdxs);
      if (missing.length)
        throw badRequest(
          `Location${missing.length === 1 ? '' : 's'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`,
        );
      const before = await locationNdxsOfFacility(trx, facilityNdx);
      await replaceFacilityLocations(trx, facilityNdx, locationNdxs);
      await syncSeriesLocations(trx, facilityNdx);
      await recordAudit(trx, {
        actor,
        action: 'update',
        table: 'facility_location',
        rowKey: facilityNdx,
        before: { location_ndx: before },
        after: { location_ndx: locationNdxs },
      });
      return locationNdxs.map((location_ndx) => ({ facility_ndx: facilityNdx, location_ndx }));
    }),
  );
}
