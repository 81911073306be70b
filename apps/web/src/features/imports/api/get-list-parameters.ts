import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importParameterOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ImportParameterOption = z.infer<typeof importParameterOptionSchema>;

/** GET /api/list-parameters (bearer, admin): parameter choices of the imports form. */
export function getImportParameters(signal?: AbortSignal): Promise<ImportParameterOption[]> {
  return apiRequest('list-parameters', { schema: z.array(importParameterOptionSchema), signal });
}

export const importParametersQueryOptions = () =>
  queryOptions({ queryKey: ['imports', 'list-parameters'], queryFn: ({ signal }) => getImportParameters(signal), staleTime: 5 * 60_000 });

export function useImportParameters() {
  return useQuery(importParametersQueryOptions());
}
