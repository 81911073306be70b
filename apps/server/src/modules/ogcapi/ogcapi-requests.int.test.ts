import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DISCHARGE_START } from '../../../test/ogcapi-fixture';
import { ingestObservations } from '../timeseries/index';
import { ogcApiHarness, PUBLIC_URL, type Json, type Page } from '../../../test/ogcapi-harness';

const ogc = ogcApiHarness();
const { get, readAll } = ogc;

describe('errors, caching and limits', () => {
  it.each([
    ['continuous/items?limit=0'],
    ['continuous/items?limit=50001'],
    ['continuous/items?limit=ten'],
    ['continuous/items?bbox=1,2,3'],
    ['continuous/items?bbox=10,0,-10,5'],
    ['continuous/items?datetime=yesterday'],
    ['continuous/items?datetime=2026-02-30'],
    ['continuous/items?datetime=2026-03-07T10:00:00'],
    ['continuous/items?datetime=0000-01-01'],
    ['daily/items?time=0000-12-31/2020-01-01'],
    ['continuous/items?time=P1Y'],
    ["continuous/items?filter=approval_status%20%3D%20'x"],
    ['continuous/items?filter=flow%20%3D%201'],
    ['continuous/items?filter-lang=cql2-json&filter=%7B'],
    ['continuous/items?filter=count%20%3E%20%27many%27'],
    ['daily/items?filter=count%20%3E%20%27many%27'],
    ['monitoring-locations/items?statistic_id=00011'],
    ['continuous/items?parameter_code=1,,2'],
    ['continuous/items?cursor=bm9wZQ'],
    ['continuous/items?cursor=bW9uaXRvcmluZy1sb2NhdGlvbnN8MQ'],
    ['continuous/items?properties=flow'],
    ['continuous/items?f=xml'],
    ['continuous/items?datetime=2026-03-07&time=2026-03-07'],
    ['continuous/items?foo=1'],
    ['monitoring-locations/items?parameter_code=1'],
    ['time-series-metadata/items?datetime=2026-03-07'],
  ])('answers 400 in the exception shape: %s', async (path) => {
    const res = await get(`/ogcapi/collections/${path}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as Json;
    expect(Object.keys(body).sort()).toEqual(['code', 'description']);
    expect(body.code).toBe('InvalidParameterValue');
    expect(body.description).not.toMatch(/select .* from|at .*\.ts:\d/i);
  });

  it('answers an unknown collection or feature 404 and a bad token 401, both in the exception shape', async () => {
    for (const path of ['/ogcapi/collections/peaks', '/ogcapi/collections/peaks/items', '/ogcapi/collections/continuous/items/1-1-x']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect((res.json() as Json).code).toBe('NotFound');
    }
    const res = await get('/ogcapi/collections', 'not.a.token');
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json() as Json).sort()).toEqual(['code', 'description']);
  });

  it('sends ETag and Cache-Control; 304 while the data is unchanged, a new ETag after a write', async () => {
    const url = '/ogcapi/collections/continuous/items?monitoring_location_id=1&limit=5';
    const first = await get(url);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.vary).toContain('Authorization');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await get(url, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    const signedIn = await get(url, ogc.admin, { 'if-none-match': etag });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    await ingestObservations(ogc.h.t.db, [
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: DISCHARGE_START, resultValue: 123.5, datasrcNdx: 1 },
    ]);
    const after = await get(url, undefined, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as Page).features[0].properties.value).toBe('123.5');
  });
});

describe('USGS identifiers and filters', () => {
  it('answers an id of another agency with an empty page, as a missing location', async () => {
    const res = await get('/ogcapi/collections/continuous/items?monitoring_location_id=USGS-06904500');
    expect(res.statusCode).toBe(200);
    expect((res.json() as Page).features).toEqual([]);
  });

  it('filters every queryable as a parameter and in CQL2 text, and keeps the old numbers working', async () => {
    const base = '/ogcapi/v0/collections/continuous/items?skipGeometry=true&limit=50000';
    const provisional = (
      await get(`${base}&monitoring_location_id=RWSD-1&parameter_code=00060&approval_status=Provisional`)
    ).json() as Page;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from observation where location_ndx = 1 and parameter_ndx = 1 and coalesce(qualifiers !~ '(^|,)A(,|$)', true)`.execute(
      ogc.h.t.db,
    );
    expect(provisional.features).toHaveLength(rows[0].n);
    const text = (
      await get(
        `${base}&filter=${encodeURIComponent("monitoring_location_id = 'RWSD-1' AND parameter_code IN ('00060') AND approval_status = 'Provisional'")}`,
      )
    ).json() as Page;
    expect(text.features.map((f) => f.id)).toEqual(provisional.features.map((f) => f.id));
    const old = (await get(`${base}&monitoring_location_id=1&parameter_code=1&approval_status=Provisional`)).json() as Page;
    expect(old.features.map((f) => f.id)).toEqual(provisional.features.map((f) => f.id));
    const ice = (await get(`${base}&qualifier=Ice`)).json() as Page;
    expect(ice.features.length).toBeGreaterThan(0);
    expect(ice.features.every((f) => (f.properties.qualifier as string[]).includes('Ice'))).toBe(true);
    const either = (await get(`${base}&filter=${encodeURIComponent("statistic_id = '00003' OR qualifier = 'Ice'")}`)).json() as Page;
    expect(either.features.map((f) => f.id)).toEqual(ice.features.map((f) => f.id));
  });

  it('pages a filtered query by its keyset like any other', async () => {
    const url = '/ogcapi/collections/continuous/items?approval_status=Provisional&limit=37';
    const { features, pages } = await readAll(url);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from observation o join location l on l.location_ndx = o.location_ndx
      where l.is_public and not l.exclude_from_map and coalesce(o.qualifiers !~ '(^|,)A(,|$)', true)`.execute(ogc.h.t.db);
    expect(features).toHaveLength(rows[0].n);
    expect(pages).toBe(Math.ceil(rows[0].n / 37));
  });

  it('serves the API at /ogcapi/v0 too, with and without a trailing slash, its links under the root asked', async () => {
    for (const path of ['/ogcapi/v0', '/ogcapi/v0/', '/ogcapi/']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
    }
    const body = (await get('/ogcapi/v0/')).json() as { links: { rel: string; href: string }[] };
    expect(body.links.find((l) => l.rel === 'data')?.href).toBe(`${PUBLIC_URL}/ogcapi/v0/collections`);
    const doc = (await get('/ogcapi/v0/api')).json() as { servers: { url: string }[] };
    expect(doc.servers).toEqual([{ url: `${PUBLIC_URL}/ogcapi/v0` }]);
  });
});

describe('rate limit', () => {
  it('limits anonymous callers like the other costly anonymous routes, answering 429 in the exception shape', async () => {
    let limited;
    for (let i = 0; i < 400 && !limited; i++) {
      const res = await get('/ogcapi/conformance');
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.statusCode).toBe(429);
    expect(limited?.headers['retry-after']).toBeDefined();
    expect(Object.keys(limited!.json() as Json).sort()).toEqual(['code', 'description']);
  });
});
