import { lttbIndexes } from './downsample';
import type { SeriesColumns } from './series-points.repository';

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
