import type { DisplayFacility, FacilityDetail, FacilitySummary } from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { facilityNotFound, readableFacility } from '../../access/access.repository';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { findFacilityDetail, listDisplayFacilities, listFacilityLocationsWithLatest } from './facilities.repository';

/** Which facilities a caller may open is decision 0012 (src/access). */
const readable = (user: AuthUser) => readableFacility(callerOf(user), 'f');

export function facilitiesForUser(db: Db, user: AuthUser): Promise<DisplayFacility[]> {
  return listDisplayFacilities(db, readable(user));
}

export async function facilityForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<FacilityDetail> {
  const row = await findFacilityDetail(db, readable(user), facilityNdx);
  if (!row) throw facilityNotFound(facilityNdx);
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
