import { useMemo } from 'react';
import { ROUTES } from '@portal/contracts';
import { useCanOpenPage } from '../../lib/page-access';
import { useSession } from '../../lib/session';
import { useDisplayListFacilities } from './get-display-list-facilities';

/**
 * Facility pages the caller may open: their role has facility pages, and the facility is one the
 * server's access policy lets them read
 * (GET /api/display-list-facilities, decision 0012), from the same cached list as the sidebar.
 */
export function useOpenableFacilities(): ReadonlySet<number> {
  const { user } = useSession();
  const sub = user?.profile.sub;
  // The page table says who may open a facility page: an All Data User reads every facility's
  // data but may not open one.
  const hasPages = useCanOpenPage()(ROUTES.FACILITY_DETAILS);
  const { data } = useDisplayListFacilities(sub, hasPages);
  return useMemo(() => new Set(hasPages ? (data ?? []).map((f) => f.facility_ndx) : []), [data, hasPages]);
}
