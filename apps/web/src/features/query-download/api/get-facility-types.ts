import { queryOptions, useQuery } from '@tanstack/react-query';
import { qdFacilityTypeSchema, type QdFacilityType } from '@portal/contracts';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/facility-query-download/list-facility-types-united-only (bearer). */
export function getFacilityTypes(signal?: AbortSignal): Promise<QdFacilityType[]> {
  return apiRequest('facility-query-download/list-facility-types-united-only', { schema: z.array(qdFacilityTypeSchema), signal });
}

export const facilityTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['query-download', 'facility-types'],
    queryFn: ({ signal }) => getFacilityTypes(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useFacilityTypes() {
  return useQuery(facilityTypesQueryOptions());
}
