import { TS_COMPARE_MAX_POINTS, type Interval, type TsCompareDataParams } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { locationNotFound, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { chartMembersJson } from '../timeseries/chart-points';
import { seriesKey, seriesPoints } from '../timeseries/series-points.repository';
import { findParameter, readableLocations } from './ts-compare.repository';

/**
 * One side of a comparison as JSON text (tsCompareDataSchema): per location a chart series
 * (LTTB-thinned for long ranges) and every row for the table. Built as text: a year of
 * 15-minute data is 35,000 rows a location, and re-validating them on the way out doubles the time.
 */
export async function compareDataJson(db: Db, interval: Interval, params: TsCompareDataParams, caller: Caller): Promise<string> {
  const [parameter, found] = await Promise.all([
    findParameter(db, params.parameter),
    readableLocations(db, params.locations, readableLocation(caller, 'l')),
  ]);
  if (!parameter) throw notFound(`Parameter ${params.parameter} was not found`);
  // A location the caller may not read answers exactly like a missing one (decision 0012).
  const byNdx = new Map(found.map((l) => [l.location_ndx, l]));
  const missing = params.locations.find((ndx) => !byNdx.has(ndx));
  if (missing !== undefined) throw locationNotFound(missing);
  const locations = params.locations.map((ndx) => byNdx.get(ndx)!);

  const points = await seriesPoints(
    db,
    interval,
    locations.map((l) => ({ location_ndx: l.location_ndx, parameter_ndx: parameter.parameter_ndx })),
    params.startDate,
    params.endDate,
  );

  const series = locations.map((l) => {
    const columns = points.get(seriesKey(l.location_ndx, parameter.parameter_ndx))!;
    const rows = new Array<string>(columns.t.length);
    for (let i = 0; i < columns.t.length; i++) rows[i] = `[${columns.t[i]},${columns.v[i]}]`;
    return (
      `{"location_ndx":${l.location_ndx},"location_display_label":${JSON.stringify(l.location_display_label)},` +
      `"location_name":${JSON.stringify(l.location_name)},${chartMembersJson(columns, TS_COMPARE_MAX_POINTS)},"rows":[${rows.join(',')}]}`
    );
  });
  const head = JSON.stringify({ interval, startDate: params.startDate, endDate: params.endDate, parameter });
  return `${head.slice(0, -1)},"series":[${series.join(',')}]}`;
}
