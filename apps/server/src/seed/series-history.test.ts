import { describe, expect, it } from 'vitest';
import { planDistrict } from './district';
import { DROUGHT_YEARS_AGO, seriesRows, WET_YEARS_AGO, type SeriesWindow } from './series';
import { shapesForLocation } from './series-shapes';

const anchor = new Date(Date.UTC(2026, 6, 15, 18, 0));
const window20: SeriesWindow = { anchor, fifteenMinuteDays: 2, dailyYears: 1, historyYears: 20, seed: 11, datasrcNdx: 1 };
const plan = planDistrict(11);

function rowsOf(parameter: string, w: SeriesWindow) {
  const loc = plan.locations.find((l) => shapesForLocation(11, l).has(parameter as never))!;
  const shape = shapesForLocation(11, loc).get(parameter as never)!;
  return [...seriesRows({ locationId: loc.locationId, locationNdx: 1, parameterNdx: 1, shape, staleDays: 0 }, w)];
}

const yearOf = (d: Date) => d.getUTCFullYear();
const meanOfYear = (rows: { collectTimestamp: Date; resultValue: number }[], year: number) => {
  const values = rows.filter((r) => yearOf(r.collectTimestamp) === year).map((r) => r.resultValue);
  return values.reduce((a, b) => a + b, 0) / values.length;
};

describe('daily history of the gauges and wells', () => {
  it('goes back historyYears for flow, stage and water level, one reading a day; dailyYears for the rest', () => {
    for (const parameter of ['flow', 'level']) {
      const rows = rowsOf(parameter, window20);
      expect(yearOf(rows[0].collectTimestamp), parameter).toBe(2006);
      // One reading a day before the 15-minute window (a few days missing now and then).
      const older = rows.filter((r) => yearOf(r.collectTimestamp) === 2010);
      expect(older.length).toBeGreaterThan(330);
      expect(older.length).toBeLessThanOrEqual(365);
    }
    expect(yearOf(rowsOf('battery', window20)[0].collectTimestamp)).toBe(2025);
    expect(yearOf(rowsOf('flow', { ...window20, historyYears: undefined })[0].collectTimestamp)).toBe(2025);
  });

  it('has a drought year with far less flow and a wet year with far more than the years around them', () => {
    const rows = rowsOf('flow', window20);
    const drought = 2026 - DROUGHT_YEARS_AGO;
    const wet = 2026 - WET_YEARS_AGO;
    const usual = (meanOfYear(rows, drought - 1) + meanOfYear(rows, drought + 1)) / 2;
    expect(meanOfYear(rows, drought)).toBeLessThan(usual * 0.6);
    expect(meanOfYear(rows, wet)).toBeGreaterThan(usual * 1.6);
  });
});
