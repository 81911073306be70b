import { queryOptions, useQuery } from '@tanstack/react-query';
import { batteriesResponseSchema, type BatteryStatus } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/display-batteries-last7days-stats (public). The token goes along when signed in, so
 * staff also see private stations (decision 0009); anonymous visitors get the public ones.
 */
export function getBatteriesStatus(signal?: AbortSignal): Promise<BatteryStatus[]> {
  return apiRequest('display-batteries-last7days-stats', { schema: batteriesResponseSchema, signal });
}

/** Keyed on the caller: a staff answer may hold private stations. */
export const batteriesStatusQueryOptions = (caller: string | null) =>
  queryOptions({
    queryKey: ['reports', 'batteries', caller],
    queryFn: ({ signal }) => getBatteriesStatus(signal),
    enabled: caller !== null,
  });

/** `caller` from useCallerKey: nothing is fetched until the session is known. */
export function useBatteriesStatus(caller: string | null) {
  return useQuery(batteriesStatusQueryOptions(caller));
}
