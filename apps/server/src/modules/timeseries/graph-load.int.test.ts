import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeDataSource,
  makeGage,
  makeLocationParameter,
  makeLocationType,
  makeParameter,
  makeRegularReadings,
  makeUnit,
  makeWaterbody,
} from '../../../test/factories';

/**
 * Heavy graph and comparison requests must not hold up the event loop: their points are packed by
 * PostgreSQL and turned into JSON in the CPU worker thread. While several three-year 15-minute
 * graphs and a seven-location comparison are answered, a cheap request (GET /api/config) still
 * answers quickly. "Quickly" is measured against the same machine: a fraction of the time one
 * heavy request takes alone, so a slow or busy machine moves both numbers together.
 */
let h: TestApp;
const locations: number[] = [];
let flow = 0;
const START = '2023-01-01';
const END = '2025-12-31';

beforeAll(async () => {
  h = await createTestApp();
  const db = h.t.db;
  const lt = (await makeLocationType(db, { location_type_desc: 'Stream gage' })).location_type_ndx;
  const wb = (await makeWaterbody(db, { waterbody_name: 'South Platte' })).waterbody_ndx;
  const cfs = (await makeUnit(db, { unit_desc: 'cfs' })).unit_ndx;
  flow = (await makeParameter(db, { parameter_name: 'Flow', unit_ndx: cfs, value_field: 'flow_cfs' })).parameter_ndx;
  const src = (await makeDataSource(db, { data_source: 'Logger', kind: 'file' })).datasrc_ndx;
  for (let i = 0; i < 7; i++) {
    const n = (await makeGage(db, `G-${i}`, { location_name: `Gage ${i}`, location_type_ndx: lt, waterbody_ndx: wb, is_public: true }))
      .location_ndx;
    locations.push(n);
    await makeLocationParameter(db, { location_ndx: n, parameter_ndx: flow });
    // Three years of 15-minute readings at the first location, six months at the others.
    await makeRegularReadings(db, {
      locationNdx: n,
      parameterNdx: flow,
      datasrcNdx: src,
      from: i === 0 ? '2023-01-01T07:00:00Z' : '2025-07-01T06:00:00Z',
      to: '2026-01-01T06:45:00Z',
      every: '15 minutes',
      value: (ts) => sql<number>`round((100 + 50 * sin(extract(epoch from ${ts}) / 86400))::numeric, 2)`,
      qualifiers: (ts) => sql<string>`case when ${ts} > '2025-12-01' then 'P' else 'A' end`,
    });
  }
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
}, 240_000);
afterAll(async () => h?.close());

let port = 0;

/**
 * A request over a real connection whose answer is counted and dropped as it arrives, as a
 * browser far away would take it: the test's own client never holds the event loop for long.
 */
function call(method: string, path: string, body?: object): Promise<{ status: number; bytes: number; head: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers: payload ? { 'content-type': 'application/json' } : {} },
      (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (chunk: Buffer) => {
          if (head.length < 200) head += chunk.subarray(0, 200).toString();
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const heavyGraph = () => call('POST', `/api/graph-flow-data15-min/${locations[0]}`, { startDate: START, endDate: END, interval: '15min' });
const heavyComparison = () => call('GET', `/api/ts-compare-raw-data/${flow}/${locations.join(',')}/2025-07-01/${END}`);

describe('heavy graph and comparison answers off the event loop', () => {
  it('answers GET /api/config quickly while heavy graphs and a comparison are built', async () => {
    const warm = await heavyGraph(); // starts the CPU worker thread
    expect(warm.status).toBe(200);
    expect(warm.bytes).toBeGreaterThan(105_216 * 150); // every row of three years
    const t0 = performance.now();
    expect((await heavyGraph()).status).toBe(200);
    const aloneMs = performance.now() - t0;

    // The event loop's longest stall while the heavy requests run, and the cheap request's answers.
    let done = false;
    let stallMs = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 5);
    const configMs: number[] = [];
    const probe = (async () => {
      while (!done) {
        const c0 = performance.now();
        expect((await call('GET', '/api/config')).status).toBe(200);
        configMs.push(performance.now() - c0);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const h0 = performance.now();
    const heavy = await Promise.all([heavyGraph(), heavyGraph(), heavyGraph(), heavyComparison()]);
    const heavyMs = performance.now() - h0;
    done = true;
    await probe;
    clearInterval(tick);
    for (const res of heavy) expect(res.status).toBe(200);
    expect(heavy[3].bytes).toBeGreaterThan(7 * 17_000 * 20); // seven locations of six months

    const slowestConfig = Math.max(...configMs);
    console.info({ aloneMs, heavyMs, stallMs, slowestConfig, probes: configMs.length });
    // Built on the event loop, each answer stalls it for at least the time one request takes alone
    // (measured: 2-10 s against 3 s alone on a busy 2-core machine); off it, the longest stall is
    // a part of that: handing four 15 MB answers to their sockets and collecting them leaves
    // pauses of 55-98 ms against 280-380 ms alone on a quiet one (a third was crossed once, on a
    // fresh clone), so half of the time alone is the line.
    expect(stallMs).toBeLessThan(aloneMs / 2);
    expect(slowestConfig).toBeLessThan(aloneMs / 2);
    expect(configMs.length).toBeGreaterThan(5);
  });
});

describe('rate limits of the graph and comparison data', () => {
  it('answers 429 with Retry-After past 120 a minute from one address, other addresses unaffected', async () => {
    const day = { startDate: '2025-06-01', endDate: '2025-06-01', interval: '15min' };
    const graph = (ip: string) =>
      h.app.inject({ method: 'POST', url: `/api/graph-flow-data15-min/${locations[0]}`, payload: day, remoteAddress: ip });
    const comparison = (ip: string) =>
      h.app.inject({ url: `/api/ts-compare-raw-data/${flow}/${locations[1]}/2025-07-01/2025-07-01`, remoteAddress: ip });
    for (const [ask, ip] of [
      [graph, '192.0.2.10'],
      [comparison, '192.0.2.11'],
    ] as const) {
      const statuses = new Set<number>();
      for (let i = 0; i < 120; i++) statuses.add((await ask(ip)).statusCode);
      expect([...statuses]).toEqual([200]);
      const refused = await ask(ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toBe('Too Many Requests');
      expect((await ask('192.0.2.99')).statusCode).toBe(200);
    }
  });
});
