import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importDataSourceOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ImportDataSourceOption = z.infer<typeof importDataSourceOptionSchema>;

/** GET /api/list-sources (bearer, admin): data source choices of the imports form. */
export function getImportDataSources(signal?: AbortSignal): Promise<ImportDataSourceOption[]> {
  return apiRequest('list-sources', { schema: z.array(importDataSourceOptionSchema), signal });
}

export const importDataSourcesQueryOptions = () =>
  queryOptions({ queryKey: ['imports', 'list-sources'], queryFn: ({ signal }) => getImportDataSources(signal), staleTime: 5 * 60_000 });

export function useImportDataSources() {
  return useQuery(importDataSourcesQueryOptions());
}
