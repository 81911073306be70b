import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeGage, makeSeries } from '../../test/factories';
import { freePort } from '../../test/server-process';

/**
 * Many heavy open data pages at once, over real HTTP on loopback: each is either answered whole
 * or refused with 429 and Retry-After before it starts; none is cut off, the number running at
 * once never passes the bound, and the rest of the portal keeps answering meanwhile.
 */
const ROWS = 60_000;
const PAGE = 50_000;

let h: TestApp;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  h = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  const gage = await makeGage(h.t.db, 'LOAD-1');
  const start = Date.parse('2025-01-01T00:00:00Z');
  const observations = Array.from({ length: ROWS }, (_, i) => [new Date(start + i * 900_000), 10 + (i % 97) / 10] as const);
  await makeSeries(h.t.db, { locationNdx: gage.location_ndx, observations });
  await h.app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
}, 300_000);
afterAll(async () => h?.close());

interface Outcome {
  status: number;
  retryAfter: string | null;
  /** Features in a whole, valid body; null when the body did not parse. */
  features: number | null;
  /** The body stopped before its end (the connection was cut). */
  cut: boolean;
  code?: string;
}

async function heavyPage(url: string, headers: Record<string, string> = {}): Promise<Outcome> {
  const res = await fetch(url, { headers });
  let text: string;
  try {
    text = await res.text();
  } catch {
    return { status: res.status, retryAfter: res.headers.get('retry-after'), features: null, cut: true };
  }
  const body = parsed(text);
  const features = body?.features && body.numberReturned === body.features.length ? body.features.length : null;
  return { status: res.status, retryAfter: res.headers.get('retry-after'), features, cut: body === null, code: body?.code };
}

interface PageBody {
  features?: unknown[];
  numberReturned?: number;
  code?: string;
}

/** The body as JSON, or null when it is not whole JSON. */
function parsed(text: string): PageBody | null {
  try {
    return JSON.parse(text) as PageBody;
  } catch {
    return null;
  }
}

/** Asks for /api/config one request after another until `until` settles; every answer's status. */
async function configWhile(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const statuses: number[] = [];
  while (!done) {
    const res = await fetch(`${base}/api/config`).catch(() => null);
    statuses.push(res ? res.status : 0);
    await res?.arrayBuffer().catch(() => undefined);
  }
  return statuses;
}

describe('heavy open data pages', () => {
  it('answers 30 anonymous 50,000-feature pages at once from one address whole or with 429, and /api/config meanwhile', async () => {
    const { concurrent, perCaller } = h.config.openDataHeavyPages;
    const heavy = Promise.all(Array.from({ length: 30 }, () => heavyPage(`${base}/ogcapi/collections/continuous/items?limit=${PAGE}`)));
    const [outcomes, config] = await Promise.all([heavy, configWhile(heavy)]);

    expect(outcomes.filter((o) => o.cut)).toEqual([]);
    for (const o of outcomes) {
      if (o.status === 200) expect(o.features).toBe(PAGE);
      else {
        expect(o.status).toBe(429);
        expect(Number(o.retryAfter)).toBeGreaterThan(0);
        expect(o.code).toBe('TooManyRequests');
      }
    }
    // One address is one caller: its share runs, a few wait their turn, the rest are refused.
    const answered = outcomes.filter((o) => o.status === 200).length;
    expect(answered).toBeGreaterThanOrEqual(perCaller);
    expect(answered).toBeLessThan(30);
    const stats = h.app.heavyOpenDataPages.stats();
    expect(stats.mostRunningPerCaller).toBeLessThanOrEqual(perCaller);
    expect(stats.mostRunning).toBeLessThanOrEqual(concurrent);
    expect(stats.running).toBe(0);

    expect(config.length).toBeGreaterThan(0);
    expect(config.filter((s) => s !== 200)).toEqual([]);
  }, 300_000);

  it('holds all callers together to the bound, and lets small pages through untouched', async () => {
    const { concurrent } = h.config.openDataHeavyPages;
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => h.tokenFor({ sub: `usr_load_${i}`, roles: [] })));
    const before = h.app.heavyOpenDataPages.stats().refused;
    const heavy = Promise.all(
      tokens.flatMap((token) =>
        [1, 2, 3].map(() => heavyPage(`${base}/ogcapi/collections/continuous/items?limit=20000`, { authorization: `Bearer ${token}` })),
      ),
    );
    const small = Promise.all(Array.from({ length: 10 }, () => heavyPage(`${base}/ogcapi/collections/continuous/items?limit=100`)));
    const [outcomes, smallOutcomes] = await Promise.all([heavy, small]);

    expect(outcomes.filter((o) => o.cut)).toEqual([]);
    expect(outcomes.every((o) => (o.status === 200 ? o.features === 20_000 : o.status === 429 && o.retryAfter !== null))).toBe(true);
    expect(smallOutcomes.map((o) => [o.status, o.features])).toEqual(Array.from({ length: 10 }, () => [200, 100]));
    const stats = h.app.heavyOpenDataPages.stats();
    expect(stats.mostRunning).toBeLessThanOrEqual(concurrent);
    // 24 heavy pages from 8 callers: more than run and wait together, so some were refused.
    expect(stats.refused).toBeGreaterThan(before);
    expect(stats.running).toBe(0);
  }, 300_000);
});
