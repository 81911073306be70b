import { GRAPH_DEFAULT_MAX_POINTS, GRAPH_VALUE_FIELDS, isProvisional, type GraphRequest, type GraphType } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { locationNotFound, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { lttbIndexes } from './downsample';
import {
  dailyPoints,
  dataSourceNames,
  fifteenMinutePoints,
  findGraphLocation,
  findGraphSeries,
  type GraphColumns,
} from './graph.repository';

/**
 * The graph answer as JSON text (built here rather than serialized object by object: a year of
 * 15-minute rows is 35,040 objects, and validating them again on the way out would double the time).
 * Shape: graphResponseSchema in @portal/contracts.
 */
export async function graphJson(db: Db, type: GraphType, locationNdx: number, request: GraphRequest, caller: Caller): Promise<string> {
  // A location the caller may not read answers exactly like a missing one (decision 0012).
  const location = await findGraphLocation(db, locationNdx, readableLocation(caller, 'l'));
  if (!location) throw locationNotFound(locationNdx);

  const valueField = GRAPH_VALUE_FIELDS[type];
  const series = await findGraphSeries(db, locationNdx, valueField);
  let points: GraphColumns = { t: new Float64Array(0), v: new Float64Array(0), s: [], q: [] };
  let sources = new Map<number, string>();
  if (series) {
    const read = request.interval === 'daily' ? dailyPoints : fifteenMinutePoints;
    [points, sources] = await Promise.all([
      read(db, locationNdx, series.parameter_ndx, request.startDate, request.endDate),
      dataSourceNames(db),
    ]);
  }

  const head = JSON.stringify({
    location: { location_ndx: location.location_ndx, location_id: location.location_id, location_name: location.location_name },
    interval: request.interval,
    value_field: valueField,
    units: series?.units ?? null,
    startDate: request.startDate,
    endDate: request.endDate,
  });
  const chart = chartJson(points, request.maxPoints ?? GRAPH_DEFAULT_MAX_POINTS);
  const rows = request.chartOnly ? '[]' : rowsJson(points, sources, series?.units ?? null, location, valueField);
  return `${head.slice(0, -1)},"chart":${chart},"rows":${rows}}`;
}

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
