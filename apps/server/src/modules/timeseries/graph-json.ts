import { isProvisional } from '@portal/contracts';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { chartMembersJson, splitQualifiers, type PackedSeries } from './chart-points';
import { isoInstantWriter, JsonBytes } from './json-bytes';

/**
 * The graph answer built from PostgreSQL's point columns (series-points.repository.ts), as UTF-8 JSON
 * bytes. Pure and CPU-heavy (a year of 15-minute rows is 35,040 rows), so it runs in the CPU
 * worker thread (graphJsonTask, run by cpu-pool/), never on the event loop. The rows are written
 * byte by byte into one buffer: one JS string or object per row, then one big string to encode,
 * cost more than reading the rows from PostgreSQL. Shape: graphResponseSchema in @portal/contracts.
 */
export interface GraphJsonInput {
  /** The answer's leading members as a JSON object (location, interval, value_field, units, dates). */
  headJson: string;
  /** The series packed with its qualifiers, and its data source keys unless chart only; null without rows. */
  packed: PackedSeries | null;
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
  t: number[];
  v: number[];
  s: (number | null)[];
  q: (string | null)[];
}

/** The columns PostgreSQL wrote as JSON array bodies, parsed by the engine's JSON parser. */
function unpack(packed: PackedSeries | null, chartOnly: boolean): GraphColumns {
  if (!packed) return { t: [], v: [], s: [], q: [] };
  if (packed.q === undefined || (packed.s === undefined && !chartOnly)) throw new Error('The graph needs the series packed with details');
  const list = (body: string) => JSON.parse(`[${body}]`) as never;
  return { t: list(packed.t), v: list(packed.v), s: packed.s === undefined ? [] : list(packed.s), q: splitQualifiers(packed.q) };
}

/** Bytes per row besides the timestamp, value, source and qualifiers: a first guess of the buffer size. */
const ROW_BYTES_GUESS = 160;

export function graphJsonBytes(input: GraphJsonInput): Uint8Array {
  const points = unpack(input.packed, input.chartOnly);
  const out = new JsonBytes(input.chartOnly ? 64 * 1024 : 64 * 1024 + points.t.length * ROW_BYTES_GUESS);
  out.bytes(JsonBytes.utf8(`${input.headJson.slice(0, -1)},"chart":${chartJson(points, input.maxPoints)},"rows":`));
  if (input.chartOnly) out.ascii('[]');
  else writeRows(out, points, input.sources, input.units, input.location, input.valueField);
  out.ascii('}');
  return out.finish();
}
export const graphJsonTask = cpuTask(import.meta.url, { graphJsonBytes });

/** The chart: the one chart writer's members (chart-points.ts) and the provisional runs. */
function chartJson(points: GraphColumns, maxPoints: number): string {
  return `{${chartMembersJson(points, maxPoints)},"provisional":${provisionalRuns(points)}}`;
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

/** The rows as a JSON array: {collect_timestamp, units, source, qualifiers, location_name, location_id, <value field>}. */
function writeRows(
  out: JsonBytes,
  points: GraphColumns,
  sources: Map<number, string>,
  units: string | null,
  location: { location_name: string; location_id: string },
  valueField: string,
): void {
  // Everything but the timestamp, source, qualifiers and value is the same on every row: encode it once.
  const beforeTime = JsonBytes.utf8('{"collect_timestamp":"');
  const beforeSource = JsonBytes.utf8(`","units":${JSON.stringify(units)},"source":`);
  const beforeQualifiers = JsonBytes.utf8(',"qualifiers":');
  const beforeValue = JsonBytes.utf8(
    `,"location_name":${JSON.stringify(location.location_name)},"location_id":${JSON.stringify(location.location_id)},${JSON.stringify(valueField)}:`,
  );
  const nullJson = JsonBytes.utf8('null');
  const sourceJson = new Map<number, Uint8Array>();
  for (const [k, name] of sources) sourceJson.set(k, JsonBytes.utf8(JSON.stringify(name)));
  const qualifierJson = new Map<string, Uint8Array>();
  const writeInstant = isoInstantWriter(out);
  const n = points.t.length;
  out.ascii('[');
  for (let i = 0; i < n; i++) {
    if (i > 0) out.ascii(',');
    out.bytes(beforeTime);
    writeInstant(points.t[i]);
    out.bytes(beforeSource);
    const s = points.s[i];
    out.bytes(s === null ? nullJson : (sourceJson.get(s) ?? nullJson));
    out.bytes(beforeQualifiers);
    const q = points.q[i];
    if (q === null) out.bytes(nullJson);
    else {
      let json = qualifierJson.get(q);
      if (!json) qualifierJson.set(q, (json = JsonBytes.utf8(JSON.stringify(q))));
      out.bytes(json);
    }
    out.bytes(beforeValue);
    out.ascii(String(points.v[i]));
    out.ascii('}');
  }
  out.ascii(']');
}
