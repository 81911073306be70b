import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERCENTILE_CLASSES, percentileOf, type PercentileClass } from '@portal/contracts';
import { makeGage, makeParameter, makeSeries, makeUnit } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recomputeStatisticsAfterIngest } from '../../jobs/statistics-tasks';
import { recomputePendingStatistics } from './statistics.service';

/**
 * The normal band and the latest classes equal the stored statistics rows and an independent
 * computation of the class, and answer only for locations the caller may read.
 */

const MIN_YEARS = 10;
let h: TestApp;
let staff: string;
let flowParam = 0;
let stopListening: () => void;
const loc = { pub: 0, priv: 0, young: 0 };

/** Noon in Denver on a day: one reading a day, so the day's mean is the reading. */
const noon = (date: string) => new Date(`${date}T19:00:00Z`);
const valueOf = (year: number, day: number) => ((year * 37 + day * 11) % 50) + day / 10;
const dateOf = (year: number, day: number) => `${year}-01-${String(day).padStart(2, '0')}`;
const years = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const DAYS = Array.from({ length: 10 }, (_, i) => i + 1);
const readings = (ys: number[]) => ys.flatMap((y) => DAYS.map((d) => [noon(dateOf(y, d)), valueOf(y, d)] as const));

/** The Weibull percentile written out the long way, independent of the code under test. */
function weibull(values: number[], p: number): number | null {
  const x = [...values].sort((a, b) => a - b);
  const position = (p * (x.length + 1)) / 100;
  if (position < 1 || position > x.length) return null;
  const below = x[Math.floor(position) - 1];
  const above = x[Math.min(Math.ceil(position), x.length) - 1];
  return below + (position - Math.floor(position)) * (above - below);
}

/** WaterWatch's class of a value among `values`, from the percentiles computed above. */
function expectedClass(value: number, values: number[]): PercentileClass {
  const [p10, p25, p75, p90] = [10, 25, 75, 90].map((p) => weibull(values, p) as number);
  if (value < Math.min(...values)) return 'low';
  if (value > Math.max(...values)) return 'high';
  if (value < p10) return 'much_below_normal';
  if (value < p25) return 'below_normal';
  if (value <= p75) return 'normal';
  if (value <= p90) return 'above_normal';
  return 'much_above_normal';
}

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const band = (id: number | string, query: string, token?: string) => get(`/api/series-normals/${id}/band?${query}`, token);

beforeAll(async () => {
  h = await createTestApp();
  stopListening = recomputeStatisticsAfterIngest();
  const db = h.t.db;
  const cfs = (await makeUnit(db, { unit_desc: 'cfs' })).unit_ndx;
  flowParam = (await makeParameter(db, { parameter_name: 'Flow', unit_ndx: cfs, value_field: 'flow_cfs' })).parameter_ndx;
  loc.pub = (await makeGage(db, 'SN-PUB', { is_public: true, exclude_from_map: false })).location_ndx;
  loc.priv = (await makeGage(db, 'SN-PRIV', { is_public: false, exclude_from_map: false })).location_ndx;
  loc.young = (await makeGage(db, 'SN-YOUNG', { is_public: true, exclude_from_map: false })).location_ndx;
  // Twelve years of 1-10 January at the public and the private gauge, three at the young one.
  await makeSeries(db, { locationNdx: loc.pub, parameterNdx: flowParam, observations: readings(years(2010, 12)) });
  await makeSeries(db, { locationNdx: loc.priv, parameterNdx: flowParam, observations: readings(years(2010, 12)) });
  await makeSeries(db, { locationNdx: loc.young, parameterNdx: flowParam, observations: readings(years(2019, 3)) });
  await recomputePendingStatistics(db, MIN_YEARS);
  staff = await h.tokenFor({ roles: ['User'] });
}, 120_000);
afterAll(async () => {
  stopListening?.();
  await h?.close();
});

describe('GET /api/series-normals/:id/band', () => {
  it("gives each day of the range its day of year's stored row, and count 0 where there is none", async () => {
    const res = await band(loc.pub, 'type=flow&startDate=2025-12-31&endDate=01/03/2026');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ location_ndx: loc.pub, parameter_ndx: flowParam, units: 'cfs' });
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03']);
    expect(body.days[0]).toEqual({
      date: '2025-12-31',
      day_of_year: '12-31',
      sample_count: 0,
      min: null,
      p10: null,
      p25: null,
      median: null,
      p75: null,
      p90: null,
      max: null,
    });
    const stored = await h.t.db
      .selectFrom('series_normal_stats')
      .selectAll()
      .where('location_ndx', '=', loc.pub)
      .where('parameter_ndx', '=', flowParam)
      .where('time_of_year_type', '=', 'day_of_year')
      .where('time_of_year', 'in', ['01-01', '01-02', '01-03'])
      .orderBy('time_of_year')
      .execute();
    expect(stored).toHaveLength(3);
    expect(body.days.slice(1)).toEqual(
      stored.map((s, i) => ({
        date: `2026-01-0${i + 1}`,
        day_of_year: s.time_of_year,
        sample_count: 12,
        min: s.min_value,
        p10: s.p10,
        p25: s.p25,
        median: s.median_value,
        p75: s.p75,
        p90: s.p90,
        max: s.max_value,
      })),
    );
    // And the stored 25th percentile is the independent one.
    const jan2 = years(2010, 12).map((y) => valueOf(y, 2));
    expect(body.days[2].p25).toBeCloseTo(weibull(jan2, 25) as number, 9);
  });

  it('a day with too few years has its count and no percentiles (not ranked)', async () => {
    const day = (await band(loc.young, 'type=flow&startDate=2026-01-05&endDate=2026-01-05')).json().days[0];
    expect(day).toMatchObject({ sample_count: 3, p10: null, p25: null, p75: null, p90: null });
    expect(day.min).toBe(Math.min(...years(2019, 3).map((y) => valueOf(y, 5))));
  });

  it('a location without a series of that type has no days', async () => {
    const res = await band(loc.pub, 'type=stage&startDate=2026-01-01&endDate=2026-01-02');
    expect(res.json()).toEqual({ location_ndx: loc.pub, parameter_ndx: null, units: null, days: [] });
  });

  it("parameter= picks the series by its parameter (a facility page's line), the same rows as type= for that series", async () => {
    const query = 'startDate=2026-01-01&endDate=2026-01-03';
    const byParameter = await band(loc.pub, `parameter=${flowParam}&${query}`);
    expect(byParameter.statusCode).toBe(200);
    expect(byParameter.json()).toEqual((await band(loc.pub, `type=flow&${query}`)).json());
    // A parameter the location has no series of: no days; neither type nor parameter: a 400.
    expect((await band(loc.pub, `parameter=987654&${query}`)).json()).toEqual({
      location_ndx: loc.pub,
      parameter_ndx: null,
      units: null,
      days: [],
    });
    const neither = await band(loc.pub, query);
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toMatch(/type or parameter/);
    expect((await band(loc.priv, `parameter=${flowParam}&${query}`)).statusCode).toBe(404);
  });

  it('a private location is 404 to the public, like a missing one, and 200 to staff', async () => {
    const query = 'type=flow&startDate=2026-01-01&endDate=2026-01-02';
    expect((await band(loc.priv, query)).json()).toEqual({ error: 'Not Found', message: `Location ${loc.priv} was not found` });
    expect((await band(987654, query)).json()).toEqual({ error: 'Not Found', message: 'Location 987654 was not found' });
    const ok = await band(loc.priv, query, staff);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().days).toHaveLength(2);
  });

  it.each([
    ['unknown type', 'type=rain&startDate=2026-01-01&endDate=2026-01-02', /type must be 'flow', 'stage' or 'waterlevel'/],
    ['end before start', 'type=flow&startDate=2026-01-03&endDate=2026-01-02', /endDate 2026-01-02 is before startDate 2026-01-03/],
    ['range too long', 'type=flow&startDate=2020-01-01&endDate=2026-01-02', /at most 1098 days/],
    ['not a date', 'type=flow&startDate=soon&endDate=2026-01-02', /startDate "soon" is not a valid date/],
  ])('bad input is a 400: %s', async (_name, query, message) => {
    const res = await band(loc.pub, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('GET /api/series-normals/latest-classes', () => {
  it("classes each readable series' latest daily mean against its day of year", async () => {
    const res = await get('/api/series-normals/latest-classes');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { location_ndx: number; class: string; percentile: number | null; value: number; date: string }[];
    expect(items.map((i) => i.location_ndx).sort()).toEqual([loc.pub, loc.young].sort());
    const pub = items.find((i) => i.location_ndx === loc.pub);
    const jan10 = years(2010, 12).map((y) => valueOf(y, 10));
    expect(pub).toMatchObject({ date: '2021-01-10', value: valueOf(2021, 10), units: 'cfs', value_field: 'flow_cfs' });
    expect(pub?.class).toBe(expectedClass(valueOf(2021, 10), jan10));
    expect(PERCENTILE_CLASSES).toContain(pub?.class);
    const n = 12;
    const p = (q: number) => weibull(jan10, q);
    const independent = percentileOf(valueOf(2021, 10), {
      sample_count: n,
      min: Math.min(...jan10),
      max: Math.max(...jan10),
      p05: p(5),
      p10: p(10),
      p25: p(25),
      p50: p(50),
      p75: p(75),
      p90: p(90),
      p95: p(95),
    });
    expect(pub?.percentile).toBe(independent);
    expect(items.find((i) => i.location_ndx === loc.young)).toMatchObject({ class: 'not_ranked', percentile: null });
  });

  it('staff read the private location too', async () => {
    const items = (await get('/api/series-normals/latest-classes', staff)).json().items as { location_ndx: number }[];
    expect(items.map((i) => i.location_ndx)).toContain(loc.priv);
  });

  it('answers 304 to the ETag it gave, per caller', async () => {
    const first = await get('/api/series-normals/latest-classes');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/Authorization/);
    const etag = String(first.headers.etag);
    expect((await get('/api/series-normals/latest-classes', undefined, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/series-normals/latest-classes', staff, { 'if-none-match': etag })).statusCode).toBe(200);
  });
});
