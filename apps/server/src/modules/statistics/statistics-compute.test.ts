import { describe, expect, it } from 'vitest';
import { intervalStats, normalStats, touchedKeys, weibullPercentile, type DailyMean } from './statistics-compute';

describe('weibullPercentile', () => {
  const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  it('sits at rank p/100 * (n + 1), interpolated between neighbours', () => {
    expect(weibullPercentile(ten, 50)).toBe(5.5); // rank 5.5
    expect(weibullPercentile(ten, 25)).toBeCloseTo(2.75); // rank 2.75
    expect(weibullPercentile(ten, 90)).toBeCloseTo(9.9); // rank 9.9
    expect(weibullPercentile([10, 20, 40], 50)).toBe(20); // rank 2 exactly
  });
  it('has no value where the rank falls outside the sample', () => {
    expect(weibullPercentile(ten, 5)).toBeNull(); // rank 0.55
    expect(weibullPercentile(ten, 95)).toBeNull(); // rank 10.45
    expect(weibullPercentile([], 50)).toBeNull();
    expect(
      weibullPercentile(
        Array.from({ length: 19 }, (_, i) => i + 1),
        5,
      ),
    ).toBe(1); // rank 1
  });
});

/** One daily mean a year on the same day: `values[i]` in year 2000 + i. */
const sameDay = (monthDay: string, values: number[], approved = false): DailyMean[] =>
  values.map((value, i) => ({ date: `${2000 + i}-${monthDay}`, value, approved }));

describe('normalStats', () => {
  it('ranks a day of year with enough years and not one with too few', () => {
    const days = [...sameDay('01-15', [5, 1, 4, 2, 3, 10, 9, 8, 7, 6]), ...sameDay('01-16', [1, 2, 3])];
    const stats = normalStats(days, 10).filter((s) => s.timeOfYearType === 'day_of_year');
    const jan15 = stats.find((s) => s.timeOfYear === '01-15')!;
    expect(jan15).toMatchObject({ sampleCount: 10, min: 1, max: 10, mean: 5.5, median: 5.5, approvalStatus: 'provisional' });
    expect(jan15.percentiles[0]).toBeNull(); // 5th: rank 0.55
    expect(jan15.percentiles[2]).toBeCloseTo(2.75); // 25th
    const jan16 = stats.find((s) => s.timeOfYear === '01-16')!;
    expect(jan16).toMatchObject({ sampleCount: 3, median: 2 });
    expect(jan16.percentiles.every((p) => p === null)).toBe(true);
  });
  it('keeps 29 February a day of its own and takes month-of-year normals from complete months only', () => {
    const feb = (year: number, daysIn: number, value: number): DailyMean[] =>
      Array.from({ length: daysIn }, (_, i) => ({ date: `${year}-02-${String(i + 1).padStart(2, '0')}`, value, approved: true }));
    const days = [...feb(2000, 29, 10), ...feb(2001, 28, 20), ...feb(2002, 27, 99)];
    const stats = normalStats(days, 1);
    expect(stats.find((s) => s.timeOfYear === '02-29')).toMatchObject({ sampleCount: 1, mean: 10 });
    expect(stats.find((s) => s.timeOfYear === '02-28')).toMatchObject({ sampleCount: 2, mean: 15, approvalStatus: 'approved' });
    // 2002's February lacks a day: its mean is left out of February's normal.
    expect(stats.find((s) => s.timeOfYearType === 'month_of_year' && s.timeOfYear === '02')).toMatchObject({
      sampleCount: 2,
      min: 10,
      max: 20,
    });
  });
});

describe('intervalStats', () => {
  it('gives month, calendar-year and water-year rows, partial ones included', () => {
    const days: DailyMean[] = [
      { date: '2024-09-30', value: 1, approved: true },
      { date: '2024-10-01', value: 3, approved: true },
      { date: '2024-12-31', value: 5, approved: false },
    ];
    const rows = intervalStats(days);
    const find = (type: string, start: string) => rows.find((r) => r.intervalType === type && r.startDate === start);
    expect(find('water_year', '2023-10-01')).toMatchObject({ endDate: '2024-09-30', sampleCount: 1, mean: 1 });
    expect(find('water_year', '2024-10-01')).toMatchObject({
      endDate: '2025-09-30',
      sampleCount: 2,
      min: 3,
      max: 5,
      mean: 4,
      approvalStatus: 'provisional',
    });
    expect(find('calendar_year', '2024-01-01')).toMatchObject({ endDate: '2024-12-31', sampleCount: 3, mean: 3 });
    expect(find('month', '2024-09-01')).toMatchObject({ endDate: '2024-09-30', approvalStatus: 'approved' });
  });
});

describe('touchedKeys', () => {
  it('names the days of year, months and intervals a change of some days touches', () => {
    const k = touchedKeys('2024-09-30', '2024-10-01');
    expect([...k.days]).toEqual(['09-30', '10-01']);
    expect([...k.months]).toEqual(['09', '10']);
    expect([...k.intervals].sort()).toEqual(
      ['calendar_year 2024-01-01', 'month 2024-09-01', 'month 2024-10-01', 'water_year 2023-10-01', 'water_year 2024-10-01'].sort(),
    );
  });
});
