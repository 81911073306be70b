import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { incrementWindowCounter, readWindowCounter } from './rate-limit.repository';

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** What the plugin really hands a store: its settings merged with the route's rateLimit config. */
interface LimitSettings {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A @fastify/rate-limit store that keeps its counters in PostgreSQL (table throttle_counter),
 * so every app process counts against the same limit. Each route's limit gets its own counters
 * (the key names the route's rate-limit group, or else its method and URL).
 */
export function postgresRateLimitStore(db: Db, now: () => number = Date.now) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: FastifyRateLimitOptions | LimitSettings = {}) {
      const { groupId, routeInfo: route } = options as LimitSettings;
      this.prefix = `rate:${groupId ?? (route?.url ? `${[route.method].flat().join(',')} ${route.url}` : 'global')}:`;
    }

    incr(key: string, cb: StoreCallback, timeWindow: number): void {
      const at = now();
      incrementWindowCounter(db, this.prefix + key, at, timeWindow).then(
        (r) => cb(null, { current: r.attempts, ttl: Math.max(0, r.expiresAt - at) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: StoreCallback): void {
      const at = now();
      readWindowCounter(db, this.prefix + key, at).then(
        (r) => cb(null, { current: r.attempts, ttl: Math.max(0, r.expiresAt - at) }),
        (err: Error) => cb(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new PostgresRateLimitStore(routeOptions as unknown as LimitSettings);
    }
  };
}
