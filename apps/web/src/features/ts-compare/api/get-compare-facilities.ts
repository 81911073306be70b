import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareFacilitySchema, type TsCompareFacility } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ts-compare-dropdown-facilities: facilities holding a location the caller may compare. */
export function getCompareFacilities(signal?: AbortSignal): Promise<TsCompareFacility[]> {
  return apiRequest('ts-compare-dropdown-facilities', { schema: z.array(tsCompareFacilitySchema), signal });
}

/** Keyed on the caller: signed-in callers may see more (decision 0012). */
export function useCompareFacilities(caller: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['ts-compare', 'facilities', caller],
      enabled: caller !== null,
      queryFn: ({ signal }) => getCompareFacilities(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
