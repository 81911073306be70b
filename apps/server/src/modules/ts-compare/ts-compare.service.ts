import type { Interval, TsCompareDataParams } from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { locationNotFound, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { asBuffer, cpuPool } from '../../cpu-pool/cpu-pool';
import { compareJsonTask } from './compare-json';
import { seriesKey, seriesPacked } from '../timeseries/index';
import { findParameter, readableLocations } from './ts-compare.repository';

/**
 * One side of a comparison as UTF-8 JSON bytes (tsCompareDataSchema). PostgreSQL reads and packs
 * the points; the CPU worker thread builds the JSON (compare-json.ts), off the event loop.
 */
export async function compareDataJson(db: Db, interval: Interval, params: TsCompareDataParams, caller: Caller): Promise<Buffer> {
  const [parameter, found] = await Promise.all([
    findParameter(db, params.parameter),
    readableLocations(db, params.locations, params.parameter, readableLocation(caller, 'l')),
  ]);
  if (!parameter) throw notFound(`Parameter ${params.parameter} was not found`);
  // A location the caller may not read answers exactly like a missing one (decision 0012).
  const byNdx = new Map(found.map((l) => [l.location_ndx, l]));
  const missing = params.locations.find((ndx) => !byNdx.has(ndx));
  if (missing !== undefined) throw locationNotFound(missing);
  const locations = params.locations.map((ndx) => byNdx.get(ndx)!);

  const points = await seriesPacked(
    db,
    interval,
    locations.map((l) => ({ location_ndx: l.location_ndx, parameter_ndx: parameter.parameter_ndx })),
    params,
  );
  const series = locations.map((l) => ({
    membersJson:
      `"location_ndx":${l.location_ndx},"location_display_label":${JSON.stringify(l.location_display_label)},` +
      `"location_name":${JSON.stringify(l.location_name)},"units":${JSON.stringify(l.units)}`,
    packed: points.get(seriesKey(l.location_ndx, parameter.parameter_ndx)) ?? null,
  }));
  const head = JSON.stringify({ interval, startDate: params.startDate, endDate: params.endDate, parameter });
  return asBuffer(await cpuPool.run(compareJsonTask, [head, series]));
}
