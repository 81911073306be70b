import type { WaterDataCollection } from '@portal/contracts';

/**
 * Request windows of a Water Data API source. A window is a closed range of whole units: seconds
 * for `continuous` (instants), days for `daily` (district calendar dates). Splitting a window gives
 * two that neither overlap nor leave a gap, so every value is asked for exactly once.
 */
export interface RequestWindow {
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
/** The service answers at most 3 years of continuous values per request. */
export const CONTINUOUS_MAX_SECONDS = 3 * 365 * 86_400;
/** Below this a window that still exceeds the server's limits is not split again. */
const MIN_SPLIT_UNITS: Record<WaterDataCollection, number> = { continuous: 3_600, daily: 1 };

/** 'YYYY-MM-DD' -> days since 1970-01-01. */
export const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * The windows that cover `start`..`end` (continuous: epoch seconds; daily: day numbers), oldest
 * first, none longer than the service allows.
 */
export function initialWindows(collection: WaterDataCollection, start: number, end: number): RequestWindow[] {
  if (end < start) return [{ from: start, to: start }];
  if (collection === 'daily') return [{ from: start, to: end }];
  const out: RequestWindow[] = [];
  for (let from = start; from <= end; from += CONTINUOUS_MAX_SECONDS)
    out.push({ from, to: Math.min(end, from + CONTINUOUS_MAX_SECONDS - 1) });
  return out;
}

/** Two halves of a window, or null when it is as small as it may get. */
export function splitWindow(collection: WaterDataCollection, w: RequestWindow): [RequestWindow, RequestWindow] | null {
  if (w.to - w.from + 1 < 2 * MIN_SPLIT_UNITS[collection]) return null;
  const mid = Math.floor((w.from + w.to) / 2);
  return [
    { from: w.from, to: mid },
    { from: mid + 1, to: w.to },
  ];
}

/** The `time` query value: '2025-01-01T00:00:00Z/2025-03-31T23:59:59Z' or '2025-01-01/2025-03-31'. */
export function timeParameter(collection: WaterDataCollection, w: RequestWindow): string {
  const text =
    collection === 'daily'
      ? (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10)
      : (n: number) => new Date(n * 1000).toISOString().replace('.000Z', 'Z');
  return `${text(w.from)}/${text(w.to)}`;
}
