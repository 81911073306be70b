import { TS_COMPARE_MAX_POINTS } from '@portal/contracts';
import { cpuTask } from '../../cpu-pool/cpu-task';
import { chartMembersJson, unpackSeries, type PackedSeries } from '../timeseries/index';

/** One location of a comparison side: its leading JSON members and its packed points. */
export interface CompareSeriesInput {
  /** `"location_ndx":..,"location_display_label":..,"location_name":..,"units":..` */
  membersJson: string;
  packed: PackedSeries | null;
}

/**
 * One side of a comparison as UTF-8 JSON bytes (tsCompareDataSchema): per location a chart series
 * (LTTB-thinned for long ranges) and every row for the table. Pure and CPU-heavy (a year of
 * 15-minute data is 35,000 rows a location), so it runs in the CPU worker thread, never on the
 * event loop; built as text, since re-validating the rows on the way out doubles the time.
 */
export function compareJsonBytes(headJson: string, series: readonly CompareSeriesInput[]): Uint8Array {
  const parts = series.map((s) => {
    const columns = unpackSeries(s.packed);
    const rows = new Array<string>(columns.t.length);
    for (let i = 0; i < columns.t.length; i++) rows[i] = `[${columns.t[i]},${columns.v[i]}]`;
    return `{${s.membersJson},${chartMembersJson(columns, TS_COMPARE_MAX_POINTS)},"rows":[${rows.join(',')}]}`;
  });
  return new TextEncoder().encode(`${headJson.slice(0, -1)},"series":[${parts.join(',')}]}`);
}
export const compareJsonTask = cpuTask(import.meta.url, { compareJsonBytes });
