import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema, type ClientConfig } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { setDistrictTimeZone } from '../../../lib/district-zone';

/** GET /api/config (no auth): what the SPA needs before it can create the OIDC client. */
export async function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  const config = await apiRequest('config', { auth: false, schema: clientConfigSchema, signal });
  // Dates and times follow the server's DISTRICT_TIME_ZONE; the pages remount once the config is in (app/providers.tsx).
  setDistrictTimeZone(config.districtTimeZone);
  return config;
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
