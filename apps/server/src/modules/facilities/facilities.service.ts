import { roleFlags, type DisplayFacility } from '@portal/contracts';
import type { AuthUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { listDisplayFacilities } from './facilities.repository';

/**
 * Administrators and Developers see every facility; everybody else sees the facilities
 * they are an authorised user of (part 2 §6).
 */
function scopeFor(user: AuthUser): { userId?: string } {
  return roleFlags(user.roles).isAdmin ? {} : { userId: user.sub };
}

export function facilitiesForUser(db: Db, user: AuthUser): Promise<DisplayFacility[]> {
  return listDisplayFacilities(db, scopeFor(user));
}

export async function facilityForUser(db: Db, user: AuthUser, facilityNdx: number): Promise<DisplayFacility> {
  const [row] = await listDisplayFacilities(db, { ...scopeFor(user), facilityNdx });
  if (!row) throw notFound(`Facility ${facilityNdx} does not exist or you are not authorised for it`);
  return row;
}
