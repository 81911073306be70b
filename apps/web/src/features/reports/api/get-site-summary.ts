import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteSummaryResponseSchema, type SiteSummaryRow } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/reports-site-param-summary-united-stations: a public call, made without a token even
 * when signed in, so everybody sees the same public series (decision 0009).
 */
export function getSiteSummary(signal?: AbortSignal): Promise<SiteSummaryRow[]> {
  return apiRequest('reports-site-param-summary-united-stations', { schema: siteSummaryResponseSchema, signal, auth: false });
}

/** Keyed on the caller only to wait for the session; the call itself carries no token (public). */
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
