import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema, type ApiKeyList } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** GET /api/account/api-keys (bearer): the signed-in user's API keys, never the keys themselves. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return apiRequest('account/api-keys', { schema: apiKeyListSchema, signal });
}

export const apiKeysKey = ['account', 'api-keys'] as const;

/** Keyed by the subject so a different sign-in never sees another user's list. */
export const apiKeysQueryOptions = (sub: string | undefined) =>
  queryOptions({ queryKey: [...apiKeysKey, sub ?? 'anonymous'], queryFn: ({ signal }) => getApiKeys(signal), enabled: Boolean(sub) });

export function useApiKeys() {
  const { user, isAuthenticated } = useSession();
  return useQuery(apiKeysQueryOptions(isAuthenticated ? user?.profile.sub : undefined));
}
