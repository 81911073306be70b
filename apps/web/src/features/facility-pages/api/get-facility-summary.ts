import { queryOptions, useQuery } from '@tanstack/react-query';
import { facilitySummarySchema, type FacilitySummary } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facility-summary/{ndx} (bearer): the facility's locations with their newest values. */
export function getFacilitySummary(facilityNdx: number, signal?: AbortSignal): Promise<FacilitySummary> {
  return apiRequest(`facility-summary/${facilityNdx}`, { schema: facilitySummarySchema, signal });
}

export const facilitySummaryQueryOptions = (facilityNdx: number, sub: string | undefined) =>
  queryOptions({
    queryKey: ['facilities', 'summary', facilityNdx, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getFacilitySummary(facilityNdx, signal),
    // New data arrives every 15 minutes; a page left open keeps its newest values current.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });

export function useFacilitySummary(facilityNdx: number, sub: string | undefined, enabled: boolean) {
  return useQuery({ ...facilitySummaryQueryOptions(facilityNdx, sub), enabled: enabled && Boolean(sub) });
}
