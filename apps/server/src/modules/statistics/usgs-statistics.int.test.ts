import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLocation, makeParameter, makeSeries } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recomputeAllStatistics } from './statistics.service';

/**
 * The statistics service answers in USGS's shape, with the requests USGS's client sends
 * (get_stats_por, get_stats_date_range), and its numbers equal an independent computation from the
 * daily means; a private location is absent for the public.
 */

let h: TestApp;
let gauge: number;
let hidden: number;
let flow: number;
const YEARS = Array.from({ length: 12 }, (_, i) => 2010 + i);
const valueOf = (year: number, day: number) => 100 + ((year * 13 + day * 7) % 40);
/** Noon in Denver: one reading a day, so the day's mean is the reading. */
const noon = (year: number, month: number, day: number) =>
  new Date(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T19:00:00Z`);

interface StatValue {
  computation: string;
  time_of_year?: string;
  time_of_year_type?: string;
  interval_type?: string;
  start_date?: string;
  end_date?: string;
  sample_count: number;
  value?: string;
  values?: string[];
  percentiles?: string[];
  approval_status: string;
}
interface StatsBody {
  type: string;
  next: string | null;
  features: {
    properties: { monitoring_location_id: string; data: { parameter_code: string; unit_of_measure: string | null; values: StatValue[] }[] };
  }[];
}

beforeAll(async () => {
  h = await createTestApp();
  const db = h.t.db;
  flow = (await makeParameter(db, { parameter_name: 'Flow', usgs_parameter_code: '00060' })).parameter_ndx;
  gauge = (await makeLocation(db, { location_name: 'Gauge' })).location_ndx;
  hidden = (await makeLocation(db, { location_name: 'Hidden', is_public: false })).location_ndx;
  // Every January day of twelve years at the gauge, and a few at the hidden one.
  await makeSeries(db, {
    locationNdx: gauge,
    parameterNdx: flow,
    observations: YEARS.flatMap((y) => Array.from({ length: 31 }, (_, d) => [noon(y, 1, d + 1), valueOf(y, d + 1)] as const)),
  });
  await makeSeries(db, { locationNdx: hidden, parameterNdx: flow, observations: [[noon(2020, 1, 1), 5]] });
  await recomputeAllStatistics(db, 10);
}, 120_000);
afterAll(async () => h?.close());

async function get(path: string): Promise<StatsBody> {
  const res = await h.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StatsBody>();
}

/** The Weibull percentile written out the long way. */
function weibull(values: number[], p: number): number | null {
  const x = [...values].sort((a, b) => a - b);
  const r = (p * (x.length + 1)) / 100;
  if (r < 1 || r > x.length) return null;
  const lo = x[Math.floor(r) - 1];
  const hi = x[Math.min(Math.ceil(r), x.length) - 1];
  return lo + (r - Math.floor(r)) * (hi - lo);
}

describe('/statistics/v0/observationNormals (get_stats_por)', () => {
  it('gives the percentiles of every day of year, equal to an independent computation', async () => {
    const body = await get(
      `/statistics/v0/observationNormals?monitoring_location_id=RWSD-${gauge}&parameter_code=00060&computation_type=percentile&page_size=1000`,
    );
    expect(body.type).toBe('FeatureCollection');
    expect(body.next).toBeNull();
    expect(body.features).toHaveLength(1);
    const [entry] = body.features[0].properties.data;
    expect(entry.parameter_code).toBe('00060');
    const byDay = new Map(entry.values.filter((v) => v.time_of_year_type === 'day_of_year').map((v) => [v.time_of_year, v]));
    expect(byDay.size).toBe(31);
    for (let d = 1; d <= 31; d++) {
      const v = byDay.get(`01-${String(d).padStart(2, '0')}`)!;
      expect(v.computation).toBe('percentile');
      expect(v.percentiles).toEqual(['5', '10', '25', '50', '75', '90', '95']);
      const values = YEARS.map((y) => valueOf(y, d));
      v.values!.forEach((text, i) => {
        const expected = weibull(values, Number(v.percentiles![i]));
        if (expected === null) expect(text).toBe('nan');
        else expect(Number(text)).toBeCloseTo(expected, 3);
      });
    }
  });

  it("gives January's median, minimum, maximum and mean for one day and for the month", async () => {
    const body = await get(
      `/statistics/v0/observationNormals?monitoring_location_id=RWSD-${gauge}&parameter_code=00060&start_date=01-01&end_date=01-01`,
    );
    const values = body.features[0].properties.data[0].values;
    const jan1 = YEARS.map((y) => valueOf(y, 1));
    const of = (type: string, computation: string) => values.find((v) => v.time_of_year_type === type && v.computation === computation)!;
    expect(Number(of('day_of_year', 'minimum').value)).toBe(Math.min(...jan1));
    expect(Number(of('day_of_year', 'maximum').value)).toBe(Math.max(...jan1));
    expect(Number(of('day_of_year', 'arithmetic_mean').value)).toBeCloseTo(jan1.reduce((a, b) => a + b, 0) / jan1.length, 3);
    expect(Number(of('day_of_year', 'median').value)).toBeCloseTo(weibull(jan1, 50)!, 3);
    // The month of year: the twelve Januaries' means.
    const januaries = YEARS.map((y) => Array.from({ length: 31 }, (_, d) => valueOf(y, d + 1)).reduce((a, b) => a + b, 0) / 31);
    expect(of('month_of_year', 'arithmetic_mean')).toMatchObject({ time_of_year: '01', sample_count: 12 });
    expect(Number(of('month_of_year', 'arithmetic_mean').value)).toBeCloseTo(januaries.reduce((a, b) => a + b, 0) / 12, 3);
  });

  it('hides a private location from the public, and pages by location', async () => {
    const all = await get('/statistics/v0/observationNormals?parameter_code=00060&normal_type=DOY');
    expect(all.features.map((f) => f.properties.monitoring_location_id)).toEqual([`RWSD-${gauge}`]);
    const hiddenOnly = await get(`/statistics/v0/observationNormals?monitoring_location_id=RWSD-${hidden}`);
    expect(hiddenOnly.features).toEqual([]);
    const admin = await h.tokenFor({ roles: ['Administrator'] });
    const res = await h.app.inject({
      url: '/statistics/v0/observationNormals?normal_type=DOY&page_size=1',
      headers: { authorization: `Bearer ${admin}` },
    });
    const first = res.json<StatsBody>();
    expect(first.features).toHaveLength(1);
    expect(first.next).not.toBeNull();
    const second = await h.app.inject({
      url: `/statistics/v0/observationNormals?normal_type=DOY&page_size=1&next_token=${first.next}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(second.json<StatsBody>().features.map((f) => f.properties.monitoring_location_id)).toEqual([`RWSD-${hidden}`]);
  });

  it('refuses what it does not know with a readable 400', async () => {
    for (const [query, message] of [
      ['computation_type=mode', 'computation_type'],
      ['start_date=2024-01-01', 'start_date: a month and day'],
      ['page_size=0', 'page_size'],
      ['colour=blue', 'colour'],
    ]) {
      const res = await h.app.inject({ url: `/statistics/v0/observationNormals?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
    }
  });
});

describe('/statistics/v0/observationIntervals (get_stats_date_range)', () => {
  it('gives month, calendar-year and water-year rows equal to the daily means', async () => {
    const body = await get(
      `/statistics/v0/observationIntervals?monitoring_location_id=RWSD-${gauge}&parameter_code=00060&start_date=2015-01-01&end_date=2015-12-31&page_size=1000`,
    );
    const values = body.features[0].properties.data[0].values;
    const jan2015 = Array.from({ length: 31 }, (_, d) => valueOf(2015, d + 1));
    const month = values.filter((v) => v.interval_type === 'month');
    expect(month.map((v) => v.computation).sort()).toEqual(['arithmetic_mean', 'maximum', 'minimum']);
    expect(month.find((v) => v.computation === 'maximum')).toMatchObject({
      start_date: '2015-01-01',
      end_date: '2015-01-31',
      sample_count: 31,
    });
    expect(Number(month.find((v) => v.computation === 'arithmetic_mean')!.value)).toBeCloseTo(jan2015.reduce((a, b) => a + b, 0) / 31, 3);
    expect(values.find((v) => v.interval_type === 'calendar_year' && v.computation === 'minimum')).toMatchObject({
      start_date: '2015-01-01',
      value: String(Math.min(...jan2015)),
    });
    // The water year from October 2014 holds January 2015; it ends in September, so it lies within 2015.
    expect(values.some((v) => v.interval_type === 'water_year')).toBe(false);
    const wy = await get(
      `/statistics/v0/observationIntervals?monitoring_location_id=RWSD-${gauge}&interval_type=WY&start_date=2014-10-01&end_date=2015-09-30`,
    );
    expect(wy.features[0].properties.data[0].values.find((v) => v.computation === 'maximum')).toMatchObject({
      interval_type: 'water_year',
      start_date: '2014-10-01',
      end_date: '2015-09-30',
      sample_count: 31,
    });
  });
});
