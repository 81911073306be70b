import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { associatedParameterSchema, type AssociatedParameter } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/list-parameters/{ids}: the facility's parameters. */
export function getListParameters(ids: readonly number[], signal?: AbortSignal): Promise<AssociatedParameter[]> {
  return apiRequest(`list-parameters/${ids.join(',')}`, { schema: z.array(associatedParameterSchema), signal });
}

export function useListParameters(ids: readonly number[], sub: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['facilities', 'list-parameters', ids.join(','), sub ?? 'anonymous'],
      queryFn: ({ signal }) => getListParameters(ids, signal),
      enabled: ids.length > 0,
      staleTime: 5 * 60_000,
    }),
  );
}
