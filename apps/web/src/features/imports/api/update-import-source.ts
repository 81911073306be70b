import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importSourceSchema, type ImportSource, type ImportSourceInputBody } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';
import { importSourcesKey } from './get-import-sources';

/** PUT /api/import-data-sources/{import_ndx} (bearer, admin): replaces a source's settings. */
export function updateImportSource({ importNdx, body }: { importNdx: number; body: ImportSourceInputBody }): Promise<ImportSource> {
  return apiRequest(`import-data-sources/${importNdx}`, { method: 'PUT', body, schema: importSourceSchema });
}

export function useUpdateImportSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importSourcesKey }),
  });
}
