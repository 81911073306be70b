import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CLIENT_CONFIG_ELEMENT_ID, isClientConfig, type ClientConfig } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { setDistrictTimeZone } from '../../../lib/district-zone';

/** GET /api/config (no auth): what the SPA needs before it can create the OIDC client. */
export async function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  const config = await apiRequest('config', { auth: false, check: isClientConfig, signal });
  // Dates and times follow the server's DISTRICT_TIME_ZONE; the pages remount once a config that
  // was not in the page's HTML is in (app/providers.tsx).
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

/** The page: where the server's HTML carries the configuration. */
export type PageWithConfig = Pick<Document, 'getElementById'>;

/**
 * Starts the query cache with the configuration the page's HTML carries (a JSON data block the
 * server writes into every page), so the first render already has it: no request, and no remount
 * when it arrives. Null when the page carries none or an invalid one (then GET /api/config is asked).
 */
export function seedClientConfigFromPage(client: QueryClient, page: PageWithConfig): ClientConfig | null {
  const text = page.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isClientConfig(config)) return null;
  setDistrictTimeZone(config.districtTimeZone);
  client.setQueryData(clientConfigQueryOptions().queryKey, config);
  return config;
}
