import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestClassesResponse } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/**
 * GET /api/series-normals/latest-classes: each readable series' latest daily mean with its
 * percentile and class against its day of year (the map's colour-by, the popup's and the
 * panel's sentence). One request shared by every reader.
 */
export function getLatestClasses(signal?: AbortSignal): Promise<LatestClassesResponse> {
  return apiRequest<LatestClassesResponse>('series-normals/latest-classes', { signal });
}

/** Keyed on the caller: staff also get private locations. */
export const latestClassesQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['series-normals', 'latest-classes', sub ?? 'anonymous'],
    queryFn: ({ signal }) => getLatestClasses(signal),
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

export function useLatestClasses(sub: string | undefined, enabled = true) {
  return useQuery({ ...latestClassesQueryOptions(sub), enabled });
}
