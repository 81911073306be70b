import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerConcurrencyBound, type ConcurrencyBound, type ConcurrencyLimits } from './concurrency-bound';
import { registerErrorHandler } from './error-handler';

/**
 * The bound on a route whose handler waits until the test lets it finish, so what runs, waits
 * and is refused is decided by the order of events alone, never by timing.
 */
interface Harness {
  app: FastifyInstance;
  bound: ConcurrencyBound;
  /** Handlers running now, in the order they started: call one to let it answer. */
  running: Array<{ caller: string; finish: () => void }>;
  started: string[];
}

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

async function harness(limits: Partial<ConcurrencyLimits> = {}): Promise<Harness> {
  app = Fastify();
  registerErrorHandler(app);
  const h: Harness = { app, bound: undefined as unknown as ConcurrencyBound, running: [], started: [] };
  h.bound = registerConcurrencyBound(app, {
    routes: (url) => url === '/heavy',
    isHeavy: (request) => (request.query as { light?: string }).light === undefined,
    limits: { concurrent: 2, perCaller: 1, queue: 2, queuePerCaller: 1, maxWaitMs: 60_000, ...limits },
    refusal: 'Too many heavy things at once.',
    callerOf: (request) => String(request.headers['x-caller']),
  });
  app.get('/heavy', async (request) => {
    const caller = String(request.headers['x-caller']);
    h.started.push(caller);
    await new Promise<void>((resolve) => h.running.push({ caller, finish: resolve }));
    return { caller };
  });
  await app.ready();
  return h;
}

const ask = (h: Harness, caller: string, query = '') => h.app.inject({ url: `/heavy${query}`, headers: { 'x-caller': caller } });
/** Lets pending hooks and handlers run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('registerConcurrencyBound', () => {
  it('runs at most the bound, queues the next in arrival order per caller, and refuses the rest with 429 and Retry-After', async () => {
    const h = await harness();
    const a1 = ask(h, 'a');
    const a2 = ask(h, 'a'); // a's second waits: one per caller
    const b1 = ask(h, 'b');
    const c1 = ask(h, 'c'); // waits: two running in all
    await settle();
    const a3 = await ask(h, 'a'); // a already has one waiting
    const d1 = await ask(h, 'd'); // the queue of two is full
    expect(h.started).toEqual(['a', 'b']);
    for (const refused of [a3, d1]) {
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ message: expect.stringContaining('Too many heavy things at once. At most 2 run at a time') });
    }
    expect(h.bound.stats()).toMatchObject({ running: 2, waiting: 2, refused: 2 });

    h.running[0].finish(); // a's first ends: a's second may run now (it arrived before c's)
    expect((await a1).statusCode).toBe(200);
    await settle();
    expect(h.started).toEqual(['a', 'b', 'a']);
    h.running[1].finish(); // b ends: c runs
    expect((await b1).statusCode).toBe(200);
    await settle();
    expect(h.started).toEqual(['a', 'b', 'a', 'c']);
    h.running[2].finish();
    h.running[3].finish();
    expect([(await a2).statusCode, (await c1).statusCode]).toEqual([200, 200]);
    expect(h.bound.stats()).toMatchObject({ running: 0, waiting: 0, mostRunning: 2, mostRunningPerCaller: 1 });
  });

  it('lets light requests through whatever runs', async () => {
    const h = await harness({ concurrent: 1, queue: 0 });
    const heavy = ask(h, 'a');
    await settle();
    const light = ask(h, 'b', '?light=1');
    await settle();
    expect(h.started).toEqual(['a', 'b']);
    h.running.forEach((r) => r.finish());
    expect([(await heavy).statusCode, (await light).statusCode]).toEqual([200, 200]);
    expect(h.bound.stats().mostRunning).toBe(1);
  });

  it('refuses a request that waited its longest with 429', async () => {
    const h = await harness({ concurrent: 1, maxWaitMs: 100 });
    const first = ask(h, 'a');
    await settle();
    const waited = await ask(h, 'b');
    expect(waited.statusCode).toBe(429);
    expect(waited.json()).toMatchObject({ message: expect.stringContaining('waited') });
    expect(h.bound.stats()).toMatchObject({ running: 1, waiting: 0 });
    h.running[0].finish();
    expect((await first).statusCode).toBe(200);
    expect(h.bound.stats().running).toBe(0);
  });
});
