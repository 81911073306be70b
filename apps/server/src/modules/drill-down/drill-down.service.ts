import { DRILL_DOWN_MAX_POINTS, type Interval, type PathRange } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { assertFacilityReadable, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { chartMembersJson } from '../timeseries/index';
import { seriesKey, seriesPoints, type SeriesColumns } from '../timeseries/index';
import { facilitySeries, type FacilitySeries } from './drill-down.repository';

/**
 * The Data Drill Down's table and graphs (decision 0017), as JSON text like the graph endpoints:
 * a year of 15-minute data is 35,000 rows a series.
 */

async function readableSeries(db: Db, caller: Caller, facilityNdx: number): Promise<FacilitySeries[]> {
  // A facility the caller may not open answers like a missing one (decision 0012).
  await assertFacilityReadable(db, caller, facilityNdx);
  return facilitySeries(db, facilityNdx, readableLocation(caller, 'l'));
}

/** drillDownTableSchema: one row per instant of any series, [epoch ms, value per column or null]. */
export async function drillDownTableJson(
  db: Db,
  caller: Caller,
  facilityNdx: number,
  interval: Interval,
  range: PathRange,
): Promise<string> {
  const series = await readableSeries(db, caller, facilityNdx);
  const points = await seriesPoints(db, interval, series, range);
  const columns = series.map((s) => points.get(seriesKey(s.location_ndx, s.parameter_ndx))!);
  const rows = mergeByInstant(columns);
  const head = JSON.stringify({
    facility_ndx: facilityNdx,
    interval,
    startDate: range.startDate,
    endDate: range.endDate,
    columns: series.map((s) => ({
      key: seriesKey(s.location_ndx, s.parameter_ndx),
      location_ndx: s.location_ndx,
      location_display_label: s.location_display_label,
      parameter_ndx: s.parameter_ndx,
      parameter_name: s.parameter_name,
      units: s.units,
      decimals: s.decimals,
    })),
  });
  return `${head.slice(0, -1)},"rows":[${rows.join(',')}]}`;
}

/** Rows `[t,v1,...,vn]` (null where a series has no value at t), oldest first: a k-way merge of sorted series. */
function mergeByInstant(columns: SeriesColumns[]): string[] {
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

/**
 * drillDownGraphSchema: one group per requested location (in the order asked), every series of the
 * location; the left axis (yL) holds the series in the first series' units, the right (yR) the others.
 */
export async function drillDownGraphJson(
  db: Db,
  caller: Caller,
  facilityNdx: number,
  interval: Interval,
  range: PathRange,
  locationNdxs: readonly number[],
): Promise<string> {
  const all = await readableSeries(db, caller, facilityNdx);
  const held = new Set(all.map((s) => s.location_ndx));
  const stranger = locationNdxs.find((ndx) => !held.has(ndx));
  if (stranger !== undefined) throw notFound(`Location ${stranger} is not a location of facility ${facilityNdx} with series`);
  const wanted = all.filter((s) => locationNdxs.includes(s.location_ndx));
  const points = await seriesPoints(db, interval, wanted, range);

  const seriesJson = (s: FacilitySeries) =>
    `{"parameter_ndx":${s.parameter_ndx},"parameter_name":${JSON.stringify(s.parameter_name)},"units":${JSON.stringify(s.units)},` +
    `"label":${JSON.stringify(s.label)},"color":${JSON.stringify(s.color)},` +
    chartMembersJson(points.get(seriesKey(s.location_ndx, s.parameter_ndx))!, DRILL_DOWN_MAX_POINTS) +
    '}';
  const groups = locationNdxs.map((ndx, group) => {
    const own = wanted.filter((s) => s.location_ndx === ndx);
    const leftUnits = own[0].units;
    const yL = own.filter((s) => s.units === leftUnits).map(seriesJson);
    const yR = own.filter((s) => s.units !== leftUnits).map(seriesJson);
    return (
      `{"group":${group},"location_ndx":${ndx},"location_display_label":${JSON.stringify(own[0].location_display_label)},` +
      `"location_name":${JSON.stringify(own[0].location_name)},"yL":[${yL.join(',')}],"yR":[${yR.join(',')}]}`
    );
  });
  const head = JSON.stringify({ facility_ndx: facilityNdx, interval, startDate: range.startDate, endDate: range.endDate });
  return `${head.slice(0, -1)},"groups":[${groups.join(',')}]}`;
}
