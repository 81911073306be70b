import { useMemo } from 'react';
import { FACILITY_PAGES_ROLES, hasAnyRole } from '@portal/contracts';
import { useSession } from '../../lib/session';
import { useDisplayListFacilities } from './get-display-list-facilities';

/**
 * Facility pages the caller may open: their role has facility pages, and the facility is one the
 * server's access policy lets them read
 * (GET /api/display-list-facilities, decision 0012), from the same cached list as the sidebar.
 */
export function useOpenableFacilities(): ReadonlySet<number> {
  const { isAuthenticated, roles, user } = useSession();
  const sub = user?.profile.sub;
  // Facility pages are for User, Administrator and Developer: an All Data User reads
  // every facility's data but has no facility page to open.
  const hasPages = isAuthenticated && hasAnyRole(roles, FACILITY_PAGES_ROLES);
  const { data } = useDisplayListFacilities(sub, hasPages);
  return useMemo(() => new Set(hasPages ? (data ?? []).map((f) => f.facility_ndx) : []), [data, hasPages]);
}
