import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/config (no auth): what the SPA needs before it can create the OIDC client. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return apiRequest('config', { auth: false, schema: clientConfigSchema, signal });
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    // The configuration does not change while the page is open.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    retryDelay: 500,
  });

export function useClientConfigQuery() {
  return useQuery(clientConfigQueryOptions());
}
