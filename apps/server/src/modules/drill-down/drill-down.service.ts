import type { Interval, PathRange } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { assertFacilityReadable, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { seriesKey, seriesPacked } from '../timeseries/index';
import { drillDownGraphTask, drillDownTableTask } from './drill-down-json';
import { facilitySeries, type FacilitySeries } from './drill-down.repository';

/**
 * The Data Drill Down's table and graphs (decision 0017), as JSON bytes like the graph endpoints:
 * PostgreSQL reads and packs the points; the CPU worker thread builds the JSON (drill-down-json.ts).
 */

async function readableSeries(db: Db, caller: Caller, facilityNdx: number): Promise<FacilitySeries[]> {
  // A facility the caller may not open answers like a missing one (decision 0012). The check and
  // the read of the series go at once: the series are only answered when the check passes.
  const [, series] = await Promise.all([
    assertFacilityReadable(db, caller, facilityNdx),
    facilitySeries(db, facilityNdx, readableLocation(caller, 'l')),
  ]);
  return series;
}

/** drillDownTableSchema: one row per instant of any series, [epoch ms, value per column or null]. */
export async function drillDownTableJson(
  db: Db,
  caller: Caller,
  facilityNdx: number,
  interval: Interval,
  range: PathRange,
): Promise<Buffer> {
  const series = await readableSeries(db, caller, facilityNdx);
  const packed = await seriesPacked(db, interval, series, range);
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
  const columns = series.map((s) => packed.get(seriesKey(s.location_ndx, s.parameter_ndx)) ?? null);
  return asBuffer(await cpuPool.run(drillDownTableTask, [head, columns]));
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
): Promise<Buffer> {
  const all = await readableSeries(db, caller, facilityNdx);
  const held = new Set(all.map((s) => s.location_ndx));
  const stranger = locationNdxs.find((ndx) => !held.has(ndx));
  if (stranger !== undefined) throw notFound(`Location ${stranger} is not a location of facility ${facilityNdx} with series`);
  const wanted = all.filter((s) => locationNdxs.includes(s.location_ndx));
  const packed = await seriesPacked(db, interval, wanted, range);

  const series = (s: FacilitySeries) => ({
    membersJson:
      `"parameter_ndx":${s.parameter_ndx},"parameter_name":${JSON.stringify(s.parameter_name)},"units":${JSON.stringify(s.units)},` +
      `"label":${JSON.stringify(s.label)},"color":${JSON.stringify(s.color)}`,
    packed: packed.get(seriesKey(s.location_ndx, s.parameter_ndx)) ?? null,
  });
  const groups = locationNdxs.map((ndx, group) => {
    const own = wanted.filter((s) => s.location_ndx === ndx);
    const leftUnits = own[0].units;
    return {
      membersJson:
        `"group":${group},"location_ndx":${ndx},"location_display_label":${JSON.stringify(own[0].location_display_label)},` +
        `"location_name":${JSON.stringify(own[0].location_name)}`,
      yL: own.filter((s) => s.units === leftUnits).map(series),
      yR: own.filter((s) => s.units !== leftUnits).map(series),
    };
  });
  const head = JSON.stringify({ facility_ndx: facilityNdx, interval, startDate: range.startDate, endDate: range.endDate });
  return asBuffer(await cpuPool.run(drillDownGraphTask, [head, groups]));
}
