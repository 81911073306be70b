/**
 * Statistics of a series from its daily means, as USGS's tools compute them. Pure: the caller
 * reads the daily means and writes the rows.
 * - Percentiles by the Weibull plotting position: the p-th percentile of n sorted values sits at
 *   rank r = p/100 * (n + 1), interpolated linearly between the neighbouring ranks; a rank below 1
 *   or above n has no value (null).
 * - A day of year ('MM-DD', 29 February its own day) gathers that date's daily mean of every year;
 *   it is ranked (percentiles given) only with at least `minYears` values.
 * - A month of year ('MM') gathers the monthly means of the complete months of that month.
 * - Intervals (month, calendar year, water year from 1 October) give the count, minimum, maximum
 *   and mean of the daily means inside them, partial ones included.
 */

export const PERCENTILES = [5, 10, 25, 50, 75, 90, 95] as const;

export interface DailyMean {
  /** 'YYYY-MM-DD', a local day. */
  date: string;
  value: number;
  approved: boolean;
}

export type ApprovalStatus = 'approved' | 'provisional';

export interface NormalStat {
  timeOfYearType: 'day_of_year' | 'month_of_year';
  timeOfYear: string;
  sampleCount: number;
  min: number;
  max: number;
  mean: number;
  median: number;
  /** In the order of PERCENTILES; all null when the period is not ranked. */
  percentiles: (number | null)[];
  approvalStatus: ApprovalStatus;
}

export interface IntervalStat {
  intervalType: 'month' | 'calendar_year' | 'water_year';
  startDate: string;
  endDate: string;
  sampleCount: number;
  min: number;
  max: number;
  mean: number;
  approvalStatus: ApprovalStatus;
}

/** The p-th percentile (0-100) of ascending `sorted` by the Weibull plotting position; null outside the sample. */
export function weibullPercentile(sorted: readonly number[], p: number): number | null {
  const n = sorted.length;
  const rank = (p / 100) * (n + 1);
  if (n === 0 || rank < 1 || rank > n) return null;
  const k = Math.floor(rank);
  const fraction = rank - k;
  if (k >= n || fraction === 0) return sorted[k - 1];
  return sorted[k - 1] + fraction * (sorted[k] - sorted[k - 1]);
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

interface Sample {
  values: number[];
  approved: boolean;
}

function add(groups: Map<string, Sample>, key: string, value: number, approved: boolean): void {
  const g = groups.get(key);
  if (g) {
    g.values.push(value);
    g.approved &&= approved;
  } else groups.set(key, { values: [value], approved });
}

function summary(sample: Sample) {
  const sorted = [...sample.values].sort((a, b) => a - b);
  let sum = 0;
  for (const v of sorted) sum += v;
  return { sorted, sampleCount: sorted.length, min: sorted[0], max: sorted[sorted.length - 1], mean: sum / sorted.length };
}

const statusOf = (s: Sample): ApprovalStatus => (s.approved ? 'approved' : 'provisional');

function normal(type: NormalStat['timeOfYearType'], key: string, sample: Sample, minYears: number): NormalStat {
  const s = summary(sample);
  const ranked = s.sampleCount >= minYears;
  return {
    timeOfYearType: type,
    timeOfYear: key,
    sampleCount: s.sampleCount,
    min: s.min,
    max: s.max,
    mean: s.mean,
    median: median(s.sorted),
    percentiles: PERCENTILES.map((p) => (ranked ? weibullPercentile(s.sorted, p) : null)),
    approvalStatus: statusOf(sample),
  };
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Day-of-year and month-of-year statistics of the given keys (every key when `only` is absent). */
export function normalStats(days: readonly DailyMean[], minYears: number, only?: { days: Set<string>; months: Set<string> }): NormalStat[] {
  const byDay = new Map<string, Sample>();
  const byYearMonth = new Map<string, Sample>();
  for (const d of days) {
    const monthDay = d.date.slice(5);
    if (!only || only.days.has(monthDay)) add(byDay, monthDay, d.value, d.approved);
    if (!only || only.months.has(d.date.slice(5, 7))) add(byYearMonth, d.date.slice(0, 7), d.value, d.approved);
  }
  const byMonth = new Map<string, Sample>();
  for (const [yearMonth, sample] of byYearMonth) {
    const [year, month] = yearMonth.split('-').map(Number);
    if (sample.values.length < daysInMonth(year, month)) continue;
    add(byMonth, yearMonth.slice(5), summary(sample).mean, sample.approved);
  }
  const out: NormalStat[] = [];
  for (const [key, sample] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) out.push(normal('day_of_year', key, sample, minYears));
  for (const [key, sample] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) out.push(normal('month_of_year', key, sample, minYears));
  return out;
}

/** The month, calendar year and water year a day falls in, as [type, start, end]. */
export function intervalsOf(date: string): [IntervalStat['intervalType'], string, string][] {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const waterYear = month >= 10 ? year + 1 : year;
  return [
    ['month', `${date.slice(0, 7)}-01`, `${date.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, '0')}`],
    ['calendar_year', `${year}-01-01`, `${year}-12-31`],
    ['water_year', `${waterYear - 1}-10-01`, `${waterYear}-09-30`],
  ];
}

/** Month, calendar-year and water-year statistics of the intervals keyed in `only` ('type start'), or of all. */
export function intervalStats(days: readonly DailyMean[], only?: Set<string>): IntervalStat[] {
  const groups = new Map<string, Sample & { type: IntervalStat['intervalType']; start: string; end: string }>();
  for (const d of days) {
    for (const [type, start, end] of intervalsOf(d.date)) {
      const key = `${type} ${start}`;
      if (only && !only.has(key)) continue;
      const g = groups.get(key);
      if (g) {
        g.values.push(d.value);
        g.approved &&= d.approved;
      } else groups.set(key, { type, start, end, values: [d.value], approved: d.approved });
    }
  }
  return [...groups.values()]
    .sort((a, b) => a.type.localeCompare(b.type) || a.start.localeCompare(b.start))
    .map((g) => {
      const s = summary(g);
      return {
        intervalType: g.type,
        startDate: g.start,
        endDate: g.end,
        sampleCount: s.sampleCount,
        min: s.min,
        max: s.max,
        mean: s.mean,
        approvalStatus: statusOf(g),
      };
    });
}

/** The keys a change of the local days `first`..`last` touches: days of year, months of year, intervals. */
export function touchedKeys(first: string, last: string): { days: Set<string>; months: Set<string>; intervals: Set<string> } {
  const days = new Set<string>();
  const months = new Set<string>();
  const intervals = new Set<string>();
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= end; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.add(date.slice(5));
    months.add(date.slice(5, 7));
    for (const [type, start] of intervalsOf(date)) intervals.add(`${type} ${start}`);
  }
  return { days, months, intervals };
}
