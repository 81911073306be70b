import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMapFilters } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/public-map/filters: the Reporting Status and Location Types options (staff filter bar). */
export function getPublicMapFilters(signal?: AbortSignal): Promise<PublicMapFilters> {
  return apiRequest<PublicMapFilters>('public-map/filters', { signal });
}

export const publicMapFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['public-map', 'filters'],
    queryFn: ({ signal }) => getPublicMapFilters(signal),
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });

export function usePublicMapFilters(enabled: boolean) {
  return useQuery({ ...publicMapFiltersQueryOptions(), enabled });
}
