import { queryOptions, useQuery } from '@tanstack/react-query';
import { isUnitedLocationsResponse, type UnitedLocationsResponse } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/** GET /api/public-map/united (bearer, staff only): every united location as GeoJSON. */
export function getUnitedLocations(signal?: AbortSignal): Promise<UnitedLocationsResponse> {
  return apiRequest('public-map/united', { check: isUnitedLocationsResponse, signal });
}

/** Keyed on the user, so another sign-in on the same tab never sees the previous user's data. */
export const unitedLocationsQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['public-map', 'united', sub ?? 'anonymous'],
    queryFn: ({ signal }) => getUnitedLocations(signal),
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

export function useUnitedLocations(sub: string | undefined, enabled: boolean) {
  return useQuery({ ...unitedLocationsQueryOptions(sub), enabled: enabled && Boolean(sub) });
}
