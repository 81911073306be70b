import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DISCHARGE_READINGS, DISCHARGE_START, OGC_LOC, OGC_PARAM } from '../../../test/ogcapi-fixture';
import { ingestObservations } from '../timeseries/index';
import { ogcApiHarness, PUBLIC_URL, type Feature, type Json, type Page } from '../../../test/ogcapi-harness';

const ogc = ogcApiHarness();
const { get, readAll } = ogc;

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
    const staff = (await get('/ogcapi/collections/continuous', ogc.admin)).json() as {
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
    expect(await ids(ogc.staffNoFacility)).toEqual(['RWSD-1', 'RWSD-2', 'RWSD-4']);
    expect(await ids(ogc.admin)).toEqual(['RWSD-1', 'RWSD-2', 'RWSD-3', 'RWSD-4']);
  });

  it('counts features equal to SQL for anonymous and for an administrator', async () => {
    const { rows } = await sql<{ anonymous: number; all: number }>`
      select count(*) filter (where l.is_public and not l.exclude_from_map)::int as anonymous, count(*)::int as "all"
      from observation o join location l on l.location_ndx = o.location_ndx`.execute(ogc.h.t.db);
    const anon = (await get('/ogcapi/collections/continuous/items?limit=1')).json() as Page;
    const all = (await get('/ogcapi/collections/continuous/items?limit=1', ogc.admin)).json() as Page;
    expect(anon.numberMatched).toBe(rows[0].anonymous);
    expect(all.numberMatched).toBe(rows[0].all);
    expect((await readAll('/ogcapi/collections/continuous/items?limit=97')).features).toHaveLength(rows[0].anonymous);
    expect((await readAll('/ogcapi/collections/continuous/items?limit=97', ogc.admin)).features).toHaveLength(rows[0].all);
  });

  it('answers a private location 404 for anonymous (exactly like a missing one) and 200 for staff', async () => {
    const missing = await get('/ogcapi/collections/monitoring-locations/items/99');
    const hidden = await get(`/ogcapi/collections/monitoring-locations/items/${OGC_LOC.private}`);
    expect(hidden.statusCode).toBe(404);
    expect(Object.keys(hidden.json() as Json).sort()).toEqual(['code', 'description']);
    expect((hidden.json() as Json).code).toBe((missing.json() as Json).code);
    const staff = await get(`/ogcapi/collections/monitoring-locations/items/${OGC_LOC.private}`, ogc.staffNoFacility);
    expect(staff.statusCode).toBe(200);
    expect((staff.json() as Feature).properties.monitoring_location_name).toBe('Private Gage');
    const values = (await get(`/ogcapi/collections/continuous/items?monitoring_location_id=${OGC_LOC.private}`)).json() as Page;
    expect(values.features).toEqual([]);
  });

  it("shows facility names of public facilities to anonymous callers, every facility's to staff", async () => {
    const anon = (await get('/ogcapi/collections/monitoring-locations/items/1')).json() as Feature;
    const staff = (await get('/ogcapi/collections/monitoring-locations/items/1', ogc.admin)).json() as Feature;
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
      where location_ndx = 1 and parameter_ndx = 1 order by collect_timestamp`.execute(ogc.h.t.db);
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
    await ingestObservations(ogc.h.t.db, [
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date(DISCHARGE_START.getTime() - 3_600_000), resultValue: 9, datasrcNdx: 1 },
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date(lastTime + 1_800_000), resultValue: 8, datasrcNdx: 1 },
    ]);
    try {
      const page2 = (await get(next)).json() as Page;
      expect(Date.parse(page2.features[0].properties.time as string)).toBe(lastTime + 1_800_000);
      expect(Date.parse(page2.features[1].properties.time as string)).toBe(lastTime + 3_600_000);
    } finally {
      await sql`delete from observation where location_ndx = 1 and parameter_ndx = 2 and result_value in (8, 9)`.execute(ogc.h.t.db);
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
      from observation_daily where location_ndx = 1 and parameter_ndx = 1 order by local_date`.execute(ogc.h.t.db);
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
    const max = await ogc.h.app.inject({ url: '/ogcapi/collections/time-series-metadata/items/1-1-daily-max' });
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
    const latest = (await readAll('/ogcapi/collections/latest-continuous/items?parameter_code=1', ogc.admin)).features;
    const { rows } = await sql<{ l: number; v: number }>`
      select location_ndx as l, last_value as v from series_latest where parameter_ndx = 1 order by location_ndx`.execute(ogc.h.t.db);
    expect(
      latest.map((f) => [Number(String(f.properties.monitoring_location_id).replace('RWSD-', '')), Number(f.properties.value)]),
    ).toEqual(rows.map((r) => [r.l, r.v]));
  });
});
