import type { QueryClient } from '@tanstack/react-query';
import { ROUTES, type ClientConfig } from '@portal/contracts';
import { basemapsQueryOptions } from '../api/public-map/get-basemaps';
import { publicMapLayersQueryOptions } from '../api/public-map/get-layers';
import { publicMapSourcesQueryOptions } from '../api/public-map/get-sources';
import { startsSignedOut } from '../lib/oidc-session';
import { clientConfigQueryOptions, seedClientConfigFromPage, type PageWithConfig } from '../features/auth/api/get-client-config';

/** The queries of each route's first fetches (FIRST_FETCHES_OF_ROUTE, which the server's HTML preloads). */
const FIRST_QUERIES_OF_ROUTE: Partial<Record<string, ReadonlyArray<(client: QueryClient) => Promise<void>>>> = {
  [ROUTES.PUBLIC_MAP]: [(client) => client.prefetchQuery(basemapsQueryOptions())],
};

/**
 * The queries a visitor's first render of each route waits for. Their answers differ for staff, so
 * the HTML cannot preload them (a preload carries no token), but a page view that starts signed
 * out asks for the visitor's answers, and can ask before React renders.
 */
const VISITOR_QUERIES_OF_ROUTE: Partial<Record<string, ReadonlyArray<(client: QueryClient) => Promise<void>>>> = {
  [ROUTES.PUBLIC_MAP]: [
    (client) => client.prefetchQuery(publicMapLayersQueryOptions(false)),
    (client) => client.prefetchQuery(publicMapSourcesQueryOptions(false)),
  ],
};

/**
 * Gets, before React renders anything, the public answers the first render of the page at
 * `pathname` waits for: the client configuration on every page (from the page's HTML, else asked
 * for), and the basemap list on the map (the server's HTML hints the browser to fetch it already),
 * which creates its map as soon as it has the first basemap's style. Answers that differ for a
 * signed-in caller are asked only for a page view that starts signed out (a visitor's), never with
 * a token: the token is not read before the session starts.
 */
export function prefetchRouteData(
  client: QueryClient,
  pathname: string,
  page: PageWithConfig = document,
  storage: () => Pick<Storage, 'getItem'> = () => window.sessionStorage,
): void {
  const config = seedClientConfigFromPage(client, page);
  if (!config) void client.prefetchQuery(clientConfigQueryOptions());
  for (const prefetch of FIRST_QUERIES_OF_ROUTE[pathname] ?? []) void prefetch(client);
  if (config && visitor(config, pathname, storage)) for (const prefetch of VISITOR_QUERIES_OF_ROUTE[pathname] ?? []) void prefetch(client);
}

/** A page view that starts signed out; a storage that cannot be read leaves it to the session to decide. */
function visitor(config: ClientConfig, pathname: string, storage: () => Pick<Storage, 'getItem'>): boolean {
  try {
    return startsSignedOut(config, storage(), pathname === ROUTES.AUTH_CALLBACK);
  } catch {
    return false;
  }
}
