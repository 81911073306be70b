import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMapLayer } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/** The layer list is cached and stays fresh for a day. */
export const LAYER_LIST_CACHE_MS = 864e5;

/** GET /api/public-map/layers: the layers the caller may see (bearer only when signed in). */
export function getPublicMapLayers(signal?: AbortSignal): Promise<PublicMapLayer[]> {
  return apiRequest<PublicMapLayer[]>('public-map/layers', { signal });
}

/** Keyed on the authentication state, so signing in fetches the staff list (with the private layer). */
export const publicMapLayersQueryOptions = (isAuthenticated: boolean) =>
  queryOptions({
    queryKey: ['public-map', 'layers', isAuthenticated ? 'authenticated' : 'anonymous'],
    queryFn: ({ signal }) => getPublicMapLayers(signal),
    staleTime: LAYER_LIST_CACHE_MS,
    gcTime: LAYER_LIST_CACHE_MS,
    refetchOnWindowFocus: false,
  });

export function usePublicMapLayers(isAuthenticated: boolean, enabled = true) {
  return useQuery({ ...publicMapLayersQueryOptions(isAuthenticated), enabled });
}
