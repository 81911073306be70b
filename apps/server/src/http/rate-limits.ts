import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { HttpError } from './errors';
import { postgresRateLimitStore } from './rate-limit-store';

/**
 * Per-client rate limits of the endpoints that cost the server real work per request, so one
 * anonymous client cannot take the portal from everyone else. Counted per client address
 * (TRUST_PROXY decides what that is); answers 429 with Retry-After. The counters live in
 * PostgreSQL (http/rate-limit-store.ts), so several app processes share one limit.
 * Sign-in has its own throttle (identity-provider/login-throttle.ts).
 */
export const RATE_LIMITS = {
  /** POST /api/river-photos: one camera fetch (and mask) per request; a page asks once and retries once. */
  cameraProxy: { max: 60, timeWindow: 60_000 },
  /** /demo-cameras/*.jpg: the demo district's camera frames, limited like the camera proxy. */
  demoCameras: { max: 60, timeWindow: 60_000 },
  /** Query & Download: each request streams up to millions of rows. Counted per signed-in user. */
  download: { max: 30, timeWindow: 60_000, perUser: true },
  /**
   * The open data API (/ogcapi): each page may read up to 50,000 values. Counted per signed-in
   * user, else per address; a client paging through a year of one series asks a handful of times.
   */
  openData: { max: 300, timeWindow: 60_000, perUser: true },
  /**
   * Graph data (POST /api/graph-*-data15-min/:id): up to years of 15-minute rows per request; the
   * panel asks once per range or interval change. Per signed-in user, else per address.
   */
  graphs: { max: 120, timeWindow: 60_000, perUser: true },
  /** Comparison data (one request per axis, up to 10 locations each). Per signed-in user, else per address. */
  comparisons: { max: 120, timeWindow: 60_000, perUser: true },
  /** Glyph ranges: a map load asks for a handful; cached by the browser for a week. */
  glyphs: { max: 240, timeWindow: 60_000 },
  /**
   * Every request made with a personal API key, counted per key on top of the route's own limit:
   * a script paging through the open data API asks a few times a second at most.
   */
  apiKey: { max: 300, timeWindow: 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Adds one of the limits above to a route's access options (publicAccess, requireRole(...)). */
export function rateLimited<T extends { config: object }>(access: T, name: RateLimitName) {
  const { perUser, ...limit } = { perUser: false, ...RATE_LIMITS[name] };
  const rateLimit = perUser
    ? // After the guard has identified the caller (onRequest hooks run before it).
      { ...limit, groupId: name, hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => request.user?.sub ?? request.ip }
    : { ...limit, groupId: name };
  return { ...access, config: { ...access.config, rateLimit } };
}

export async function registerRateLimits(app: FastifyInstance, db: Db): Promise<void> {
  const store = postgresRateLimitStore(db);
  await app.register(rateLimit, {
    global: false,
    store,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests: at most ${context.max} a minute from one address. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
  registerApiKeyRateLimit(app, new store({ groupId: 'apiKey' }));
}

/**
 * Counts every request made with a personal API key against the key's own limit (RATE_LIMITS.apiKey),
 * with the counters of the route limits (one window per key, whatever route it calls), after the
 * guard has resolved the key. The route's own limit still counts as well.
 */
function registerApiKeyRateLimit(app: FastifyInstance, store: FastifyRateLimitStore): void {
  const { max, timeWindow } = RATE_LIMITS.apiKey;
  const count = (keyId: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr(`key:${keyId}`, (err, res) => (err || !res ? reject(err ?? new Error('no count')) : resolve(res)), timeWindow, max),
    );
  app.addHook('preHandler', async (request, reply) => {
    if (request.user?.apiKeyId === undefined) return;
    const { current, ttl } = await count(request.user.apiKeyId);
    if (current <= max) return;
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    void reply.header('retry-after', String(seconds));
    throw new HttpError(429, `Too many requests with this API key: at most ${max} a minute. Try again in ${seconds} s.`);
  });
}
