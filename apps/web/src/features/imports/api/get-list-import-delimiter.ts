import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importDelimiterOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ImportDelimiterOption = z.infer<typeof importDelimiterOptionSchema>;

/** GET /api/list-import-delimiter (bearer, admin): text file delimiter choices of the imports form. */
export function getImportDelimiters(signal?: AbortSignal): Promise<ImportDelimiterOption[]> {
  return apiRequest('list-import-delimiter', { schema: z.array(importDelimiterOptionSchema), signal });
}

export const importDelimitersQueryOptions = () =>
  queryOptions({
    queryKey: ['imports', 'list-import-delimiter'],
    queryFn: ({ signal }) => getImportDelimiters(signal),
    staleTime: 5 * 60_000,
  });

export function useImportDelimiters() {
  return useQuery(importDelimitersQueryOptions());
}
