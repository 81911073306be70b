import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Basemap } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/** GET /api/public-map/basemaps: the basemaps of the panel, in panel order, with style URLs. */
export function getBasemaps(signal?: AbortSignal): Promise<Basemap[]> {
  return apiRequest<Basemap[]>('public-map/basemaps', { auth: false, signal });
}

export const basemapsQueryOptions = () =>
  queryOptions({
    queryKey: ['public-map', 'basemaps'],
    queryFn: ({ signal }) => getBasemaps(signal),
    staleTime: 60 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useBasemaps() {
  return useQuery(basemapsQueryOptions());
}
