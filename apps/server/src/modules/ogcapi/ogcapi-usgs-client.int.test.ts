import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { OGC_LOC, OGC_PARAM, seedOgcDistrict } from '../../../test/ogcapi-fixture';
import { ingestObservations } from '../timeseries/index';

/**
 * The requests USGS's Python client (dataretrieval's waterdata module) sends when its base URL is
 * set to the portal, replayed byte for byte: the path under /ogcapi/v0, limit=50000, `id=` for one
 * location, a POSTed CQL2 JSON body for several, `time` as an interval, a duration or dates, and
 * queryables as plain parameters. Each answer must equal the database.
 */
const PUBLIC_URL = 'https://water.example.org';
const V0 = '/ogcapi/v0/collections';
type Json = Record<string, unknown>;
interface Feature {
  id: string;
  properties: Json;
}
interface Page {
  features: Feature[];
  numberReturned: number;
  numberMatched?: number;
  links: { rel: string; href: string }[];
}

let h: TestApp;
/** Recent 15-minute discharge at the public location: the last 10 days up to an hour ago, every 6th provisional. */
const RECENT = 10 * 96;

beforeAll(async () => {
  h = await createTestApp({ PUBLIC_URL });
  await seedOgcDistrict(h.t.db);
  const lastSlot = Math.floor((Date.now() - 3_600_000) / 900_000) * 900_000;
  const recentStart = new Date(lastSlot - (RECENT - 1) * 900_000);
  await ingestObservations(
    h.t.db,
    Array.from({ length: RECENT }, (_, i) => ({
      locationNdx: OGC_LOC.public,
      parameterNdx: OGC_PARAM.discharge,
      collectTimestamp: new Date(recentStart.getTime() + i * 900_000),
      resultValue: 50 + (i % 13),
      datasrcNdx: 1,
      qualifiers: i % 6 === 0 ? 'P' : 'A',
    })),
  );
}, 60_000);
afterAll(async () => h?.close());

async function send(method: 'GET' | 'POST', url: string, body?: string): Promise<Page> {
  const res = await h.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/query-cql-json' } }),
  });
  expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
  const page = res.json() as Page;
  expect(page.numberReturned).toBe(page.features.length);
  for (const link of page.links) expect(link.href.startsWith(`${PUBLIC_URL}/ogcapi/v0/`)).toBe(true);
  expect(page.links.some((l) => l.rel === 'next')).toBe(false);
  return page;
}

const instant = (d: Date) => d.toISOString().replace('.000Z', '+00:00');

async function discharge(where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ t: Date; v: number; q: string | null }>`
    select collect_timestamp as t, result_value as v, qualifiers as q from observation
    where location_ndx = 1 and parameter_ndx = 1 and ${where} order by collect_timestamp`.execute(h.t.db);
  return rows.map((r) => [instant(r.t), String(r.v)]);
}
const timesAndValues = (p: Page) => p.features.map((f) => [f.properties.time, f.properties.value]);

describe('get_monitoring_locations', () => {
  it('with no filter: every readable location, with USGS ids and property names', async () => {
    const page = await send('GET', `${V0}/monitoring-locations/items?limit=50000`);
    const { rows } = await sql<{ n: number; name: string }>`
      select location_ndx as n, location_name as name from location where is_public and not exclude_from_map order by location_ndx`.execute(
      h.t.db,
    );
    expect(page.features.map((f) => [f.id, f.properties.monitoring_location_name])).toEqual(rows.map((r) => [`RWSD-${r.n}`, r.name]));
    expect(page.numberMatched).toBe(rows.length);
    expect(page.features[0].properties).toMatchObject({
      agency_code: 'RWSD',
      monitoring_location_number: '1',
      county_name: 'Weld',
      county_code: '123',
      state_code: '08',
      state_name: 'Colorado',
      country_code: 'US',
      site_type: 'Stream Gage',
      latitude: 40.41,
      longitude: -104.56,
      time_zone_abbreviation: 'MST',
      uses_daylight_savings: 'Y',
      altitude: null,
    });
  });

  it('one id (id=AGENCY-SITE), and two ids as a POSTed CQL2 JSON body', async () => {
    const one = await send('GET', `${V0}/monitoring-locations/items?id=RWSD-1&limit=50000`);
    expect(one.features.map((f) => f.id)).toEqual(['RWSD-1']);
    const body = '{"op":"and","args":[{"op":"in","args":[{"property":"id"},["RWSD-1","RWSD-4"]]}]}';
    const two = await send('POST', `${V0}/monitoring-locations/items?limit=50000`, body);
    expect(two.features.map((f) => f.id)).toEqual(['RWSD-1', 'RWSD-4']);
    // The private location stays absent for an anonymous caller, whatever the filter names.
    const hidden = await send('POST', `${V0}/monitoring-locations/items?limit=50000`, body.replace('RWSD-4', 'RWSD-2'));
    expect(hidden.features.map((f) => f.id)).toEqual(['RWSD-1']);
  });
});

describe('series and latest values', () => {
  it('get_time_series_metadata: the four series of each parameter, with USGS codes and UTC times', async () => {
    const page = await send('GET', `${V0}/time-series-metadata/items?monitoring_location_id=RWSD-1&limit=50000`);
    const { rows } = await sql<{ p: number; first: Date; last: Date }>`
      select parameter_ndx as p, first_timestamp as first, last_timestamp as last from series_latest where location_ndx = 1 order by parameter_ndx`.execute(
      h.t.db,
    );
    expect(
      page.features.map((f) => [f.properties.parameter_code, f.properties.statistic_id, f.properties.begin_utc, f.properties.end_utc]),
    ).toEqual(
      rows.flatMap((r) => {
        const code = r.p === OGC_PARAM.discharge ? '00060' : String(r.p);
        return [
          [code, '00011', instant(r.first), instant(r.last)],
          [code, '00003', instant(r.first), instant(r.last)],
          [code, '00001', instant(r.first), instant(r.last)],
          [code, '00002', instant(r.first), instant(r.last)],
        ];
      }),
    );
  });

  it('get_latest_continuous and get_latest_daily: the newest value and the newest day of each series', async () => {
    const latest = await send('GET', `${V0}/latest-continuous/items?monitoring_location_id=RWSD-1&limit=50000`);
    const { rows } = await sql<{ p: number; t: Date; v: number }>`
      select parameter_ndx as p, last_timestamp as t, last_value as v from series_latest where location_ndx = 1 order by parameter_ndx`.execute(
      h.t.db,
    );
    expect(latest.features.map((f) => [f.properties.time, f.properties.value, f.properties.statistic_id])).toEqual(
      rows.map((r) => [instant(r.t), String(r.v), '00011']),
    );
    expect(latest.features[0].properties.last_modified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    const daily = await send('GET', `${V0}/latest-daily/items?monitoring_location_id=RWSD-1&statistic_id=00003&limit=50000`);
    const { rows: days } = await sql<{ d: string; mean: number }>`
      select distinct on (parameter_ndx) local_date::text as d, round(mean_value::numeric, case parameter_ndx when 1 then 1 else 2 end)::float8 as mean
      from observation_daily where location_ndx = 1 order by parameter_ndx, local_date desc`.execute(h.t.db);
    expect(daily.features.map((f) => [f.properties.time, Number(f.properties.value), f.properties.statistic_id])).toEqual(
      days.map((r) => [r.d, r.mean, '00003']),
    );
    expect(daily.features[0].properties.last_modified).toMatch(/\+00:00$/);
  });
});

describe('get_continuous', () => {
  const base = `${V0}/continuous/items?monitoring_location_id=RWSD-1&parameter_code=00060`;

  it('a window given as an interval of instants', async () => {
    const page = await send('GET', `${base}&time=2026-03-08T00%3A00%3A00Z%2F2026-03-09T00%3A00%3A00Z&limit=50000`);
    expect(timesAndValues(page)).toEqual(await discharge(sql`collect_timestamp between '2026-03-08T00:00:00Z' and '2026-03-09T00:00:00Z'`));
    expect(page.features.length).toBe(97); // both ends are inside a closed interval
  });

  it('time=P7D: the seven days ending now', async () => {
    const page = await send('GET', `${base}&time=P7D&limit=50000`);
    const expected = await discharge(sql`collect_timestamp >= now() - interval '7 days'`);
    expect(expected.length).toBeGreaterThan(600);
    expect(timesAndValues(page)).toEqual(expected);
  });

  it('an empty window answers an empty page, and the schema the client then reads', async () => {
    const page = await send('GET', `${base}&time=2001-01-01T00%3A00%3A00Z%2F2001-01-02T00%3A00%3A00Z&limit=50000`);
    expect(page.features).toEqual([]);
    const schema = await h.app.inject({ method: 'GET', url: `${V0}/continuous/schema` });
    expect(schema.statusCode).toBe(200);
    expect(Object.keys((schema.json() as { properties: Json }).properties)).toEqual(
      expect.arrayContaining([
        'id',
        'time_series_id',
        'monitoring_location_id',
        'parameter_code',
        'statistic_id',
        'time',
        'value',
        'last_modified',
      ]),
    );
  });

  it('approval_status=Provisional with P7D: only the provisional values', async () => {
    const page = await send(
      'GET',
      `${V0}/continuous/items?monitoring_location_id=RWSD-1&parameter_code=00060&approval_status=Provisional&time=P7D&limit=50000`,
    );
    const expected = await discharge(sql`collect_timestamp >= now() - interval '7 days' and qualifiers = 'P'`);
    expect(expected.length).toBeGreaterThan(100);
    expect(timesAndValues(page)).toEqual(expected);
    expect(new Set(page.features.map((f) => f.properties.approval_status))).toEqual(new Set(['Provisional']));
  });
});

describe('get_daily', () => {
  it('statistic_id=00003 over district dates equals observation_daily', async () => {
    const page = await send(
      'GET',
      `${V0}/daily/items?monitoring_location_id=RWSD-1&parameter_code=00060&statistic_id=00003&time=2026-03-07%2F2026-03-09&limit=50000`,
    );
    const { rows } = await sql<{ d: string; mean: number }>`
      select local_date::text as d, round(mean_value::numeric, 1)::float8 as mean from observation_daily
      where location_ndx = 1 and parameter_ndx = 1 and local_date between '2026-03-07' and '2026-03-09' order by local_date`.execute(
      h.t.db,
    );
    expect(page.features.map((f) => [f.properties.time, Number(f.properties.value), f.properties.statistic_id])).toEqual(
      rows.map((r) => [r.d, r.mean, '00003']),
    );
    // The day's maximum is served too, as statistic 00001.
    const max = await send(
      'GET',
      `${V0}/daily/items?monitoring_location_id=RWSD-1&parameter_code=00060&statistic_id=00001&time=2026-03-07%2F2026-03-09&limit=50000`,
    );
    const { rows: maxima } = await sql<{ d: string; max: number }>`
      select local_date::text as d, round(max_value::numeric, 1)::float8 as max from observation_daily
      where location_ndx = 1 and parameter_ndx = 1 and local_date between '2026-03-07' and '2026-03-09' order by local_date`.execute(
      h.t.db,
    );
    expect(max.features.map((f) => [f.properties.time, Number(f.properties.value), f.properties.statistic_id])).toEqual(
      maxima.map((r) => [r.d, r.max, '00001']),
    );
  });

  it('time=P30D: the days of the last 30 (every recent day, none of March)', async () => {
    const page = await send(
      'GET',
      `${V0}/daily/items?monitoring_location_id=RWSD-1&parameter_code=00060&statistic_id=00003&time=P30D&limit=50000`,
    );
    const { rows } = await sql<{ d: string }>`
      select local_date::text as d from observation_daily
      where location_ndx = 1 and parameter_ndx = 1 and local_date >= '2026-04-01' order by local_date`.execute(h.t.db);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(page.features.map((f) => f.properties.time)).toEqual(rows.map((r) => r.d));
  });
});
