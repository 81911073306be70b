import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLES, decideAccess, rolesOf, type Access, type RoleName } from '@portal/contracts';
import { forbidden, unauthorized } from '../http/errors';
import { apiKeyOf, type ApiKeyVerifier } from './api-key';
import { AccountCheckUnavailable } from './token-version';
import { InvalidTokenError, type AuthUser, type TokenVerifier } from './token-verifier';

/**
 * Who may call a route: the Access the web's pages use too (contracts). Every /api and /ogcapi
 * route declares one (checked at start-up): 'public' (token optional: a valid one identifies the
 * caller), 'authenticated' (any valid token), or a list of roles (valid token holding one of them).
 */
export type RouteAccess = Access;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every /api and /ogcapi route with its declared access, in registration order (tests derive expectations from it). */
    declaredAccess: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

/** Route options for a route anyone may call. */
export const publicAccess = { config: { access: 'public' as RouteAccess } };
/** Route options for a route any signed-in caller may call. */
export const requireAuth = { config: { access: 'authenticated' as RouteAccess } };
/** Route options for a route only the given roles may call: 401 without a valid token, 403 without the role. */
export function requireRole(...roles: RoleName[]) {
  return { config: { access: roles as RouteAccess } };
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <access token>"');
  return match[1];
}

/** Methods a personal API key may use: keys only read. */
const KEY_METHODS = new Set(['GET', 'HEAD']);
/** Pages of accounts and identities: a key never reaches them, whatever its user's role (a key cannot list or make keys). */
const KEYLESS_PREFIXES = ['/api/account', '/api/auth', '/api/users-management', '/api/sign-up-setting'];

/**
 * Where a personal API key is refused although its user could call the route with a token:
 * any write, the account and identity pages, and routes only administrators may call.
 */
export function keyRefusal(method: string, url: string, access: RouteAccess): string | null {
  if (!KEY_METHODS.has(method)) return `An API key only reads (GET): ${method} needs the signed-in web app`;
  if (KEYLESS_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return 'An API key does not reach account and user pages';
  if (Array.isArray(access) && access.every((role) => ADMIN_ROLES.includes(role))) {
    return 'An API key does not reach administration pages';
  }
  return null;
}

/** Decides one request against its route's declared access. */
export async function authorize(
  request: FastifyRequest,
  access: RouteAccess,
  verify: TokenVerifier,
  verifyKey?: ApiKeyVerifier,
): Promise<void> {
  const key = verifyKey ? apiKeyOf(request) : undefined;
  if (key !== undefined && verifyKey) {
    request.user = await verifyKey(key, request);
    const refusal = keyRefusal(request.method, request.routeOptions.url ?? '', access);
    if (refusal) throw forbidden(refusal);
  }
  const token = key === undefined ? bearerToken(request) : undefined;
  if (token) {
    try {
      request.user = await verify(token);
    } catch (e) {
      if (e instanceof AccountCheckUnavailable) throw e.cause;
      throw unauthorized(e instanceof InvalidTokenError ? e.message : 'The access token could not be verified');
    }
  }
  const decision = decideAccess(access, { isAuthenticated: request.user !== null, roles: request.user?.roles ?? [] });
  if (decision === 'sign-in') throw unauthorized('Sign-in required: send a bearer access token');
  if (decision === 'forbidden') throw forbidden(`This requires one of the roles: ${rolesOf(access).join(', ')}`);
}

/**
 * Installs the guard: every /api and /ogcapi route must declare its access; each request is
 * checked before validation. With `verifyKey`, personal API keys (X-Api-Key, or a bearer
 * credential starting with wp_) identify their user too, on the routes `keyRefusal` leaves them.
 */
export function registerGuard(app: FastifyInstance, verify: TokenVerifier, verifyKey?: ApiKeyVerifier): void {
  app.decorateRequest('user', null);
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredAccess', declared);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    const isApi = (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url === '/ogcapi' || url.startsWith('/ogcapi/');
    if (!isApi) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${url} does not declare who may call it (config.access)`);
    }
    for (const method of [route.method].flat()) declared.push({ method: String(method), url, access: route.config.access });
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access) await authorize(request, access, verify, verifyKey);
  });
}
