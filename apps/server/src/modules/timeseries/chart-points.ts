import { lttbIndexes } from './downsample';

/** Epoch milliseconds and values, oldest first. */
export interface SeriesColumns {
  t: Float64Array;
  v: Float64Array;
}

/** Splits PostgreSQL's packed series text ('t v;t v;...', series-points.repository.ts) into columns. */
export function unpackSeries(packed: string | null): SeriesColumns {
  const items = packed ? packed.split(';') : [];
  const out = { t: new Float64Array(items.length), v: new Float64Array(items.length) };
  for (let i = 0; i < items.length; i++) {
    const space = items[i].indexOf(' ');
    out.t[i] = Number(items[i].slice(0, space));
    out.v[i] = Number(items[i].slice(space + 1));
  }
  return out;
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
