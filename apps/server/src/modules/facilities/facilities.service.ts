import { roleFlags, type DisplayFacility, type FacilityDetail, type FacilitySummary } from '@portal/contracts';
import type { AuthUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findFacilityDetail, listDisplayFacilities, listFacilityLocationsWithLatest, type FacilityScope } from './facilities.repository';

/**
 * Administrators and Developers see every facility; everybody else sees the facilities
 * they are an authorised user of (part 2 §6).
 */
function scopeFor(user: AuthUser): FacilityScope {
  return roleFlags(user.roles).isAdmin ? {} : { userId: user.sub };
}

const missing = (facilityNdx: number) => notFound(`Facility ${facilityNdx} does not exist or you are not authorised for it`);

export function facilitiesForUser(db: Db, user: AuthUser): Promise<DisplayFacility[]> {
  return listDisplayFacilities(db, scopeFor(user));
}

export async function facilityForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<FacilityDetail> {
  const row = await findFacilityDetail(db, scopeFor(user), facilityNdx);
  if (!row) throw missing(facilityNdx);
  return row;
}

/** The summary panel: the facility's locations with their newest values, and the newest report of all. */
export async function facilitySummaryForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<FacilitySummary> {
  // Same authorisation as the facility itself: no summary of a facility the caller may not open.
  await facilityForUser(db, user, facilityNdx);
  const locations = await listFacilityLocationsWithLatest(db, facilityNdx);
  let last: string | null = null;
  for (const l of locations) for (const v of l.latest) if (last === null || v.collect_timestamp > last) last = v.collect_timestamp;
  return { facility_ndx: facilityNdx, location_count: locations.length, last_report_timestamp: last, locations };
}
