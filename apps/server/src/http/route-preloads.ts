import fs from 'node:fs';
import path from 'node:path';
import { CLIENT_CONFIG_ELEMENT_ID, FIRST_FETCHES_OF_ROUTE, ROUTES, SILENT_CALLBACK_PATH, type ClientConfig } from '@portal/contracts';

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`), keyed by source path or chunk name. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** A client route whose page's code, and the first public data it asks for, the HTML requests at once. */
interface RoutePreload {
  /** The route's path, matched exactly (without the query). */
  path: string;
  /** The page's module, as the build manifest names it. */
  module: string;
  /** Public answers the page fetches first (FIRST_FETCHES_OF_ROUTE). */
  fetches: readonly string[];
}

/**
 * Every page is a lazily loaded route: without hints its code (on the map, MapLibre among it) is
 * only asked for once the app shell has run and routed, and the map's basemap list after that.
 * Asked for with the HTML, both arrive while the shell starts. The pages a visitor arrives on
 * (the landing page, the map, sign-in and its return) get hints.
 */
export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  { path: ROUTES.LANDING, module: 'src/app/routes/landing-page.tsx', fetches: [] },
  { path: ROUTES.PUBLIC_MAP, module: 'src/app/routes/public-map-page.tsx', fetches: FIRST_FETCHES_OF_ROUTE[ROUTES.PUBLIC_MAP] ?? [] },
  { path: ROUTES.LOGIN, module: 'src/app/routes/login-page.tsx', fetches: [] },
  { path: ROUTES.AUTH_CALLBACK, module: 'src/app/routes/auth-callback-page.tsx', fetches: [] },
];

/**
 * A JSON data block: the browser runs none of it (no Content-Security-Policy matter), and with
 * every `<` escaped no text in the value can close the element or open a comment.
 */
export function jsonDataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

const fetchTag = (url: string) => `<link rel="preload" as="fetch" crossorigin href="${url}">`;

/** Every chunk a chunk imports statically, itself included, depth first. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/**
 * The `<link>` tags for one route: modulepreload for each chunk the page needs that the entry
 * does not already bring (the HTML preloads those), its stylesheets, and its first fetches.
 */
export function routePreloadTags(manifest: Manifest, route: RoutePreload): string {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const shell = entry ? staticClosure(manifest, entry) : new Set<string>();
  const page = [...staticClosure(manifest, route.module)].filter((k) => !shell.has(k));
  const scripts = page.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`);
  const styles = [...new Set(page.flatMap((k) => manifest[k].css ?? []))].map((f) => `<link rel="preload" as="style" href="/${f}">`);
  const fetches = route.fetches.map(fetchTag);
  return [...fetches, ...scripts, ...styles].join('');
}

/**
 * The index.html each client route is answered with: every page carries the client configuration
 * (what the app would otherwise ask GET /api/config for before its first render), and a route with
 * preloads its own code and first fetches too. Without a build manifest (or without the route's
 * module in it) a route gets the configuration only.
 */
export function routeHtml(
  webDist: string,
  indexHtml: string,
  clientConfig: ClientConfig,
  routes: readonly RoutePreload[] = ROUTE_PRELOADS,
): (path: string) => string {
  const config = jsonDataBlock(CLIENT_CONFIG_ELEMENT_ID, clientConfig);
  const withHints = (tags: string) => indexHtml.replace('</head>', `${config}${tags}</head>`);
  const shellHtml = withHints('');
  const pages = new Map<string, string>();
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (fs.existsSync(manifestFile)) {
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const route of routes) if (manifest[route.module]) pages.set(route.path, withHints(routePreloadTags(manifest, route)));
  }
  // The silent renew's iframe runs none of the app: it fetches nothing.
  return (pathname) => (pathname === SILENT_CALLBACK_PATH ? indexHtml : (pages.get(pathname) ?? shellHtml));
}
