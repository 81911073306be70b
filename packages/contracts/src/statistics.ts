/**
 * Series normals contract ("is today normal?"): the day-of-year percentile band behind a daily
 * graph, and the class of each location's latest daily value against its day of year, for the
 * map (docs/decisions/0047-percentile-bands-and-classes.md).
 * GET /api/series-normals/{id}/band and GET /api/series-normals/latest-classes.
 */

/** USGS WaterWatch's percentile classes of a value against its day of year, driest first. */
export const PERCENTILE_CLASSES = [
  'low',
  'much_below_normal',
  'below_normal',
  'normal',
  'above_normal',
  'much_above_normal',
  'high',
  'not_ranked',
] as const;
export type PercentileClass = (typeof PERCENTILE_CLASSES)[number];

/** How each class is named in sentences and legends. */
export const PERCENTILE_CLASS_LABELS: Record<PercentileClass, string> = {
  low: 'low, below the minimum',
  much_below_normal: 'much below normal',
  below_normal: 'below normal',
  normal: 'normal',
  above_normal: 'above normal',
  much_above_normal: 'much above normal',
  high: 'high, above the maximum',
  not_ranked: 'not ranked',
};

/** The stored statistics of one day of year that a class needs; percentiles null when not ranked. */
export interface DayNormals {
  sample_count: number;
  min: number;
  max: number;
  p05: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  p95: number | null;
}

/**
 * The class of `value` against its day of year, as WaterWatch draws it: below the minimum 'low',
 * under the 10th percentile 'much_below_normal', under the 25th 'below_normal', from the 25th to
 * the 75th 'normal', up to the 90th 'above_normal', over the 90th 'much_above_normal', over the
 * maximum 'high'. A day without the 10th, 25th, 75th and 90th percentiles is 'not_ranked'.
 */
export function percentileClassOf(value: number, normals: DayNormals | null): PercentileClass {
  if (!normals || normals.p10 === null || normals.p25 === null || normals.p75 === null || normals.p90 === null) return 'not_ranked';
  if (value < normals.min) return 'low';
  if (value > normals.max) return 'high';
  if (value < normals.p10) return 'much_below_normal';
  if (value < normals.p25) return 'below_normal';
  if (value <= normals.p75) return 'normal';
  if (value <= normals.p90) return 'above_normal';
  return 'much_above_normal';
}

/**
 * The percentile (0-100, whole) of `value` against its day of year: linear between the known
 * points, which are the stored percentiles and the minimum and maximum at their Weibull plotting
 * positions 100/(n+1) and 100n/(n+1); a value below the minimum is 0, above the maximum 100.
 * Null when the day is not ranked.
 */
export function percentileOf(value: number, normals: DayNormals | null): number | null {
  if (!normals || percentileClassOf(value, normals) === 'not_ranked') return null;
  if (value < normals.min) return 0;
  if (value > normals.max) return 100;
  const n = normals.sample_count;
  const stored: [number, number | null][] = [
    [5, normals.p05],
    [10, normals.p10],
    [25, normals.p25],
    [50, normals.p50],
    [75, normals.p75],
    [90, normals.p90],
    [95, normals.p95],
  ];
  const points: [number, number][] = [[normals.min, 100 / (n + 1)]];
  for (const [p, v] of stored) if (v !== null) points.push([v, p]);
  points.push([normals.max, (100 * n) / (n + 1)]);
  let result = points[points.length - 1][1];
  for (let i = 1; i < points.length; i += 1) {
    const [v1, p1] = points[i];
    if (value > v1) continue;
    const [v0, p0] = points[i - 1];
    result = v1 === v0 ? p1 : p0 + ((value - v0) / (v1 - v0)) * (p1 - p0);
    break;
  }
  return Math.round(Math.min(100, Math.max(0, result)));
}

/** "62 cfs, 35th percentile (normal)"; "62 cfs, not ranked" when the day has too few years. */
export function percentileSentence(value: string, percentile: number | null, cls: PercentileClass): string {
  if (cls === 'not_ranked' || percentile === null) return `${value}, not ranked`;
  return `${value}, ${ordinal(percentile)} percentile (${PERCENTILE_CLASS_LABELS[cls]})`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}
