import type { QueryClient } from '@tanstack/react-query';
import { ROUTES } from '@portal/contracts';
import { basemapsQueryOptions } from '../api/public-map/get-basemaps';
import { clientConfigQueryOptions, seedClientConfigFromPage, type PageWithConfig } from '../features/auth/api/get-client-config';

/** The queries of each route's first fetches (FIRST_FETCHES_OF_ROUTE, which the server's HTML preloads). */
const FIRST_QUERIES_OF_ROUTE: Partial<Record<string, ReadonlyArray<(client: QueryClient) => Promise<void>>>> = {
  [ROUTES.PUBLIC_MAP]: [(client) => client.prefetchQuery(basemapsQueryOptions())],
};

/**
 * Gets, before React renders anything, the public answers the first render of the page at
 * `pathname` waits for: the client configuration on every page (from the page's HTML, else asked
 * for), and the basemap list on the map (the server's HTML hints the browser to fetch it already),
 * which creates its map as soon as it has the first basemap's style. Answers that differ for a
 * signed-in caller are never asked here: the session is not known yet.
 */
export function prefetchRouteData(client: QueryClient, pathname: string, page: PageWithConfig = document): void {
  if (!seedClientConfigFromPage(client, page)) void client.prefetchQuery(clientConfigQueryOptions());
  for (const prefetch of FIRST_QUERIES_OF_ROUTE[pathname] ?? []) void prefetch(client);
}
