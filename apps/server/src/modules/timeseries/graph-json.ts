import { isProvisional } from '@portal/contracts';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { lttbIndexes } from './downsample';

/**
 * The graph answer built from PostgreSQL's packed points (graph.repository.ts), as UTF-8 JSON
 * bytes. Pure and CPU-heavy (a year of 15-minute rows is 35,040 objects), so it runs in the CPU
 * worker thread (graphJsonTask, run by cpu-pool/), never on the event loop. Built as text rather than
 * serialized object by object: validating the rows again on the way out would double the time.
 * Shape: graphResponseSchema in @portal/contracts.
 */
export interface GraphJsonInput {
  /** The answer's leading members as a JSON object (location, interval, value_field, units, dates). */
  headJson: string;
  packed: string | null;
  /** Data source names by key. */
  sources: Map<number, string>;
  units: string | null;
  location: { location_name: string; location_id: string };
  valueField: string;
  maxPoints: number;
  chartOnly: boolean;
}

/** Points as parallel columns: epoch milliseconds, values, data source keys, qualifiers. */
interface GraphColumns {
  t: Float64Array;
  v: Float64Array;
  s: (number | null)[];
  q: (string | null)[];
}

function unpack(packed: string | null): GraphColumns {
  const items = packed ? packed.split(';') : [];
  const n = items.length;
  const out: GraphColumns = { t: new Float64Array(n), v: new Float64Array(n), s: new Array(n), q: new Array(n) };
  for (let i = 0; i < n; i++) {
    const [t, v, s, q] = items[i].split(' ');
    out.t[i] = Number(t);
    out.v[i] = Number(v);
    out.s[i] = s ? Number(s) : null;
    out.q[i] = q ? q : null;
  }
  return out;
}

export function graphJsonBytes(input: GraphJsonInput): Uint8Array {
  const points = unpack(input.packed);
  const chart = chartJson(points, input.maxPoints);
  const rows = input.chartOnly ? '[]' : rowsJson(points, input.sources, input.units, input.location, input.valueField);
  return new TextEncoder().encode(`${input.headJson.slice(0, -1)},"chart":${chart},"rows":${rows}}`);
}
export const graphJsonTask = cpuTask(import.meta.url, { graphJsonBytes });

function chartJson(points: GraphColumns, maxPoints: number): string {
  const n = points.t.length;
  const downsampled = n > maxPoints;
  const kept = downsampled ? lttbIndexes(points.t, points.v, maxPoints) : null;
  const count = kept ? kept.length : n;
  const parts = new Array<string>(count);
  for (let k = 0; k < count; k++) {
    const i = kept ? kept[k] : k;
    parts[k] = `[${points.t[i]},${points.v[i]}]`;
  }
  return `{"points":[${parts.join(',')}],"downsampled":${downsampled},"total":${n},"provisional":${provisionalRuns(points)}}`;
}

/** Runs of consecutive provisional rows as [first, last] instants (from every row, not the downsampled ones). */
function provisionalRuns(points: GraphColumns): string {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= points.t.length; i++) {
    const p = i < points.t.length && isProvisional(points.q[i]);
    if (p && start < 0) start = i;
    if (!p && start >= 0) {
      runs.push(`[${points.t[start]},${points.t[i - 1]}]`);
      start = -1;
    }
  }
  return `[${runs.join(',')}]`;
}

function rowsJson(
  points: GraphColumns,
  sources: Map<number, string>,
  units: string | null,
  location: { location_name: string; location_id: string },
  valueField: string,
): string {
  // Everything but the timestamp, source and value is the same on every row: stringify it once.
  const fixed = `"units":${JSON.stringify(units)},`;
  const tail = `"location_name":${JSON.stringify(location.location_name)},"location_id":${JSON.stringify(location.location_id)},"${valueField}":`;
  const sourceJson = new Map<number, string>();
  for (const [k, name] of sources) sourceJson.set(k, JSON.stringify(name));
  const n = points.t.length;
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const s = points.s[i];
    const source = s === null ? 'null' : (sourceJson.get(s) ?? 'null');
    const q = points.q[i];
    const qualifiers = q === null ? 'null' : JSON.stringify(q);
    parts[i] =
      `{"collect_timestamp":"${new Date(points.t[i]).toISOString()}",${fixed}"source":${source},"qualifiers":${qualifiers},${tail}${points.v[i]}}`;
  }
  return `[${parts.join(',')}]`;
}
