import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysKey } from './get-api-keys';

/** DELETE /api/account/api-keys/{id} (bearer): the key stops working at once. */
export async function revokeApiKey(id: number): Promise<void> {
  await apiRequest(`account/api-keys/${id}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }) });
}
