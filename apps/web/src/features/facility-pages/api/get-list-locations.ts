import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { associatedLocationSchema, type AssociatedLocation } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/list-locations/{ids}: the facility's locations the caller may read. */
export function getListLocations(ids: readonly number[], signal?: AbortSignal): Promise<AssociatedLocation[]> {
  return apiRequest(`list-locations/${ids.join(',')}`, { schema: z.array(associatedLocationSchema), signal });
}

export function useListLocations(ids: readonly number[], sub: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['facilities', 'list-locations', ids.join(','), sub ?? 'anonymous'],
      queryFn: ({ signal }) => getListLocations(ids, signal),
      enabled: ids.length > 0,
      staleTime: 5 * 60_000,
    }),
  );
}
