import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareFacilitySchema, type TsCompareFacility } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ts-compare-dropdown-facilities: facilities holding a location the caller may compare. */
export function getCompareFacilities(signal?: AbortSignal): Promise<TsCompareFacility[]> {
  return apiRequest('ts-compare-dropdown-facilities', { schema: z.array(tsCompareFacilitySchema), signal, auth: false });
}

/** Keyed on the caller only to wait for the session; the call itself carries no token (public). */
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
