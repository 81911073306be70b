import { queryOptions, useQuery } from '@tanstack/react-query';
import { displayFacilitySchema, type DisplayFacility } from '@portal/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facility-query-download/list-facilities-with-types (bearer): the facilities the caller may download. */
export function getFacilitiesWithTypes(signal?: AbortSignal): Promise<DisplayFacility[]> {
  return apiRequest('facility-query-download/list-facilities-with-types', { schema: z.array(displayFacilitySchema), signal });
}

// Keyed by user: the list depends on who asks.
export const facilitiesWithTypesQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['query-download', 'facilities', sub ?? 'anonymous'],
    queryFn: ({ signal }) => getFacilitiesWithTypes(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useFacilitiesWithTypes(sub: string | undefined) {
  return useQuery({ ...facilitiesWithTypesQueryOptions(sub), enabled: Boolean(sub) });
}
