import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { displayFacilitySchema, ROUTES } from '@portal/contracts';
import { apiRequest } from './api-client';
import { useCanOpenPage } from './page-access';
import { useSession } from './session';

/**
 * Facility pages the caller may open: their role has facility pages, and the facility is one the
 * server's access policy lets them read
 * (GET /api/display-list-facilities, decision 0012). Same query key as the sidebar's list, so
 * both share one request.
 */
export function useOpenableFacilities(): ReadonlySet<number> {
  const { user } = useSession();
  const sub = user?.profile.sub;
  // The page table says who may open a facility page: an All Data User reads every facility's
  // data but may not open one.
  const hasPages = useCanOpenPage()(ROUTES.FACILITY_DETAILS);
  const { data } = useQuery({
    queryKey: ['facilities', 'display-list', sub ?? 'anonymous'],
    queryFn: ({ signal }) => apiRequest('display-list-facilities', { schema: z.array(displayFacilitySchema), signal }),
    enabled: hasPages && Boolean(sub),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => new Set(hasPages ? (data ?? []).map((f) => f.facility_ndx) : []), [data, hasPages]);
}
