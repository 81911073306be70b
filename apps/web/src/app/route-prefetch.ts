import type { QueryClient } from '@tanstack/react-query';
import { ROUTES } from '@portal/contracts';
import { basemapsQueryOptions } from '../api/public-map/get-basemaps';
import { clientConfigQueryOptions } from '../features/auth/api/get-client-config';

/**
 * Asks, before React renders anything, for the public answers the first render of the page at
 * `pathname` waits for (the server's HTML hints the browser to fetch them already): the client
 * configuration on every page, and the basemap list on the map, which creates its map as soon as
 * it has the first basemap's style. Answers that differ for a signed-in caller are never asked
 * here: the session is not known yet.
 */
export function prefetchRouteData(client: QueryClient, pathname: string): void {
  void client.prefetchQuery(clientConfigQueryOptions());
  if (pathname === ROUTES.PUBLIC_MAP) void client.prefetchQuery(basemapsQueryOptions());
}
