import { queryOptions, useQuery } from '@tanstack/react-query';
import { facilityDetailSchema, type FacilityDetail } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/display-list-facilities/{ndx} (bearer): one facility with its map view; 404 outside the user's facilities. */
export function getFacility(facilityNdx: number, signal?: AbortSignal): Promise<FacilityDetail> {
  return apiRequest(`display-list-facilities/${facilityNdx}`, { schema: facilityDetailSchema, signal });
}

/** Keyed on the user as well: another sign-in on the same tab must not see a cached facility. */
export const facilityQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  queryOptions({
    queryKey: ['facilities', 'detail', facilityNdx, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getFacility(facilityNdx, signal),
    staleTime: 5 * 60_000,
    // A 404 (not authorised or gone) will not change by asking again.
    retry: false,
  });

export function useFacility(facilityNdx: number, sub: string | undefined) {
  return useQuery({ ...facilityQueryOptions(facilityNdx, sub), enabled: Boolean(sub) && Number.isInteger(facilityNdx) && facilityNdx > 0 });
}
