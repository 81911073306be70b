import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { reachOf, type Caller, type MapAudience } from './access-policy';

/**
 * The access rule of decision 0012 as SQL predicates for WHERE clauses, and checks of single ids.
 * `alias` names the location (or facility) row of the caller's query, e.g. 'l' or 'f'.
 */

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

function authorisedFacility(facilityNdx: RawBuilder<unknown>, sub: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from user_facility uf where uf.facility_ndx = ${facilityNdx} and uf.user_id = ${sub})`;
}

/** Rows of `location` (as `alias`) the caller may read: map, graphs, reports, lookups. */
export function readableLocation(caller: Caller, alias: string): RawBuilder<SqlBool> {
  const reach = reachOf(caller);
  const l = (column: string) => sql.ref(`${alias}.${column}`);
  const visible = mapLocation(reach.privateLocations ? 'staff' : 'public', alias);
  switch (reach.excludedLocations) {
    case 'all':
      return reach.privateLocations ? TRUE : sql<SqlBool>`(${visible} or ${l('exclude_from_map')})`;
    case 'authorised-facilities':
      return sql<SqlBool>`(${visible} or (${l('exclude_from_map')} and exists (
        select 1 from facility_location afl join user_facility uf on uf.facility_ndx = afl.facility_ndx
        where afl.location_ndx = ${l('location_ndx')} and uf.user_id = ${caller.sub})))`;
    case 'none':
      return visible;
  }
}

/** Rows of `location` (as `alias`) on the map for an audience: readable and never excluded from the map. */
export function mapLocation(audience: MapAudience, alias: string): RawBuilder<SqlBool> {
  const l = (column: string) => sql.ref(`${alias}.${column}`);
  return audience === 'staff'
    ? sql<SqlBool>`not ${l('exclude_from_map')}`
    : sql<SqlBool>`(${l('is_public')} and not ${l('exclude_from_map')})`;
}

/** Rows of `facility` (as `alias`) the caller may open: facility pages, summary, dashboard, query & download. */
export function readableFacility(caller: Caller, alias: string): RawBuilder<SqlBool> {
  const reach = reachOf(caller);
  if (reach.facilities === 'all') return TRUE;
  if (reach.facilities === 'none' || caller.sub === null) return FALSE;
  return authorisedFacility(sql.ref(`${alias}.facility_ndx`), caller.sub);
}

/** A location the caller may not read answers exactly like one that does not exist (404), so existence does not leak. */
export async function assertLocationReadable(db: Db, caller: Caller, locationNdx: number): Promise<void> {
  const { rows } = await sql`select 1 from location l where l.location_ndx = ${locationNdx} and ${readableLocation(caller, 'l')}`.execute(
    db,
  );
  if (rows.length === 0) throw locationNotFound(locationNdx);
}

/** A facility the caller may not open answers exactly like one that does not exist (404). */
export async function assertFacilityReadable(db: Db, caller: Caller, facilityNdx: number): Promise<void> {
  const { rows } = await sql`select 1 from facility f where f.facility_ndx = ${facilityNdx} and ${readableFacility(caller, 'f')}`.execute(
    db,
  );
  if (rows.length === 0) throw facilityNotFound(facilityNdx);
}

/** Of the given facility numbers, those the caller may not open (missing ones included). */
export async function unreadableFacilities(db: Db, caller: Caller, facilityNdxs: readonly number[]): Promise<number[]> {
  if (facilityNdxs.length === 0) return [];
  const { rows } = await sql<{ facility_ndx: number }>`
    select f.facility_ndx from facility f where f.facility_ndx = any(${[...facilityNdxs]}::int[]) and ${readableFacility(caller, 'f')}`.execute(
    db,
  );
  const readable = new Set(rows.map((r) => r.facility_ndx));
  return facilityNdxs.filter((ndx) => !readable.has(ndx));
}

export const locationNotFound = (locationNdx: number) => notFound(`Location ${locationNdx} was not found`);
export const facilityNotFound = (facilityNdx: number) =>
  notFound(`Facility ${facilityNdx} does not exist or you are not authorised for it`);
