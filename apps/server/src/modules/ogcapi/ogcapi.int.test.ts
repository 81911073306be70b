import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DISCHARGE_READINGS, DISCHARGE_START, OGC_LOC, OGC_PARAM, seedOgcDistrict } from '../../../test/ogcapi-fixture';
import { ingestObservations } from '../timeseries/index';

const PUBLIC_URL = 'https://water.example.org';
type Json = Record<string, unknown>;
interface Feature {
  id: string;
  geometry: { type: string; coordinates: number[] } | null;
  properties: Json;
}
interface Page {
  type: string;
  features: Feature[];
  numberReturned: number;
  numberMatched?: number;
  links: { href: string; rel: string }[];
}

let h: TestApp;
let admin: string;
let staffNoFacility: string;

beforeAll(async () => {
  h = await createTestApp({ PUBLIC_URL });
  await seedOgcDistrict(h.t.db);
  admin = await h.tokenFor({ sub: 'usr_ogc_admin', roles: ['Administrator'] });
  staffNoFacility = await h.tokenFor({ sub: 'usr_ogc_user', roles: ['User'] });
}, 60_000);
afterAll(async () => h?.close());

async function get(url: string, token?: string, headers: Record<string, string> = {}) {
  return h.app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
}

/** Every feature of a query, following links[rel=next] (the path is taken from the absolute href). */
async function readAll(url: string, token?: string): Promise<{ features: Feature[]; pages: number }> {
  const features: Feature[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const res = await get(next, token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const page = res.json() as Page;
    expect(page.numberReturned).toBe(page.features.length);
    features.push(...page.features);
    pages++;
    const href = page.links.find((l) => l.rel === 'next')?.href;
    if (href) expect(href.startsWith(`${PUBLIC_URL}/ogcapi/`)).toBe(true);
    next = href?.slice(PUBLIC_URL.length);
  }
  return { features, pages };
}

describe('landing page, conformance and collections', () => {
  it('links from PUBLIC_URL, never from the Host or forwarded headers', async () => {
    const res = await get('/ogcapi', undefined, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { links: { rel: string; href: string }[] };
    expect(Object.fromEntries(body.links.map((l) => [l.rel, l.href]))).toEqual({
      self: `${PUBLIC_URL}/ogcapi`,
      alternate: `${PUBLIC_URL}/ogcapi?f=html`,
      conformance: `${PUBLIC_URL}/ogcapi/conformance`,
      data: `${PUBLIC_URL}/ogcapi/collections`,
      'service-desc': `${PUBLIC_URL}/ogcapi/api`,
      'service-doc': `${PUBLIC_URL}/api/docs`,
    });
    expect(res.body).not.toContain('evil');
  });

  it('conforms to Features core, GeoJSON and OpenAPI 3.0', async () => {
    const body = (await get('/ogcapi/conformance')).json() as { conformsTo: string[] };
    for (const c of ['core', 'geojson', 'oas30'])
      expect(body.conformsTo).toContain(`http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/${c}`);
  });

  it("lists USGS's collections with extents of the data the caller may read", async () => {
    const anonymous = (await get('/ogcapi/collections')).json() as {
      collections: { id: string; extent: { spatial: { bbox: number[][] } } }[];
    };
    expect(anonymous.collections.map((c) => c.id)).toEqual([
      'monitoring-locations',
      'time-series-metadata',
      'latest-continuous',
      'latest-daily',
      'continuous',
      'daily',
    ]);
    // Anonymous: only the public location with coordinates spans the box.
    expect(anonymous.collections[0].extent.spatial.bbox).toEqual([[-104.56, 40.41, -104.56, 40.41]]);
    const staff = (await get('/ogcapi/collections/continuous', admin)).json() as {
      extent: { spatial: { bbox: number[][] }; temporal: { interval: string[][] } };
    };
    expect(staff.extent.spatial.bbox).toEqual([[-104.9, 40.2, -104.56, 40.41]]);
    expect(staff.extent.temporal.interval[0][0]).toBe('2026-03-07T07:00:00+00:00');
  });

  it('serves its own OpenAPI document with one items path per collection and its filters', async () => {
    const res = await get('/ogcapi/api');
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.oai\.openapi\+json;version=3\.0/);
    const doc = res.json() as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    expect(doc.openapi).toMatch(/^3\.0/);
    expect(doc.servers).toEqual([{ url: `${PUBLIC_URL}/ogcapi` }]);
    const names = (path: string) => doc.paths[path].get.parameters.map((p) => p.name);
    expect(names('/collections/continuous/items')).toEqual(
      expect.arrayContaining([
        'bbox',
        'cursor',
        'datetime',
        'time',
        'f',
        'limit',
        'properties',
        'skipGeometry',
        'filter',
        'filter-lang',
        'id',
        'monitoring_location_id',
        'parameter_code',
        'statistic_id',
        'approval_status',
        'qualifier',
        'last_modified',
      ]),
    );
    const ml = names('/collections/monitoring-locations/items');
    expect(ml).toEqual(expect.arrayContaining(['bbox', 'id', 'agency_code', 'state_code', 'site_type', 'monitoring_location_name']));
    expect(ml).not.toContain('datetime');
    const limit = doc.paths['/collections/daily/items'].get.parameters.find((p) => p.name === 'limit') as unknown as { schema: Json };
    expect(limit.schema).toMatchObject({ type: 'integer', maximum: 50_000, default: 10_000 });
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/'))).toBe(false);
  });

  it('describes the routes in the OpenAPI document at /api/docs', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/ogcapi/',
      '/ogcapi/conformance',
      '/ogcapi/collections',
      '/ogcapi/collections/{collectionId}/items',
      '/ogcapi/collections/{collectionId}/items/{featureId}',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});

describe('access: unreadable locations are simply absent', () => {
  const ids = async (token?: string) => (await readAll('/ogcapi/collections/monitoring-locations/items', token)).features.map((f) => f.id);

  it('gives anonymous callers the public locations, staff the private ones, administrators the excluded ones too', async () => {
    expect(await ids()).toEqual(['RWSD-1', 'RWSD-4']);
    expect(await ids(staffNoFacility)).toEqual(['RWSD-1', 'RWSD-2', 'RWSD-4']);
    expect(await ids(admin)).toEqual(['RWSD-1', 'RWSD-2', 'RWSD-3', 'RWSD-4']);
  });

  it('counts features equal to SQL for anonymous and for an administrator', async () => {
    const { rows } = await sql<{ anonymous: number; all: number }>`
      select count(*) filter (where l.is_public and not l.exclude_from_map)::int as anonymous, count(*)::int as "all"
      from observation o join location l on l.location_ndx = o.location_ndx`.execute(h.t.db);
    const anon = (await get('/ogcapi/collections/continuous/items?limit=1')).json() as Page;
    const all = (await get('/ogcapi/collections/continuous/items?limit=1', admin)).json() as Page;
    expect(anon.numberMatched).toBe(rows[0].anonymous);
    expect(all.numberMatched).toBe(rows[0].all);
    expect((await readAll('/ogcapi/collections/continuous/items?limit=97')).features).toHaveLength(rows[0].anonymous);
    expect((await readAll('/ogcapi/collections/continuous/items?limit=97', admin)).features).toHaveLength(rows[0].all);
  });

  it('answers a private location 404 for anonymous (exactly like a missing one) and 200 for staff', async () => {
    const missing = await get('/ogcapi/collections/monitoring-locations/items/99');
    const hidden = await get(`/ogcapi/collections/monitoring-locations/items/${OGC_LOC.private}`);
    expect(hidden.statusCode).toBe(404);
    expect(Object.keys(hidden.json() as Json).sort()).toEqual(['code', 'description']);
    expect((hidden.json() as Json).code).toBe((missing.json() as Json).code);
    const staff = await get(`/ogcapi/collections/monitoring-locations/items/${OGC_LOC.private}`, staffNoFacility);
    expect(staff.statusCode).toBe(200);
    expect((staff.json() as Feature).properties.monitoring_location_name).toBe('Private Gage');
    const values = (await get(`/ogcapi/collections/continuous/items?monitoring_location_id=${OGC_LOC.private}`)).json() as Page;
    expect(values.features).toEqual([]);
  });

  it("shows facility names of public facilities to anonymous callers, every facility's to staff", async () => {
    const anon = (await get('/ogcapi/collections/monitoring-locations/items/1')).json() as Feature;
    const staff = (await get('/ogcapi/collections/monitoring-locations/items/1', admin)).json() as Feature;
    expect(anon.properties.facility).toEqual(['River Network']);
    expect(staff.properties.facility).toEqual(['Internal Wells', 'River Network']);
  });
});

describe('continuous values', () => {
  it('reads a series across several pages equal to the table row for row', async () => {
    const url = `/ogcapi/collections/continuous/items?monitoring_location_id=1&parameter_code=${OGC_PARAM.discharge}&limit=50`;
    const { features, pages } = await readAll(url);
    expect(pages).toBe(Math.ceil(DISCHARGE_READINGS / 50));
    const { rows } = await sql<{ t: Date; v: number; q: string | null }>`
      select collect_timestamp as t, result_value as v, qualifiers as q from observation
      where location_ndx = 1 and parameter_ndx = 1 order by collect_timestamp`.execute(h.t.db);
    expect(features.map((f) => [Date.parse(f.properties.time as string), Number(f.properties.value)])).toEqual(
      rows.map((r) => [r.t.getTime(), r.v]),
    );
    expect(new Set(features.map((f) => f.id)).size).toBe(rows.length);
    const first = features[0];
    expect(first.geometry).toEqual({ type: 'Point', coordinates: [-104.56, 40.41] });
    expect(first.properties).toMatchObject({
      time: '2026-03-07T07:00:00+00:00',
      monitoring_location_id: 'RWSD-1',
      parameter_code: '00060',
      time_series_id: '1-1-15min',
      statistic_id: '00011',
      unit_of_measure: 'cfs',
      approval_status: 'Approved',
      qualifier: ['A'],
    });
    expect(features[105].properties).toMatchObject({ approval_status: 'Provisional', qualifier: ['P', 'Ice'] });
  });

  it('keeps paging right while values are inserted before and after the cursor', async () => {
    const url = '/ogcapi/collections/continuous/items?monitoring_location_id=1&parameter_code=2&limit=10';
    const page1 = (await get(url)).json() as Page;
    const next = page1.links.find((l) => l.rel === 'next')!.href.slice(PUBLIC_URL.length);
    const lastTime = Date.parse(page1.features[9].properties.time as string);
    await ingestObservations(h.t.db, [
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date(DISCHARGE_START.getTime() - 3_600_000), resultValue: 9, datasrcNdx: 1 },
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date(lastTime + 1_800_000), resultValue: 8, datasrcNdx: 1 },
    ]);
    try {
      const page2 = (await get(next)).json() as Page;
      expect(Date.parse(page2.features[0].properties.time as string)).toBe(lastTime + 1_800_000);
      expect(Date.parse(page2.features[1].properties.time as string)).toBe(lastTime + 3_600_000);
    } finally {
      await sql`delete from observation where location_ndx = 1 and parameter_ndx = 2 and result_value in (8, 9)`.execute(h.t.db);
    }
  });

  it('filters by datetime (and time): instants, district dates and open intervals', async () => {
    const base = '/ogcapi/collections/continuous/items?monitoring_location_id=1&parameter_code=1&skipGeometry=true';
    const day = (await readAll(`${base}&datetime=2026-03-08`)).features;
    expect(day).toHaveLength(92); // the DST day has 23 hours
    expect(day[0].properties.time).toBe('2026-03-08T07:00:00+00:00');
    expect(day[0].geometry).toBeNull();
    const same = (await readAll(`${base}&time=2026-03-08`)).features;
    expect(same).toEqual(day);
    const open = (await readAll(`${base}&datetime=2026-03-09T20:00:00Z/..`)).features;
    expect(open[0].properties.time).toBe('2026-03-09T20:00:00+00:00');
    expect(open.at(-1)!.properties.time).toBe(
      new Date(DISCHARGE_START.getTime() + (DISCHARGE_READINGS - 1) * 900_000).toISOString().replace('.000Z', '+00:00'),
    );
    const instant = (await readAll(`${base}&datetime=2026-03-07T08:15:00-00:00`)).features;
    expect(instant.map((f) => f.properties.time)).toEqual(['2026-03-07T08:15:00+00:00']);
    const single = await get(`/ogcapi/collections/continuous/items/${instant[0].id}`);
    expect(single.statusCode).toBe(200);
    expect((single.json() as Feature).properties.time).toBe('2026-03-07T08:15:00+00:00');
  });

  it('returns only the properties asked for', async () => {
    const page = (await get('/ogcapi/collections/continuous/items?limit=1&properties=value,time')).json() as Page;
    expect(Object.keys(page.features[0].properties)).toEqual(['time', 'value']);
  });
});

describe('daily values and the other collections', () => {
  it('daily means equal observation_daily, rounded to the parameter decimals, on district dates', async () => {
    const { features } = await readAll('/ogcapi/collections/daily/items?monitoring_location_id=1&parameter_code=1&statistic_id=00003');
    const { rows } = await sql<{ d: string; mean: number; min: number; max: number; n: number }>`
      select local_date::text as d, round(mean_value::numeric, 1)::float8 as mean, min_value as min, max_value as max, value_count as n
      from observation_daily where location_ndx = 1 and parameter_ndx = 1 order by local_date`.execute(h.t.db);
    expect(rows.map((r) => r.d)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(
      features.map((f) => [
        f.properties.time,
        Number(f.properties.value),
        Number(f.properties.min),
        Number(f.properties.max),
        f.properties.count,
      ]),
    ).toEqual(rows.map((r) => [r.d, r.mean, r.min, r.max, r.n]));
    expect(features[1].properties.count).toBe(92);
    expect(features[0].properties).toMatchObject({ statistic_id: '00003', time_series_id: '1-1-daily' });
    expect(String(features[0].properties.value)).toMatch(/^\d+\.\d$/);
  });

  it('lists four series per location and parameter (readings, daily mean, maximum and minimum), and the newest value of each', async () => {
    const meta = (await readAll('/ogcapi/collections/time-series-metadata/items?monitoring_location_id=1')).features;
    expect(meta.map((f) => [f.id, f.properties.computation_period_identifier, f.properties.statistic_id])).toEqual([
      ['1-1-15min', 'Points', '00011'],
      ['1-1-daily', 'Daily', '00003'],
      ['1-1-daily-max', 'Daily', '00001'],
      ['1-1-daily-min', 'Daily', '00002'],
      ['1-2-15min', 'Points', '00011'],
      ['1-2-daily', 'Daily', '00003'],
      ['1-2-daily-max', 'Daily', '00001'],
      ['1-2-daily-min', 'Daily', '00002'],
    ]);
    // Paged one by one, the cursor walks the same series.
    const oneByOne = (await readAll('/ogcapi/collections/time-series-metadata/items?monitoring_location_id=1&limit=1')).features;
    expect(oneByOne.map((f) => f.id)).toEqual(meta.map((f) => f.id));
    // Each daily series' id is the time_series_id of its days in the daily collection, and names its statistic.
    const days = (await readAll('/ogcapi/collections/daily/items?monitoring_location_id=1&parameter_code=00060')).features;
    const seriesOfStatistic = new Map(days.map((d) => [d.properties.statistic_id, d.properties.time_series_id]));
    expect(Object.fromEntries(seriesOfStatistic)).toEqual({ '00001': '1-1-daily-max', '00002': '1-1-daily-min', '00003': '1-1-daily' });
    const max = await h.app.inject({ url: '/ogcapi/collections/time-series-metadata/items/1-1-daily-max' });
    expect(max.statusCode).toBe(200);
    expect(max.json().properties).toMatchObject({ statistic_id: '00001', computation_identifier: 'Max' });
    const onlyMin = (await readAll('/ogcapi/collections/time-series-metadata/items?monitoring_location_id=1&statistic_id=00002')).features;
    expect(onlyMin.map((f) => f.id)).toEqual(['1-1-daily-min', '1-2-daily-min']);
    // begin and end in the district's wall time (MST, then MDT after the change), begin_utc and end_utc in UTC.
    expect(meta[1].properties).toMatchObject({
      begin: '2026-03-07T00:00:00',
      end: '2026-03-09T23:45:00',
      begin_utc: '2026-03-07T07:00:00+00:00',
      end_utc: '2026-03-10T05:45:00+00:00',
      parameter_code: '00060',
      parameter_name: 'Discharge',
      statistic_id: '00003',
    });
    expect(meta[4].properties).toMatchObject({ parameter_code: '2', statistic_id: '00011', computation_identifier: 'Instantaneous' });
    const latest = (await readAll('/ogcapi/collections/latest-continuous/items?parameter_code=1', admin)).features;
    const { rows } = await sql<{ l: number; v: number }>`
      select location_ndx as l, last_value as v from series_latest where parameter_ndx = 1 order by location_ndx`.execute(h.t.db);
    expect(
      latest.map((f) => [Number(String(f.properties.monitoring_location_id).replace('RWSD-', '')), Number(f.properties.value)]),
    ).toEqual(rows.map((r) => [r.l, r.v]));
  });
});

/** The records of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks), each as its cells. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  const cell = /("(?:[^"]|"")*"|[^",\n]*)(,|\n|$)/y;
  let record: string[] = [];
  while (cell.lastIndex < text.length) {
    const m = cell.exec(text)!;
    record.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] !== ',') {
      records.push(record);
      record = [];
    }
  }
  return records;
}

/** Every CSV page of a query by its Link headers: the header line of each page and the text after it. */
async function readAllCsv(url: string, token?: string): Promise<{ headers: string[]; rows: string; pages: number }> {
  const headers: string[] = [];
  let rows = '';
  let next: string | undefined = url;
  while (next) {
    const page = await get(next, token);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.headers['content-type']).toBe('text/csv; charset=utf-8');
    const headerEnd = page.body.indexOf('\n') + 1;
    headers.push(page.body.slice(0, headerEnd));
    rows += page.body.slice(headerEnd);
    const href = /^<([^>]+)>; rel="next"; type="text\/csv"$/.exec(String(page.headers.link ?? ''))?.[1];
    if (href) expect(href.startsWith(`${PUBLIC_URL}/ogcapi/`)).toBe(true);
    next = href?.slice(PUBLIC_URL.length);
  }
  return { headers, rows, pages: headers.length };
}

describe('CSV', () => {
  // Written by PostgreSQL's COPY, whose lines end in LF (decision 0051); cells neutralised and quoted as every CSV of the portal.
  it('writes the same columns, neutralising formulas as every CSV of the portal, lines ending in LF', async () => {
    const res = await get(
      '/ogcapi/collections/monitoring-locations/items?f=csv&properties=monitoring_location_code,monitoring_location_name',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).not.toContain('\r');
    expect(res.body.split('\n')).toEqual([
      'id,monitoring_location_name,monitoring_location_code,longitude,latitude',
      'RWSD-1,South Platte at Kersey,SP-KERSEY,-104.56,40.41',
      `RWSD-4,"'=HYPERLINK(""http://x"",""click"")","'=HYPERLINK(""http://x"")",,`,
      '',
    ]);
  });

  it('writes one feature by its id as the same header and line as its page', async () => {
    const query = 'f=csv&properties=monitoring_location_code,monitoring_location_name';
    const res = await get(`/ogcapi/collections/monitoring-locations/items/RWSD-4?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe(
      'id,monitoring_location_name,monitoring_location_code,longitude,latitude\n' +
        `RWSD-4,"'=HYPERLINK(""http://x"",""click"")","'=HYPERLINK(""http://x"")",,\n`,
    );
    const value = await get(`/ogcapi/collections/continuous/items/1-1-${DISCHARGE_START.getTime()}?f=csv&skipGeometry=true`);
    expect(value.body.split('\n')[1]).toBe(
      `1-1-${DISCHARGE_START.getTime()},1-1-15min,RWSD-1,00060,00011,2026-03-07T07:00:00+00:00,${csvRecords(value.body)[1][6]},cfs,Approved,A,${csvRecords(value.body)[1][10]}`,
    );
    expect((await get(`/ogcapi/collections/monitoring-locations/items/RWSD-${OGC_LOC.private}?f=csv`)).statusCode).toBe(404);
  });

  it('pages CSV like JSON, the next page in the Link header', async () => {
    const url = '/ogcapi/collections/continuous/items?f=csv&limit=100&skipGeometry=true&monitoring_location_id=1&parameter_code=1';
    const { headers, rows, pages } = await readAllCsv(url);
    expect(headers.every((h) => h.startsWith('id,time_series_id,'))).toBe(true);
    const lines = rows.trimEnd().split('\n');
    expect(pages).toBe(Math.ceil(DISCHARGE_READINGS / 100));
    expect(lines).toHaveLength(DISCHARGE_READINGS);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(DISCHARGE_READINGS);
    const res = await get('/ogcapi/collections/continuous/items?f=csv&limit=5&skipGeometry=true');
    const lines5 = res.body.trimEnd().split('\n');
    expect(lines5[0]).toBe(
      'id,time_series_id,monitoring_location_id,parameter_code,statistic_id,time,value,unit_of_measure,approval_status,qualifier,last_modified',
    );
    expect(lines5).toHaveLength(6);
  });

  it('writes filter values into the COPY as quoted literals, never as SQL', async () => {
    for (const name of ["x'; drop table location; --", "x\\'; select 1; --", '$1 $$ $a$']) {
      const filter = encodeURIComponent(`monitoring_location_name = '${name.replace(/'/g, "''")}'`);
      const res = await get(`/ogcapi/collections/monitoring-locations/items?f=csv&filter=${filter}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.split('\n').slice(1)).toEqual(['']);
    }
    const kersey = encodeURIComponent("monitoring_location_name = 'South Platte at Kersey'");
    expect((await get(`/ogcapi/collections/monitoring-locations/items?f=csv&filter=${kersey}`)).body.split('\n')[1]).toMatch(/^RWSD-1,/);
  });

  it.each([
    ['monitoring-locations', 'limit=1'],
    ['time-series-metadata', 'limit=1'],
    ['latest-continuous', 'limit=1'],
    ['latest-daily', 'limit=1'],
    ['continuous', 'limit=100'],
    ['continuous', 'limit=37&skipGeometry=true&approval_status=Provisional'],
    // A page ending with its series' last value; a time window, where pages span series.
    ['continuous', `limit=${DISCHARGE_READINGS}`],
    ['continuous', 'limit=45&datetime=2026-03-07T12:00:00Z/2026-03-08'],
    ['daily', 'limit=3&properties=value,time'],
  ])('pages %s (%s) by its Link headers to one unpaged read, and the features of its GeoJSON pages', async (collection, query) => {
    const url = `/ogcapi/collections/${collection}/items?f=csv&${query}`;
    const paged = await readAllCsv(url, admin);
    const whole = await readAllCsv(url.replace(/limit=\d+/, 'limit=50000'), admin);
    expect(whole.pages).toBe(1);
    expect(paged.pages).toBeGreaterThan(1);
    expect(new Set(paged.headers)).toEqual(new Set(whole.headers));
    expect(paged.rows).toBe(whole.rows);
    const json = await readAll(url.replace('f=csv&', ''), admin);
    expect(csvRecords(paged.rows).map((r) => r[0])).toEqual(json.features.map((f) => String(f.id)));
  });

  it('pages the values an anonymous caller reads across series to one unpaged read, skipping the series it may not read', async () => {
    for (const query of ['limit=50', 'limit=7&datetime=2026-03-08T12:00:00Z/..']) {
      const url = `/ogcapi/collections/continuous/items?f=csv&skipGeometry=true&${query}`;
      const paged = await readAllCsv(url);
      const whole = await readAllCsv(url.replace(/limit=\d+/, 'limit=50000'));
      expect(paged.pages).toBeGreaterThan(2);
      expect(paged.rows).toBe(whole.rows);
      const series = new Set(csvRecords(paged.rows).map((r) => r[1]));
      expect(series).toEqual(new Set([`${OGC_LOC.public}-${OGC_PARAM.discharge}-15min`, `${OGC_LOC.public}-${OGC_PARAM.stage}-15min`]));
    }
  });
});

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
    const signedIn = await get(url, admin, { 'if-none-match': etag });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    await ingestObservations(h.t.db, [
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
      h.t.db,
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
      where l.is_public and not l.exclude_from_map and coalesce(o.qualifiers !~ '(^|,)A(,|$)', true)`.execute(h.t.db);
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
