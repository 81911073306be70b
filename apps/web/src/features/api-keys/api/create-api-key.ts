import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyCreatedSchema, type ApiKeyCreate, type ApiKeyCreated } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

/** POST /api/account/api-keys (bearer): a new key, whose secret this answer alone carries. */
export function createApiKey(body: ApiKeyCreate): Promise<ApiKeyCreated> {
  return apiRequest('account/api-keys', { method: 'POST', body, schema: apiKeyCreatedSchema });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
