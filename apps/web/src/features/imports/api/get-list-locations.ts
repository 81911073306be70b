import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importLocationOptionSchema } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type ImportLocationOption = z.infer<typeof importLocationOptionSchema>;

/** GET /api/list-locations (bearer, admin): location choices of the imports form. */
export function getImportLocations(signal?: AbortSignal): Promise<ImportLocationOption[]> {
  return apiRequest('list-locations', { schema: z.array(importLocationOptionSchema), signal });
}

export const importLocationsQueryOptions = () =>
  queryOptions({ queryKey: ['imports', 'list-locations'], queryFn: ({ signal }) => getImportLocations(signal), staleTime: 5 * 60_000 });

export function useImportLocations() {
  return useQuery(importLocationsQueryOptions());
}
