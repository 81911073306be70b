import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeries } from '../../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { recomputeStatisticsAfterIngest } from '../../jobs/statistics-tasks';
import { deleteObservationsBefore, ingestObservations } from '../timeseries/index';
import { recomputeAllStatistics, recomputePendingStatistics } from './statistics.service';

/**
 * The statistics of a series equal an independent computation from its daily means, and a write
 * that changes a day's mean changes that day's statistics once the statistics job has run.
 */

const MIN_YEARS = 10;
let t: TestDatabase;
let series: { locationNdx: number; parameterNdx: number };
let stopListening: () => void;

/** Noon in Denver on a day: one reading a day, so the day's mean is the reading. */
const noon = (date: string) => new Date(`${date}T19:00:00Z`);
/** Twelve years of 1 January to 10 January, a value that differs by year and day. */
const valueOf = (year: number, day: number) => ((year * 37 + day * 11) % 50) + day / 10;
const YEARS = Array.from({ length: 12 }, (_, i) => 2010 + i);
const DAYS = Array.from({ length: 10 }, (_, i) => i + 1);
const dateOf = (year: number, day: number) => `${year}-01-${String(day).padStart(2, '0')}`;

/** The Weibull percentile written out the long way, independent of the code under test. */
function expectedPercentile(values: number[], p: number): number | null {
  const x = [...values].sort((a, b) => a - b);
  const position = (p * (x.length + 1)) / 100;
  if (position < 1 || position > x.length) return null;
  const below = x[Math.floor(position) - 1];
  const above = x[Math.min(Math.ceil(position), x.length) - 1];
  return below + (position - Math.floor(position)) * (above - below);
}

async function dayStats(timeOfYear: string) {
  return t.db
    .selectFrom('series_normal_stats')
    .selectAll()
    .where('location_ndx', '=', series.locationNdx)
    .where('parameter_ndx', '=', series.parameterNdx)
    .where('time_of_year_type', '=', 'day_of_year')
    .where('time_of_year', '=', timeOfYear)
    .executeTakeFirst();
}

beforeAll(async () => {
  t = await createTestDatabase();
  stopListening = recomputeStatisticsAfterIngest();
  series = await makeSeries(t.db, {
    observations: YEARS.flatMap((y) => DAYS.map((d) => [noon(dateOf(y, d)), valueOf(y, d)] as const)),
  });
  await recomputePendingStatistics(t.db, MIN_YEARS);
}, 120_000);
afterAll(async () => {
  stopListening?.();
  await t?.close();
});

describe('statistics of a series', () => {
  it('equal an independent computation from the daily means for every day of year', async () => {
    for (const d of DAYS) {
      const values = YEARS.map((y) => valueOf(y, d));
      const row = (await dayStats(`01-${String(d).padStart(2, '0')}`))!;
      expect(row.sample_count).toBe(12);
      expect(row.min_value).toBeCloseTo(Math.min(...values), 9);
      expect(row.max_value).toBeCloseTo(Math.max(...values), 9);
      expect(row.mean_value).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 9);
      const stored = [row.p05, row.p10, row.p25, row.p50, row.p75, row.p90, row.p95];
      [5, 10, 25, 50, 75, 90, 95].forEach((p, i) => {
        const expected = expectedPercentile(values, p);
        if (expected === null) expect(stored[i]).toBeNull();
        else expect(stored[i]).toBeCloseTo(expected, 9);
      });
      expect(row.median_value).toBeCloseTo(expectedPercentile(values, 50)!, 9);
    }
  });

  it('give January of each year and each water year their count, minimum, maximum and mean', async () => {
    const rows = await t.db
      .selectFrom('series_interval_stats')
      .select(['interval_type', 'start_date', 'sample_count', 'min_value', 'max_value', 'mean_value'])
      .where('location_ndx', '=', series.locationNdx)
      .where('start_date', '=', sql<Date>`date '2015-01-01'`)
      .execute();
    const jan2015 = DAYS.map((d) => valueOf(2015, d));
    const month = rows.find((r) => r.interval_type === 'month')!;
    expect(month.sample_count).toBe(10);
    expect(month.mean_value).toBeCloseTo(jan2015.reduce((a, b) => a + b, 0) / 10, 9);
    expect(rows.find((r) => r.interval_type === 'calendar_year')!.max_value).toBeCloseTo(Math.max(...jan2015), 9);
    const waterYear = await t.db
      .selectFrom('series_interval_stats')
      .select(['sample_count', 'end_date'])
      .where('interval_type', '=', 'water_year')
      .where('start_date', '=', sql<Date>`date '2014-10-01'`)
      .executeTakeFirstOrThrow();
    expect(waterYear.sample_count).toBe(10);
  });

  it('follow a write that changes a day: that day is recomputed by the job, the others keep theirs', async () => {
    const before3 = (await dayStats('01-03'))!;
    const before4 = (await dayStats('01-04'))!;
    await ingestObservations(t.db, [
      { locationNdx: series.locationNdx, parameterNdx: series.parameterNdx, collectTimestamp: noon('2016-01-03'), resultValue: 1000 },
    ]);
    // Noted in the write's transaction, computed by the job, never on the write itself.
    expect((await dayStats('01-03'))!.max_value).toBe(before3.max_value);
    expect(await recomputePendingStatistics(t.db, MIN_YEARS)).toBe(1);
    const after3 = (await dayStats('01-03'))!;
    expect(after3.max_value).toBe(1000);
    expect(after3.mean_value).not.toBe(before3.mean_value);
    expect((await dayStats('01-04'))!.computed_at).toEqual(before4.computed_at);
    expect(await recomputePendingStatistics(t.db, MIN_YEARS)).toBe(0);
  });

  it('a recompute of the touched days leaves the rows a full recompute leaves', async () => {
    // A day in another month of a year with data: its month, its calendar year (with January's
    // days) and its water year are recomputed from the daily means read for them alone.
    await ingestObservations(t.db, [
      { locationNdx: series.locationNdx, parameterNdx: series.parameterNdx, collectTimestamp: noon('2016-02-15'), resultValue: 7.5 },
    ]);
    expect(await recomputePendingStatistics(t.db, MIN_YEARS)).toBe(1);
    const rows = async () => {
      const normals = await sql`select * from series_normal_stats order by 1, 2, 3, 4`.execute(t.db);
      const intervals = await sql`select * from series_interval_stats order by 1, 2, 3, 4`.execute(t.db);
      const strip = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'computed_at'));
      return {
        normals: (normals.rows as Record<string, unknown>[]).map(strip),
        intervals: (intervals.rows as Record<string, unknown>[]).map(strip),
      };
    };
    const touched = await rows();
    expect(touched.intervals.some((r) => r.interval_type === 'calendar_year' && String(r.sample_count) === String(DAYS.length + 1))).toBe(
      true,
    );
    await recomputeAllStatistics(t.db, MIN_YEARS);
    expect(await rows()).toEqual(touched);
  });

  it("follow retention: deleting a series' old values marks its days pending, and the job drops those years", async () => {
    expect((await dayStats('01-05'))!.sample_count).toBe(12);
    // What the retention job does for a source that keeps its values for a limited time.
    const deleted = await deleteObservationsBefore(t.db, series.locationNdx, series.parameterNdx, new Date('2011-01-01T00:00:00Z'));
    expect(deleted).toBe(DAYS.length);
    expect(await recomputePendingStatistics(t.db, MIN_YEARS)).toBe(1);
    const after = (await dayStats('01-05'))!;
    expect(after.sample_count).toBe(11);
    const values = YEARS.slice(1).map((y) => valueOf(y, 5));
    expect(after.min_value).toBeCloseTo(Math.min(...values), 9);
    const year2010 = await t.db
      .selectFrom('series_interval_stats')
      .select('interval_type')
      .where('location_ndx', '=', series.locationNdx)
      .where('start_date', '=', sql<Date>`date '2010-01-01'`)
      .execute();
    expect(year2010).toEqual([]);
  });
});
