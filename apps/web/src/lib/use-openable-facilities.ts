import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FACILITY_PAGES_ROLES, displayFacilitySchema, hasAnyRole } from '@portal/contracts';
import { apiRequest } from './api-client';
import { useSession } from './session';

/**
 * Facility pages the caller may open: their role has facility pages, and the facility is one the
 * server's access policy lets them read
 * (GET /api/display-list-facilities, decision 0012). Same query key as the sidebar's list, so
 * both share one request.
 */
export function useOpenableFacilities(): ReadonlySet<number> {
  const { isAuthenticated, roles, user } = useSession();
  const sub = user?.profile.sub;
  // Facility pages are for User, Administrator and Developer: an All Data User reads
  // every facility's data but has no facility page to open.
  const hasPages = isAuthenticated && hasAnyRole(roles, FACILITY_PAGES_ROLES);
  const { data } = useQuery({
    queryKey: ['facilities', 'display-list', sub ?? 'anonymous'],
    queryFn: ({ signal }) => apiRequest('display-list-facilities', { schema: z.array(displayFacilitySchema), signal }),
    enabled: hasPages && Boolean(sub),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => new Set(hasPages ? (data ?? []).map((f) => f.facility_ndx) : []), [data, hasPages]);
}
