import { DRILL_DOWN_MAX_POINTS } from '@portal/contracts';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { chartMembersJson, unpackSeries, type PackedSeries } from '../timeseries/index';
import { rowsByInstantBytes } from './rows-by-instant';

/**
 * The Data Drill Down's JSON, built in the CPU worker thread from the series as PostgreSQL packs
 * them, never on the event loop: a year of 15-minute data is 35,000 rows a series. Built as text,
 * since re-validating the rows on the way out doubles the time.
 */

/** drillDownTableSchema as UTF-8 bytes: `headJson` with "rows" added, one row per instant of any series. */
export function drillDownTableBytes(headJson: string, packed: ReadonlyArray<PackedSeries | null>): Uint8Array {
  const utf8 = new TextEncoder();
  return rowsByInstantBytes(utf8.encode(`${headJson.slice(0, -1)},"rows":`), packed, utf8.encode('}'));
}
export const drillDownTableTask = cpuTask(import.meta.url, { drillDownTableBytes });

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
