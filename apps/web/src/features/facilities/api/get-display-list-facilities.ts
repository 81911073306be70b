import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// Local until packages/contracts gains a facilities contract; move it there then.
export const displayListFacilitySchema = z.object({
  facility_ndx: z.number(),
  facility_name: z.string(),
  facility_type_ndx: z.number(),
  facility_type_desc: z.string(),
  display_order: z.number().nullable(),
});
export type DisplayListFacility = z.infer<typeof displayListFacilitySchema>;

/** GET /api/display-list-facilities (bearer): facilities the signed-in user is authorised for. */
export function getDisplayListFacilities(signal?: AbortSignal): Promise<DisplayListFacility[]> {
  return apiRequest('display-list-facilities', { schema: z.array(displayListFacilitySchema), signal });
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
