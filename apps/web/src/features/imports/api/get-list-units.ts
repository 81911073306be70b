import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importUnitOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ImportUnitOption = z.infer<typeof importUnitOptionSchema>;

/** GET /api/list-units (bearer, admin): unit choices of the imports form. */
export function getImportUnits(signal?: AbortSignal): Promise<ImportUnitOption[]> {
  return apiRequest('list-units', { schema: z.array(importUnitOptionSchema), signal });
}

export const importUnitsQueryOptions = () =>
  queryOptions({ queryKey: ['imports', 'list-units'], queryFn: ({ signal }) => getImportUnits(signal), staleTime: 5 * 60_000 });

export function useImportUnits() {
  return useQuery(importUnitsQueryOptions());
}
