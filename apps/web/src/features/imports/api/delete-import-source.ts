import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { importSourcesKey } from './get-import-sources';

/** DELETE /api/import-data-sources/{import_ndx} (bearer, admin): removes a source and its run history. */
export async function deleteImportSource(importNdx: number): Promise<void> {
  await apiRequest(`import-data-sources/${importNdx}`, { method: 'DELETE' });
}

export function useDeleteImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImportSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importSourcesKey }),
  });
}
