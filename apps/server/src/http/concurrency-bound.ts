import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors';

/** The figures of a bound on concurrent heavy requests (config.ts reads them from the environment). */
export interface ConcurrencyLimits {
  /** Heavy requests running at once in this process, all callers together. */
  concurrent: number;
  /** Heavy requests running at once for one caller (signed-in user or key, else address). */
  perCaller: number;
  /** Heavy requests waiting for a turn, all callers together; more are refused with 429. */
  queue: number;
  /** Heavy requests one caller may have waiting; more are refused with 429. */
  queuePerCaller: number;
  /** The longest a request waits for its turn before it is refused with 429. */
  maxWaitMs: number;
}

/** What the bound has seen, for tests and logs: running and waiting now, and the most ever running at once. */
export interface ConcurrencyStats {
  running: number;
  waiting: number;
  mostRunning: number;
  mostRunningPerCaller: number;
  refused: number;
}

export interface ConcurrencyBound {
  stats(): ConcurrencyStats;
}

export interface ConcurrencyBoundOptions {
  /** Which routes the bound applies to (by their URL pattern, e.g. '/ogcapi/collections/:collectionId/items'). */
  routes: (url: string) => boolean;
  /** Whether one request to such a route is heavy (e.g. a page above some size); light ones pass untouched. */
  isHeavy: (request: FastifyRequest) => boolean;
  limits: ConcurrencyLimits;
  /** The sentence a refusal starts with, saying what is limited. */
  refusal: string;
  /** Who a request counts against; by default the signed-in user, else the client address. */
  callerOf?: (request: FastifyRequest) => string;
}

interface Waiter {
  caller: string;
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Bounds how many heavy requests run at once, in all and per caller: a few wait their turn in
 * arrival order (without holding anything but their socket), and beyond that, or after waiting
 * too long, a request is answered 429 with Retry-After before it starts. A request holds its
 * turn until its answer is finished or its client goes away, so a started answer always runs to
 * its end and heavy answers take at most `concurrent` database connections between them.
 * Registered once on the app; it attaches itself to the routes `routes` names, after their
 * access check and rate limit.
 */
export function registerConcurrencyBound(app: FastifyInstance, options: ConcurrencyBoundOptions): ConcurrencyBound {
  const { limits } = options;
  const callerOf =
    options.callerOf ??
    ((request: FastifyRequest) => {
      // The guard (tokens/guard.ts) sets the caller on the request before this runs.
      const user = (request as FastifyRequest & { user?: { sub: string } }).user;
      return user ? `user:${user.sub}` : `ip:${request.ip}`;
    });
  const running = new Map<string, number>();
  let runningTotal = 0;
  const waiting: Waiter[] = [];
  const stats = { mostRunning: 0, mostRunningPerCaller: 0, refused: 0 };

  const mayRun = (caller: string) => runningTotal < limits.concurrent && (running.get(caller) ?? 0) < limits.perCaller;
  const start = (caller: string) => {
    runningTotal++;
    const mine = (running.get(caller) ?? 0) + 1;
    running.set(caller, mine);
    stats.mostRunning = Math.max(stats.mostRunning, runningTotal);
    stats.mostRunningPerCaller = Math.max(stats.mostRunningPerCaller, mine);
  };
  const finish = (caller: string) => {
    runningTotal--;
    const mine = (running.get(caller) ?? 1) - 1;
    if (mine === 0) running.delete(caller);
    else running.set(caller, mine);
    // The first waiter in arrival order whose caller has room goes next.
    for (let i = 0; i < waiting.length && runningTotal < limits.concurrent; i++) {
      const w = waiting[i];
      if (!mayRun(w.caller)) continue;
      waiting.splice(i, 1);
      i--;
      clearTimeout(w.timer);
      start(w.caller);
      w.grant();
    }
  };
  const refuse = (reply: FastifyReply, why: string, retryAfterS: number) => {
    stats.refused++;
    void reply.header('retry-after', String(retryAfterS));
    return new HttpError(429, `${options.refusal} ${why} Try again in ${retryAfterS} s.`);
  };
  const retryAfterS = Math.max(1, Math.ceil(limits.maxWaitMs / 2000));

  async function takeTurn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!options.isHeavy(request)) return;
    const caller = callerOf(request);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      finish(caller);
    };
    if (mayRun(caller)) {
      start(caller);
    } else {
      const queuedByCaller = waiting.filter((w) => w.caller === caller).length;
      if (waiting.length >= limits.queue || queuedByCaller >= limits.queuePerCaller) {
        throw refuse(
          reply,
          `At most ${limits.concurrent} run at a time (${limits.perCaller} per caller) and ${limits.queue} wait (${limits.queuePerCaller} per caller).`,
          retryAfterS,
        );
      }
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          caller,
          grant: resolve,
          timer: setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(refuse(reply, `This one waited ${Math.round(limits.maxWaitMs / 1000)} s without its turn.`, retryAfterS));
          }, limits.maxWaitMs),
        };
        waiting.push(waiter);
        // A client that leaves while waiting gives up its place.
        reply.raw.once('close', () => {
          const at = waiting.indexOf(waiter);
          if (at < 0) return;
          waiting.splice(at, 1);
          clearTimeout(waiter.timer);
          reject(new HttpError(499, 'The client closed the request while it waited'));
        });
      });
    }
    // The turn ends when the answer is finished or the connection closes, whichever comes first
    // (a client that left between being given its turn and taking it gives it back at once).
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
    if (reply.raw.destroyed || request.raw.socket?.destroyed) release();
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!options.routes(route.url ?? '')) return;
    const existing = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [...existing, takeTurn];
  });

  return {
    stats: () => ({ running: runningTotal, waiting: waiting.length, ...stats }),
  };
}
