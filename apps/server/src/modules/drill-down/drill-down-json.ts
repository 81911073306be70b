import { DRILL_DOWN_MAX_POINTS } from '@portal/contracts';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { chartMembersJson, unpackSeries, type PackedSeries, type SeriesColumns } from '../timeseries/index';

/**
 * The Data Drill Down's JSON, built in the CPU worker thread from the series as PostgreSQL packs
 * them, never on the event loop: a year of 15-minute data is 35,000 rows a series. Built as text,
 * since re-validating the rows on the way out doubles the time.
 */

/** drillDownTableSchema as UTF-8 bytes: `headJson` with "rows" added, one row per instant of any series. */
export function drillDownTableBytes(headJson: string, packed: ReadonlyArray<PackedSeries | null>): Uint8Array {
  const rows = mergeByInstant(packed.map(unpackSeries));
  return new TextEncoder().encode(`${headJson.slice(0, -1)},"rows":[${rows.join(',')}]}`);
}
export const drillDownTableTask = cpuTask(import.meta.url, { drillDownTableBytes });

/** Rows `[t,v1,...,vn]` (null where a series has no value at t), oldest first: a k-way merge of sorted series. */
export function mergeByInstant(columns: SeriesColumns[]): string[] {
  const at = new Array<number>(columns.length).fill(0);
  const rows: string[] = [];
  const cells = new Array<string>(columns.length + 1);
  for (;;) {
    let t = Infinity;
    for (let c = 0; c < columns.length; c++) if (at[c] < columns[c].t.length && columns[c].t[at[c]] < t) t = columns[c].t[at[c]];
    if (t === Infinity) return rows;
    cells[0] = String(t);
    for (let c = 0; c < columns.length; c++) {
      if (at[c] < columns[c].t.length && columns[c].t[at[c]] === t) cells[c + 1] = String(columns[c].v[at[c]++]);
      else cells[c + 1] = 'null';
    }
    rows.push(`[${cells.join(',')}]`);
  }
}

/** One series of a drill-down graph group: its leading JSON members and its packed points. */
export interface DrillDownGraphSeries {
  membersJson: string;
  packed: PackedSeries | null;
}
/** One location's group: its leading JSON members and its series on the left and right axes. */
export interface DrillDownGraphGroup {
  membersJson: string;
  yL: DrillDownGraphSeries[];
  yR: DrillDownGraphSeries[];
}

/** drillDownGraphSchema as UTF-8 bytes: `headJson` with "groups" added, each series LTTB-thinned. */
export function drillDownGraphBytes(headJson: string, groups: readonly DrillDownGraphGroup[]): Uint8Array {
  const seriesJson = (s: DrillDownGraphSeries) => `{${s.membersJson},${chartMembersJson(unpackSeries(s.packed), DRILL_DOWN_MAX_POINTS)}}`;
  const parts = groups.map((g) => `{${g.membersJson},"yL":[${g.yL.map(seriesJson).join(',')}],"yR":[${g.yR.map(seriesJson).join(',')}]}`);
  return new TextEncoder().encode(`${headJson.slice(0, -1)},"groups":[${parts.join(',')}]}`);
}
export const drillDownGraphTask = cpuTask(import.meta.url, { drillDownGraphBytes });
