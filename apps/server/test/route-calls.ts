import type { DeclaredRoute } from '../src/tokens/guard';
import type { TestApp } from './test-app';

/** The callers of the authorization matrix, with the roles their tokens carry (null: no token). */
export const IDENTITIES: Array<{ name: string; roles: string[] | null }> = [
  { name: 'anonymous', roles: null },
  { name: 'no role', roles: [] },
  { name: 'User', roles: ['User'] },
  { name: 'All Data User', roles: ['All Data User'] },
  { name: 'Administrator', roles: ['Administrator'] },
  { name: 'Developer', roles: ['Developer'] },
];

/** Developer counts as admin (decision 0002). */
const holds = (roles: string[], wanted: readonly string[]) =>
  roles.some((r) => wanted.includes(r)) || (roles.includes('Developer') && wanted.includes('Administrator'));

/** What the guard must answer, from the route's declared access: 401, 403, or 'passes' (the handler decides). */
export function expectedGuard(route: DeclaredRoute, roles: string[] | null): 401 | 403 | 'passes' {
  if (route.access === 'public') return 'passes';
  if (roles === null) return 401;
  if (route.access === 'authenticated') return 'passes';
  return holds(roles, route.access) ? 'passes' : 403;
}

/** A concrete URL of a route template, every path parameter set to `value`. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(value(name))).replace(/\*$/, 'x');
}

export const hasBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

/** Calls one route the way a client would. */
export async function call(h: TestApp, method: string, url: string, token: string | undefined, payload?: unknown) {
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

/** The API's routes worth calling (HEAD mirrors GET; the OIDC provider is tested on its own). */
export function apiRoutes(h: TestApp): DeclaredRoute[] {
  return h.app.declaredAccess.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
}

/** The open data API answers errors in the OGC exception shape { code, description }; the rest of the API in { error, message }. */
export function hasErrorShape(url: string, body: Record<string, unknown>): boolean {
  const ogc = url === '/ogcapi' || url.startsWith('/ogcapi/') || url.startsWith('/ogcapi?');
  return ogc
    ? typeof body.code === 'string' && typeof body.description === 'string'
    : typeof body.error === 'string' && typeof body.message === 'string';
}
