import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importSourceSchema, type ImportSource } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export const importSourcesKey = ['imports', 'sources'] as const;

/** GET /api/import-data-sources (bearer, admin): every source with its names and latest run. */
export function getImportSources(signal?: AbortSignal): Promise<ImportSource[]> {
  return apiRequest('import-data-sources', { schema: z.array(importSourceSchema), signal });
}

export const importSourcesQueryOptions = () =>
  queryOptions({ queryKey: importSourcesKey, queryFn: ({ signal }) => getImportSources(signal) });

export function useImportSources() {
  return useQuery(importSourcesQueryOptions());
}
