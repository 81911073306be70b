import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importSourceSchema, type ImportSource, type ImportSourceInputBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { importSourcesKey } from './get-import-sources';

/** POST /api/import-data-sources (bearer, admin): creates a source; the answer carries its import_ndx. */
export function createImportSource(body: ImportSourceInputBody): Promise<ImportSource> {
  return apiRequest('import-data-sources', { method: 'POST', body, schema: importSourceSchema });
}

export function useCreateImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importSourcesKey }),
  });
}
