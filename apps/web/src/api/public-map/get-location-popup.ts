import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { UNITED_LOCATIONS_SOURCE_ID, type LocationPopup } from '@portal/contracts';
import { apiRequest } from '../../lib/api-client';

/** The two location feeds; each has its own popup endpoint with the feed's access rule. */
export type LocationFeedId = 'public-locations' | 'united-locations';

/**
 * GET /api/public-map/public-locations/{ndx} (anyone, public locations only) or
 * GET /api/public-map/united/{ndx} (staff): every popup property of one location. The feeds
 * carry only what the map draws and searches (decision 0022).
 */
export function getLocationPopup(feed: LocationFeedId, locationNdx: number, signal?: AbortSignal): Promise<LocationPopup> {
  return feed === UNITED_LOCATIONS_SOURCE_ID
    ? apiRequest<LocationPopup>(`public-map/united/${locationNdx}`, { signal })
    : apiRequest<LocationPopup>(`public-map/public-locations/${locationNdx}`, { signal });
}

/** Keyed on the user for the staff feed, so another sign-in on the same tab never sees the previous user's data. */
export const locationPopupQueryOptions = (feed: LocationFeedId, locationNdx: number, sub: string | undefined) =>
  queryOptions({
    queryKey: ['public-map', 'location-popup', feed, locationNdx, feed === UNITED_LOCATIONS_SOURCE_ID ? (sub ?? 'anonymous') : 'public'],
    queryFn: ({ signal }) => getLocationPopup(feed, locationNdx, signal),
    staleTime: 60_000,
    retry: false,
  });

/** Fetches (or takes from the query cache) one location's popup properties. */
export function fetchLocationPopup(
  client: QueryClient,
  feed: LocationFeedId,
  locationNdx: number,
  sub: string | undefined,
): Promise<LocationPopup> {
  return client.fetchQuery(locationPopupQueryOptions(feed, locationNdx, sub));
}
