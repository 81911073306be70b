import { queryOptions, useQuery } from '@tanstack/react-query';
import { batteriesResponseSchema, type BatteryStatus } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/display-batteries-last7days-stats: a public call, made without a token even when
 * signed in, so everybody sees the same public stations (decision 0009).
 */
export function getBatteriesStatus(signal?: AbortSignal): Promise<BatteryStatus[]> {
  return apiRequest('display-batteries-last7days-stats', { schema: batteriesResponseSchema, signal, auth: false });
}

/** Keyed on the caller only to wait for the session; the call itself carries no token (public). */
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
