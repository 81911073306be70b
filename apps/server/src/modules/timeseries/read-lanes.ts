import { QUALIFIER_SEPARATOR_MARK, type PackedSeries } from './chart-points';

/** A series to read in one lane: all of it, or its points from `fromAt` (inclusive) to `beforeAt` (exclusive); null is open. */
export interface LaneSeries<K> {
  key: K;
  fromAt: string | null;
  beforeAt: string | null;
}

/**
 * A chart's single series is read in parts only over a range at least this long: a shorter one
 * has too few readings to pay for a second statement (a year of 15-minute readings is read in
 * about two thirds of the time in two parts on two cores).
 */
export const SPLIT_ONE_SERIES_FROM_MS = 30 * 86_400_000;

/**
 * Whether `keyCount` series of readings over [from, to) (epoch ms) are read in more than one
 * statement: several series always; one series only when `splitOne` (a chart: its answer is a
 * few thousand points, so two result streams cost the event loop little, where a full answer's
 * rows would double what it handles at once) and over a long range.
 */
export function readsInLanes(keyCount: number, from: number, to: number, splitOne: boolean): boolean {
  if (keyCount > 1) return true;
  return splitOne && keyCount === 1 && Number.isFinite(from) && Number.isFinite(to) && to - from >= SPLIT_ONE_SERIES_FROM_MS;
}

/**
 * `keys` shared out over `lanes` statements so that each reads about as many points as the others,
 * taking the series to hold as many points as each other, spread evenly over [from, to) (epoch ms):
 * whole series in turn, then each series left over split in time into one part a lane, at instants
 * evenly spaced across the range, the earliest part in the first lane.
 */
export function readLanes<K>(keys: readonly K[], lanes: number, from: number, to: number): LaneSeries<K>[][] {
  const whole = Number.isFinite(from) && Number.isFinite(to) && to > from ? keys.length - (keys.length % lanes) : keys.length;
  const out = Array.from({ length: whole < keys.length ? lanes : Math.min(lanes, keys.length) }, () => [] as LaneSeries<K>[]);
  keys.slice(0, whole).forEach((key, i) => out[i % lanes].push({ key, fromAt: null, beforeAt: null }));
  const bound = (lane: number) => (lane === 0 || lane === lanes ? null : new Date(from + ((to - from) * lane) / lanes).toISOString());
  for (const key of keys.slice(whole))
    for (let lane = 0; lane < lanes; lane++) out[lane].push({ key, fromAt: bound(lane), beforeAt: bound(lane + 1) });
  return out;
}

/** The parts of one series read in several lanes, in time order, as one packed series (null without points). */
export function joinPackedParts(parts: ReadonlyArray<PackedSeries | null>): PackedSeries | null {
  const present = parts.filter((p): p is PackedSeries => p !== null);
  if (present.length <= 1) return present[0] ?? null;
  const join = (column: 't' | 'v' | 's' | 'q', separator: string) => present.map((p) => p[column] ?? '').join(separator);
  const qualifiers = present[0].q !== undefined ? { q: join('q', QUALIFIER_SEPARATOR_MARK) } : {};
  const sources = present[0].s !== undefined ? { s: join('s', ',') } : {};
  return { t: join('t', ','), v: join('v', ','), ...qualifiers, ...sources };
}
