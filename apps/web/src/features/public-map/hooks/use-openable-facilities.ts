import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { displayFacilitySchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * Facility numbers the caller may open, as the server's access policy decides them
 * (GET /api/display-list-facilities, decision 0012). Same query key as the sidebar's list, so
 * both share one request.
 */
export function useOpenableFacilities(): ReadonlySet<number> {
  const { isAuthenticated, user } = useSession();
  const sub = user?.profile.sub;
  const { data } = useQuery({
    queryKey: ['facilities', 'display-list', sub ?? 'anonymous'],
    queryFn: ({ signal }) => apiRequest('display-list-facilities', { schema: z.array(displayFacilitySchema), signal }),
    enabled: isAuthenticated && Boolean(sub),
    staleTime: 5 * 60_000,
  });
  return useMemo(() => new Set((data ?? []).map((f) => f.facility_ndx)), [data]);
}
