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
export const batteriesStatusQueryOptions = (sub: string | undefined) =>
  queryOptions({ queryKey: ['reports', 'batteries', sub ?? 'anonymous'], queryFn: ({ signal }) => getBatteriesStatus(signal) });

export function useBatteriesStatus(sub: string | undefined) {
  return useQuery(batteriesStatusQueryOptions(sub));
}
