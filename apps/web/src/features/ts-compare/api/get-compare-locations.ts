import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { tsCompareLocationSchema, type TsCompareLocation } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/ts-compare-dropdown-locations-assoc: readable locations with their parameters and facilities. */
export function getCompareLocations(signal?: AbortSignal): Promise<TsCompareLocation[]> {
  return apiRequest('ts-compare-dropdown-locations-assoc', { schema: z.array(tsCompareLocationSchema), signal, auth: false });
}

export function useCompareLocations(caller: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['ts-compare', 'locations', caller],
      enabled: caller !== null,
      queryFn: ({ signal }) => getCompareLocations(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
