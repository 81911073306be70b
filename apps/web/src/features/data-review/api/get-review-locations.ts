import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareLocationSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/ts-compare-dropdown-locations-assoc with the bearer token: the locations the caller may
 * read, each with the parameters it holds data of (the series the review page offers).
 */
export function useReviewLocations(caller: string | null) {
  return useQuery({
    queryKey: ['data-review', 'locations', caller],
    enabled: caller !== null,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => apiRequest('ts-compare-dropdown-locations-assoc', { schema: z.array(tsCompareLocationSchema), signal }),
  });
}
