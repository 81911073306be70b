import { lttbIndexes } from './downsample';

/** Epoch milliseconds and values, oldest first. */
export interface SeriesColumns {
  t: number[];
  v: number[];
}

/**
 * A series as PostgreSQL packs it (series-points.repository.ts): epoch ms and values as JSON
 * number-array bodies, '1,2,3'; with details, data source keys the same way ('null' for none) and
 * the qualifiers as an array.
 */
export interface PackedSeries {
  t: string;
  v: string;
  s?: string;
  /** Qualifiers of each point, QUALIFIER_SEPARATOR_MARK between points, NO_QUALIFIERS_MARK for none. */
  q?: string;
}

/** Between two points' qualifiers in a packed series. */
export const QUALIFIER_SEPARATOR_MARK = '\x1f';
/** A point without qualifiers (null) in a packed series. */
export const NO_QUALIFIERS_MARK = '\x1e';

/** A packed series' qualifiers, one per point (null for none). */
export function splitQualifiers(packed: string): (string | null)[] {
  return packed.split(QUALIFIER_SEPARATOR_MARK).map((q) => (q === NO_QUALIFIERS_MARK ? null : q));
}

/** The packed columns parsed by the engine's JSON parser; no rows without a packed series. */
export function unpackSeries(packed: PackedSeries | null): SeriesColumns {
  if (!packed) return { t: [], v: [] };
  const t = JSON.parse(`[${packed.t}]`) as number[];
  const v = JSON.parse(`[${packed.v}]`) as number[];
  if (t.length !== v.length) throw new Error(`A packed series has ${t.length} instants but ${v.length} values`);
  return { t, v };
}

/**
 * A chart series as JSON members: `"points":[[t,v],...],"downsampled":b,"total":n`, thinned by
 * LTTB to at most `maxPoints` (the table gets every row; the chart keeps the shape).
 */
export function chartMembersJson(points: SeriesColumns, maxPoints: number): string {
  const n = points.t.length;
  const downsampled = n > maxPoints;
  const kept = downsampled ? lttbIndexes(points.t, points.v, maxPoints) : null;
  const count = kept ? kept.length : n;
  const parts = new Array<string>(count);
  for (let k = 0; k < count; k++) {
    const i = kept ? kept[k] : k;
    parts[k] = `[${points.t[i]},${points.v[i]}]`;
  }
  return `"points":[${parts.join(',')}],"downsampled":${downsampled},"total":${n}`;
}
