import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DisplayFacility } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

export type DisplayListFacility = DisplayFacility;

/**
 * GET /api/display-list-facilities (bearer): facilities the signed-in user is authorised for. The
 * sidebar, the facility list, the account page, the map popups and Users Management all read it
 * through `useDisplayListFacilities`, so they share one cached request per user.
 */
export function getDisplayListFacilities(signal?: AbortSignal): Promise<DisplayListFacility[]> {
  return apiRequest<DisplayListFacility[]>('display-list-facilities', { signal });
}

/** The cache key of every user's list (invalidate it after a change to users' facilities). */
export const displayListFacilitiesKey = ['facilities', 'display-list'] as const;

export const displayListFacilitiesQueryOptions = (sub: string | undefined) =>
  queryOptions({
    queryKey: [...displayListFacilitiesKey, sub ?? 'anonymous'],
    queryFn: ({ signal }) => getDisplayListFacilities(signal),
    enabled: Boolean(sub),
    staleTime: 5 * 60_000,
  });

/** Only runs for signed-in users; `enabled` lets callers skip it for roles that never see it. */
export function useDisplayListFacilities(sub: string | undefined, enabled = true) {
  return useQuery({ ...displayListFacilitiesQueryOptions(sub), enabled: enabled && Boolean(sub) });
}
