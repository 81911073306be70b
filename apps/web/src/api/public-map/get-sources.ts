import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPublicMapSourceList, type PublicMapSource } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/**
 * GET /api/public-map/sources: the GeoJSON of the layers the caller may see (never
 * united-locations, which comes from GET /united). Bearer when signed in, like the layer list.
 */
export function getPublicMapSources(signal?: AbortSignal): Promise<PublicMapSource[]> {
  return apiRequest('public-map/sources', { check: isPublicMapSourceList, signal });
}

export const publicMapSourcesQueryOptions = (isAuthenticated: boolean) =>
  queryOptions({
    queryKey: ['public-map', 'sources', isAuthenticated ? 'authenticated' : 'anonymous'],
    queryFn: ({ signal }) => getPublicMapSources(signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function usePublicMapSources(isAuthenticated: boolean, enabled = true) {
  return useQuery({ ...publicMapSourcesQueryOptions(isAuthenticated), enabled });
}
