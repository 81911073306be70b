import fc from 'fast-check';
import { OGC_COLLECTION_IDS } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiRoutes, call, fillPath, hasBody, hasErrorShape } from '../../test/route-calls';
import { changedTables, fingerprintReader, type DbFingerprint } from '../../test/db-fingerprint';

// What clients really send by mistake or on purpose, mixed with arbitrary text and numbers.
const NASTY = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'NaN',
  '2147483648',
  '99999999999999999999',
  '%00',
  '\u0000',
  '../../etc/passwd',
  "1' or '1'='1",
  '1;drop table location',
  '<script>',
  ' ',
  '1,2,3',
  ',,',
  'null',
];
// The open data API's collection names, so its items routes are reached with arbitrary queries.
const pathValue = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 24 }),
  fc.integer().map(String),
  fc.constantFrom(...OGC_COLLECTION_IDS),
);
// A body some routes accept (a new contact), so accepted writes happen among the refused ones.
const VALID_CONTACT = { contact_address: 'fuzz@example.org', contact_name: 'Fuzz', contact_org: 'Fuzz Org' };
const bodyValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(VALID_CONTACT),
  fc.anything({ maxDepth: 2, maxKeys: 6 }),
  fc.dictionary(
    fc.constantFrom(
      'location_ndx',
      'facilities',
      'startDate',
      'endDate',
      'camera',
      'cameraUrl',
      'parameterGroups',
      'enabled',
      'file_path',
      'name',
    ),
    fc.oneof(fc.constantFrom(...NASTY), fc.integer(), fc.array(fc.integer(), { maxLength: 3 }), fc.boolean(), fc.constant(null)),
  ),
);
const query = fc.dictionary(
  fc.constantFrom(
    'limit',
    'offset',
    'interval',
    'q',
    'x',
    // the open data API's parameters
    'bbox',
    'datetime',
    'time',
    'cursor',
    'monitoring_location_id',
    'parameter_code',
    'properties',
    'skipGeometry',
    'f',
  ),
  fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 12 })),
  { maxKeys: 2 },
);

/**
 * Every route with a path, query or body, as a Developer (past every guard, so validation and the
 * handlers are what answer): any input gives a 2xx or a 4xx in its API's error shape (`{error, message}`,
 * the open data API's `{code, description}`), never a 5xx,
 * a stack trace or SQL text. The database afterwards holds only valid writes: a refused request
 * and every GET leave every table as it was (a fingerprint of all rows after each call), and what
 * the accepted writes stored still reads back through every list route, whose answers are checked
 * against their response schemas.
 */
describe('every API route under arbitrary input', () => {
  let h: TestApp;
  let token: string;
  beforeAll(async () => {
    h = await createTestApp();
    token = await h.tokenFor({ sub: 'usr_fuzz', roles: ['Developer'] });
    fingerprint = await fingerprintReader(h.t.db);
  });
  let fingerprint: () => Promise<DbFingerprint>;
  afterAll(async () => h.close());

  it('answers 2xx or a readable 4xx', async () => {
    const failures: string[] = [];
    let before = await fingerprint();
    let acceptedWrites = 0;
    for (const route of apiRoutes(h)) {
      const params = /:[A-Za-z_]+/.test(route.url);
      if (!params && !hasBody(route.method) && route.method !== 'GET') continue;
      await fc.assert(
        fc.asyncProperty(pathValue, query, bodyValue, async (value, q, body) => {
          const search = new URLSearchParams(q).toString();
          const url = `${fillPath(route.url, () => value)}${search ? `?${search}` : ''}`;
          const res = await call(h, route.method, url, token, hasBody(route.method) ? (body ?? {}) : undefined);
          const where = `${route.method} ${url} ${JSON.stringify(body)?.slice(0, 80)}: ${res.statusCode} ${res.body.slice(0, 160)}`;
          const camera = route.url === '/api/river-photos' && (res.statusCode === 502 || res.statusCode === 504);
          if (res.statusCode >= 500 && !camera) failures.push(where);
          if (/at .+\.(ts|js):\d+|select .+ from |syntax error/i.test(res.body)) failures.push(`leaks internals: ${where}`);
          if (res.statusCode >= 400 && /^application\/json/.test(String(res.headers['content-type']))) {
            if (!hasErrorShape(url, res.json() as Record<string, unknown>)) failures.push(`error shape: ${where}`);
          }
          const after = await fingerprint();
          const changed = changedTables(before, after);
          if (changed.length && (route.method === 'GET' || res.statusCode >= 400)) failures.push(`wrote ${changed.join(', ')}: ${where}`);
          if (changed.length && res.statusCode < 300) acceptedWrites++;
          before = after;
          return true;
        }),
        { numRuns: 12, seed: 20261123 },
      );
    }
    expect(failures).toEqual([]);
    // The fingerprint sees writes: without accepted ones the checks above would prove nothing.
    expect(acceptedWrites).toBeGreaterThan(0);
  });

  it('reads back what the accepted writes stored through every list route', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes(h).filter((r) => r.method === 'GET' && !/[:*]/.test(r.url))) {
      const res = await call(h, 'GET', route.url, token);
      if (res.statusCode >= 500) failures.push(`GET ${route.url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
  });
});
