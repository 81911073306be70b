import {
  GRAPH_VALUE_FIELDS,
  percentileClassOf,
  percentileOf,
  type DayNormals,
  type GraphType,
  type LatestClassesResponse,
  type NormalBandQuery,
  type NormalBandResponse,
} from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { locationNotFound, readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { findGraphLocation, findGraphSeries } from '../timeseries/index';
import { readBandDays, readLatestDailyWithNormals, readSeriesUnits, type LatestDailyRow } from './series-normals.repository';

/**
 * The day-of-year band of the series a graph of `type` shows at a location (or of the location's
 * series of `parameter`), one entry per local day of the range. The series is chosen exactly as
 * the graph chooses it; a location the caller
 * may not read answers like a missing one (404).
 */
export async function normalBand(db: Db, locationNdx: number, query: NormalBandQuery, caller: Caller): Promise<NormalBandResponse> {
  const location = await findGraphLocation(db, locationNdx, readableLocation(caller, 'l'));
  if (!location) throw locationNotFound(locationNdx);
  const series =
    query.parameter !== undefined
      ? await readSeriesUnits(db, locationNdx, query.parameter)
      : await findGraphSeries(db, locationNdx, GRAPH_VALUE_FIELDS[query.type as GraphType]);
  if (!series) return { location_ndx: locationNdx, parameter_ndx: null, units: null, days: [] };
  const days = await readBandDays(db, locationNdx, series.parameter_ndx, query.startDate, query.endDate);
  return { location_ndx: locationNdx, parameter_ndx: series.parameter_ndx, units: series.units, days };
}

function dayNormalsOf(row: LatestDailyRow): DayNormals | null {
  if (row.sample_count === null || row.min === null || row.max === null) return null;
  return { ...row, sample_count: row.sample_count, min: row.min, max: row.max };
}

/** The class and percentile of each readable series' latest daily mean against its day of year. */
export async function latestClasses(db: Db, caller: Caller): Promise<LatestClassesResponse> {
  const rows = await readLatestDailyWithNormals(db, readableLocation(caller, 'l'));
  return {
    items: rows.map((row) => {
      const normals = dayNormalsOf(row);
      return {
        location_ndx: row.location_ndx,
        parameter_ndx: row.parameter_ndx,
        value_field: row.value_field,
        units: row.units,
        decimals: row.decimals,
        date: row.date,
        value: row.value,
        percentile: percentileOf(row.value, normals),
        class: percentileClassOf(row.value, normals),
      };
    }),
  };
}
