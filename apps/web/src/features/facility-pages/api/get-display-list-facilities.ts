import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { displayFacilitySchema, type DisplayFacility } from '@portal/contracts';
import { apiRequest } from '../../../lib/api-client';

export type DisplayListFacility = DisplayFacility;

/** GET /api/display-list-facilities (bearer): facilities the signed-in user is authorised for. */
export function getDisplayListFacilities(signal?: AbortSignal): Promise<DisplayListFacility[]> {
  return apiRequest('display-list-facilities', { schema: z.array(displayFacilitySchema), signal });
}

export const displayListFacilitiesQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: ['facilities', 'display-list', sub ?? 'anonymous'],
    queryFn: ({ signal }) => getDisplayListFacilities(signal),
    enabled: Boolean(sub),
    staleTime: 5 * 60_000,
  });

/** Only runs for signed-in users; `enabled` lets callers skip it for roles that never see it. */
export function useDisplayListFacilities(sub: string | undefined, enabled = true) {
  return useQuery({ ...displayListFacilitiesQueryOptions(sub), enabled: enabled && Boolean(sub) });
}
