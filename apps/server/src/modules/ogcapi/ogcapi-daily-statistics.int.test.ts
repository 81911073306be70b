import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedOgcDistrict } from '../../../test/ogcapi-fixture';

/**
 * The daily collections serve each day's maximum (statistic 00001), minimum (00002) and mean
 * (00003) as features of their own, each with its own id, filterable by statistic_id as a query
 * parameter and in CQL2; the values equal observation_daily rounded to the parameter's decimals.
 */
const PUBLIC_URL = 'https://water.example.org';
const DAILY = '/ogcapi/v0/collections/daily';
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
beforeAll(async () => {
  h = await createTestApp({ PUBLIC_URL });
  await seedOgcDistrict(h.t.db);
}, 60_000);
afterAll(async () => h?.close());

async function send(method: 'GET' | 'POST', url: string, body?: string): Promise<Page> {
  const res = await h.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/query-cql-json' } }),
  });
  expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
  return res.json() as Page;
}

/** Every feature of a GET query, following links[rel=next]. */
async function readAll(url: string): Promise<Feature[]> {
  const features: Feature[] = [];
  let next: string | undefined = url;
  while (next) {
    const page = await send('GET', next);
    features.push(...page.features);
    next = page.links.find((l) => l.rel === 'next')?.href.slice(PUBLIC_URL.length);
  }
  return features;
}

/** observation_daily of the public location's discharge as [day, statistic, value], days oldest first, statistics in id order. */
async function expected(statistics: readonly string[] = ['00001', '00002', '00003']): Promise<[string, string, number][]> {
  const { rows } = await sql<{ d: string; max: number; min: number; mean: number }>`
    select local_date::text as d, round(max_value::numeric, 1)::float8 as max, round(min_value::numeric, 1)::float8 as min,
           round(mean_value::numeric, 1)::float8 as mean
    from observation_daily where location_ndx = 1 and parameter_ndx = 1 order by local_date`.execute(h.t.db);
  return rows.flatMap((r) =>
    (
      [
        [r.d, '00001', r.max],
        [r.d, '00002', r.min],
        [r.d, '00003', r.mean],
      ] as [string, string, number][]
    ).filter(([, s]) => statistics.includes(s)),
  );
}
const triples = (features: Feature[]) =>
  features.map((f) => [f.properties.time, f.properties.statistic_id, Number(f.properties.value)] as [string, string, number]);
const series = 'monitoring_location_id=RWSD-1&parameter_code=00060';

describe('daily statistics 00001, 00002 and 00003', () => {
  it('without statistic_id: the maximum, minimum and mean of every day, each its own feature', async () => {
    const features = await readAll(`${DAILY}/items?${series}&limit=50000`);
    expect(triples(features)).toEqual(await expected());
    expect(new Set(features.map((f) => f.id)).size).toBe(features.length);
    // Each statistic's days belong to that statistic's series, as time-series-metadata lists them.
    const seriesOf: Record<string, string> = { '00001': '1-1-daily-max', '00002': '1-1-daily-min', '00003': '1-1-daily' };
    for (const f of features) expect(f.properties.time_series_id).toBe(seriesOf[String(f.properties.statistic_id)]);
  });

  it('statistic_id=00001 or 00002 as a query parameter: only that statistic', async () => {
    expect(triples((await send('GET', `${DAILY}/items?${series}&statistic_id=00001&limit=50000`)).features)).toEqual(
      await expected(['00001']),
    );
    expect(triples((await send('GET', `${DAILY}/items?${series}&statistic_id=00002&limit=50000`)).features)).toEqual(
      await expected(['00002']),
    );
    expect(triples((await send('GET', `${DAILY}/items?${series}&statistic_id=00002,00003&limit=50000`)).features)).toEqual(
      await expected(['00002', '00003']),
    );
  });

  it('statistic_id in (...) in CQL2 text and in a POSTed CQL2 JSON body', async () => {
    const text = encodeURIComponent("statistic_id in ('00001','00003')");
    const byText = await send('GET', `${DAILY}/items?${series}&filter=${text}&filter-lang=cql2-text&limit=50000`);
    expect(triples(byText.features)).toEqual(await expected(['00001', '00003']));
    const body = JSON.stringify({
      op: 'and',
      args: [
        { op: '=', args: [{ property: 'monitoring_location_id' }, 'RWSD-1'] },
        { op: '=', args: [{ property: 'parameter_code' }, '00060'] },
        { op: 'in', args: [{ property: 'statistic_id' }, ['00002']] },
      ],
    });
    expect(triples((await send('POST', `${DAILY}/items?limit=50000`, body)).features)).toEqual(await expected(['00002']));
    const either = encodeURIComponent("statistic_id = '00001' or statistic_id = '00002'");
    const byOr = await send('GET', `${DAILY}/items?${series}&filter=${either}&limit=50000`);
    expect(triples(byOr.features)).toEqual(await expected(['00001', '00002']));
  });

  it('pages of two follow each other across statistics and days without losing or repeating a feature', async () => {
    const paged = await readAll(`${DAILY}/items?${series}&limit=2`);
    expect(triples(paged)).toEqual(await expected());
    const firstPage = await send('GET', `${DAILY}/items?${series}&statistic_id=00001&limit=1`);
    expect(firstPage.numberMatched).toBe((await expected(['00001'])).length);
  });

  it('each id reads back its own feature; the old id of a day (no statistic) is its mean', async () => {
    const features = await readAll(`${DAILY}/items?${series}&limit=50000`);
    for (const f of features.slice(0, 3)) {
      const res = await h.app.inject({ method: 'GET', url: `${DAILY}/items/${f.id}` });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect((res.json() as Feature).properties).toMatchObject({ statistic_id: f.properties.statistic_id, value: f.properties.value });
    }
    const day = String(features[0].properties.time);
    const old = await h.app.inject({ method: 'GET', url: `${DAILY}/items/1-1-${day}` });
    expect(old.statusCode).toBe(200);
    expect((old.json() as Feature).properties.statistic_id).toBe('00003');
    const unknown = await h.app.inject({ method: 'GET', url: `${DAILY}/items/1-1-${day}-00011` });
    expect(unknown.statusCode).toBe(404);
  });

  it('latest-daily: the newest day of each series with its three statistics', async () => {
    const page = await send('GET', `/ogcapi/v0/collections/latest-daily/items?${series}&limit=50000`);
    const all = await expected();
    const newest = all[all.length - 1][0];
    expect(triples(page.features)).toEqual(all.filter(([d]) => d === newest));
    const max = await send('GET', `/ogcapi/v0/collections/latest-daily/items?${series}&statistic_id=00001&limit=50000`);
    expect(triples(max.features)).toEqual(all.filter(([d, s]) => d === newest && s === '00001'));
  });
});

describe('a POSTed CQL2 JSON filter over several pages', () => {
  it('answers a next link a client follows with GET, the filter carried as cql2-json, to the same features', async () => {
    const body = JSON.stringify({
      op: 'and',
      args: [
        { op: '=', args: [{ property: 'monitoring_location_id' }, 'RWSD-1'] },
        { op: 'in', args: [{ property: 'statistic_id' }, ['00001', '00003']] },
      ],
    });
    const first = await send('POST', `${DAILY}/items?parameter_code=00060&limit=2`, body);
    expect(first.features).toHaveLength(2);
    const next = first.links.find((l) => l.rel === 'next')?.href;
    expect(next).toBeDefined();
    const url = new URL(next!);
    expect(url.searchParams.get('filter-lang')).toBe('cql2-json');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual(JSON.parse(body));
    const rest = await readAll(next!.slice(PUBLIC_URL.length));
    expect(triples([...first.features, ...rest])).toEqual(await expected(['00001', '00003']));
  });

  it("with a cql2-json filter in the query too, the next link's filter holds both", async () => {
    const body = JSON.stringify({ op: '=', args: [{ property: 'statistic_id' }, '00002'] });
    const inQuery = encodeURIComponent(JSON.stringify({ op: '=', args: [{ property: 'monitoring_location_id' }, 'RWSD-1'] }));
    const first = await send('POST', `${DAILY}/items?parameter_code=00060&filter=${inQuery}&filter-lang=cql2-json&limit=1`, body);
    const next = first.links.find((l) => l.rel === 'next')!.href;
    const rest = await readAll(next.slice(PUBLIC_URL.length));
    expect(triples([...first.features, ...rest])).toEqual(await expected(['00002']));
  });
});
