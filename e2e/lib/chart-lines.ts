import type { Locator } from 'playwright-core';

/** A stretch of a chart's line drawn without a break, as the chart publishes it (data-line-runs). */
export interface LineRun {
  from: number;
  to: number;
  points: number;
}

/** The runs of every line the chart drew, one list per line, read from its data-line-runs attribute. */
export async function drawnLineRuns(chart: Locator): Promise<LineRun[][]> {
  return JSON.parse((await chart.getAttribute('data-line-runs')) ?? '[]') as LineRun[][];
}

/**
 * The silences a line must be broken at: consecutive points further apart than two steps, where
 * a step is the interval times the points each drawn point stands for (total / shown when the
 * server thinned the series).
 */
export function expectedBreaks(points: [number, number][], intervalMs: number, total: number): { before: number; after: number }[] {
  const step = Math.ceil(intervalMs * (points.length > 0 && total > points.length ? total / points.length : 1));
  const breaks: { before: number; after: number }[] = [];
  for (let i = 1; i < points.length; i++)
    if (points[i]![0] - points[i - 1]![0] > 2 * step) breaks.push({ before: points[i - 1]![0], after: points[i]![0] });
  return breaks;
}
