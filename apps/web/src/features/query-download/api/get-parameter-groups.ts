import { queryOptions, useQuery } from '@tanstack/react-query';
import { qdParameterGroupSchema, type QdParameterGroup } from '@portal/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facility-query-download/q-d-list-parameter-groups (bearer): the Measurements list. */
export function getParameterGroups(signal?: AbortSignal): Promise<QdParameterGroup[]> {
  return apiRequest('facility-query-download/q-d-list-parameter-groups', { schema: z.array(qdParameterGroupSchema), signal });
}

export const parameterGroupsQueryOptions = () =>
  queryOptions({
    queryKey: ['query-download', 'parameter-groups'],
    queryFn: ({ signal }) => getParameterGroups(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useParameterGroups() {
  return useQuery(parameterGroupsQueryOptions());
}
