import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteSummaryResponseSchema, type SiteSummaryRow } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/reports-site-param-summary-united-stations (public). The token goes along when signed
 * in, so staff also see private stations (decision 0009); anonymous visitors get the public ones.
 */
export function getSiteSummary(signal?: AbortSignal): Promise<SiteSummaryRow[]> {
  return apiRequest('reports-site-param-summary-united-stations', { schema: siteSummaryResponseSchema, signal });
}

/** Keyed on the caller: a staff answer may hold private stations. */
export const siteSummaryQueryOptions = (caller: string | null) =>
  queryOptions({
    queryKey: ['reports', 'site-summary', caller],
    queryFn: ({ signal }) => getSiteSummary(signal),
    enabled: caller !== null,
  });

/** `caller` from useCallerKey: nothing is fetched until the session is known. */
export function useSiteSummary(caller: string | null) {
  return useQuery(siteSummaryQueryOptions(caller));
}
