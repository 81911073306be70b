import {
  INTERVAL_COMPUTATIONS,
  INTERVAL_TYPES,
  NORMAL_COMPUTATIONS,
  type ObservationIntervalsQuery,
  type ObservationNormalsQuery,
  type StatisticsFeatureCollection,
} from '@portal/contracts';
import type { Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { locationNumbersOf } from '../ogcapi/index';
import { PERCENTILES } from './statistics-compute';
import {
  intervalCondition,
  intervalRows,
  normalCondition,
  normalRows,
  statisticsLocations,
  type IntervalRow,
  type NormalRow,
  type StatisticsLocation,
  type StatisticsScope,
} from './usgs-statistics.repository';

/**
 * The statistics service in USGS's shape: one GeoJSON feature per monitoring location, its data
 * one entry per series (parameter), each value one computation of one period. Values are strings,
 * as USGS sends them; a percentile outside the sample is "nan", which USGS's client drops. Pages
 * hold `page_size` locations; `next` names where the next page starts.
 */

type Feature = StatisticsFeatureCollection['features'][number];
type DataEntry = Feature['properties']['data'][number];
type StatValue = DataEntry['values'][number];

/** A number as USGS writes statistics: text, at most three decimals. */
const text = (v: number | null): string => (v === null || !Number.isFinite(v) ? 'nan' : String(Math.round(v * 1000) / 1000));

function scopeOf(q: ObservationNormalsQuery | ObservationIntervalsQuery, caller: Caller, agency: string): StatisticsScope | null {
  const scope: StatisticsScope = { readable: readableLocation(caller, 'l') };
  if (q.monitoring_location_id) {
    scope.locations = locationNumbersOf(q.monitoring_location_id, agency);
    if (scope.locations.length === 0) return null;
  }
  if (q.parent_time_series_id) {
    scope.series = q.parent_time_series_id
      .map((id) => /^(\d{1,9})-(\d{1,9})-daily$/.exec(id))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ location: Number(m[1]), parameter: Number(m[2]) }));
    if (scope.series.length === 0) return null;
  }
  if (q.parameter_code) scope.parameters = q.parameter_code;
  if (q.approval_status) scope.approvalStatus = q.approval_status;
  if (q.state_code) scope.stateCodes = q.state_code;
  if (q.county_code) scope.countyCodes = q.county_code;
  if (q.country_code) scope.countryCodes = q.country_code;
  if (q.site_type_name) scope.siteTypes = q.site_type_name;
  // The portal keeps no USGS site type codes: a filter on them selects nothing.
  if (q.site_type_code) return null;
  return scope;
}

function featureOf(l: StatisticsLocation, agency: string, data: DataEntry[]): Feature {
  const fips = l.fips && /^\d{5}$/.test(l.fips) ? l.fips : null;
  return {
    type: 'Feature',
    geometry: l.longitude !== null && l.latitude !== null ? { type: 'Point', coordinates: [l.longitude, l.latitude] } : null,
    properties: {
      monitoring_location_id: `${agency}-${l.location_ndx}`,
      monitoring_location_name: l.location_name,
      site_type: l.site_type,
      site_type_code: null,
      country_code: fips ? 'US' : null,
      state_code: fips ? fips.slice(0, 2) : null,
      county_code: fips ? fips.slice(2) : null,
      data,
    },
  };
}

/** Groups rows (ordered by location, parameter code) into features with one data entry per series. */
function features<R extends { location_ndx: number; parameter_ndx: number; parameter_code: string; unit: string | null }>(
  locations: StatisticsLocation[],
  rows: R[],
  agency: string,
  valuesOf: (row: R) => StatValue[],
): Feature[] {
  const byLocation = new Map<number, DataEntry[]>();
  for (const r of rows) {
    const values = valuesOf(r);
    // A period the computations asked for say nothing of (say, percentiles of an unranked day) is left out.
    if (values.length === 0) continue;
    const data = byLocation.get(r.location_ndx) ?? [];
    byLocation.set(r.location_ndx, data);
    let entry = data.at(-1);
    if (!entry || entry.parent_time_series_id !== `${r.location_ndx}-${r.parameter_ndx}-daily`) {
      entry = {
        parameter_code: r.parameter_code,
        parent_statistic_id: '00003',
        parent_statistic_name: 'Mean',
        parent_time_series_id: `${r.location_ndx}-${r.parameter_ndx}-daily`,
        unit_of_measure: r.unit,
        values: [],
      };
      data.push(entry);
    }
    entry.values.push(...values);
  }
  return locations.filter((l) => byLocation.has(l.location_ndx)).map((l) => featureOf(l, agency, byLocation.get(l.location_ndx)!));
}

const EMPTY: StatisticsFeatureCollection = { type: 'FeatureCollection', features: [], next: null };

function normalValues(r: NormalRow, computations: Set<string>): StatValue[] {
  const id = (c: string) =>
    `${r.location_ndx}-${r.parameter_ndx}-${r.time_of_year_type === 'day_of_year' ? 'doy' : 'moy'}-${r.time_of_year}-${c}`;
  const base = {
    approval_status: r.approval_status,
    sample_count: r.sample_count,
    time_of_year: r.time_of_year,
    time_of_year_type: r.time_of_year_type,
  };
  const out: StatValue[] = [];
  const single = { arithmetic_mean: r.mean_value, maximum: r.max_value, median: r.median_value, minimum: r.min_value } as const;
  for (const c of ['arithmetic_mean', 'maximum', 'median', 'minimum'] as const) {
    if (computations.has(c)) out.push({ ...base, computation: c, computation_id: id(c), value: text(single[c]) });
  }
  // A period too short to be ranked has no percentiles at all.
  if (computations.has('percentile') && r.percentiles.some((p) => p !== null)) {
    out.push({
      ...base,
      computation: 'percentile',
      computation_id: id('percentile'),
      percentiles: PERCENTILES.map(String),
      values: r.percentiles.map(text),
    });
  }
  return out;
}

function intervalValues(r: IntervalRow, computations: Set<string>): StatValue[] {
  const single = { arithmetic_mean: r.mean_value, maximum: r.max_value, minimum: r.min_value } as const;
  return INTERVAL_COMPUTATIONS.filter((c) => computations.has(c)).map((c) => ({
    approval_status: r.approval_status,
    computation: c,
    computation_id: `${r.location_ndx}-${r.parameter_ndx}-${r.interval_type}-${r.start_date}-${c}`,
    sample_count: r.sample_count,
    interval_type: r.interval_type,
    start_date: r.start_date,
    end_date: r.end_date,
    value: text(single[c]),
  }));
}

export async function observationNormals(
  db: Db,
  q: ObservationNormalsQuery,
  caller: Caller,
  agency: string,
): Promise<StatisticsFeatureCollection> {
  const scope = scopeOf(q, caller, agency);
  if (!scope) return EMPTY;
  const condition = normalCondition({ startDate: q.start_date, endDate: q.end_date, normalType: q.normal_type });
  const after = q.next_token ? Number(q.next_token) : 0;
  const found = await statisticsLocations(db, 'normals', scope, condition, after, q.page_size);
  const page = found.slice(0, q.page_size);
  if (page.length === 0) return EMPTY;
  const rows = await normalRows(
    db,
    page.map((l) => l.location_ndx),
    scope,
    condition,
  );
  const computations = new Set<string>(q.computation_type ?? NORMAL_COMPUTATIONS);
  return {
    type: 'FeatureCollection',
    features: features(page, rows, agency, (r) => normalValues(r, computations)),
    next: found.length > q.page_size ? String(page.at(-1)!.location_ndx) : null,
  };
}

export async function observationIntervals(
  db: Db,
  q: ObservationIntervalsQuery,
  caller: Caller,
  agency: string,
): Promise<StatisticsFeatureCollection> {
  const scope = scopeOf(q, caller, agency);
  if (!scope) return EMPTY;
  const condition = intervalCondition({
    startDate: q.start_date,
    endDate: q.end_date,
    types: q.interval_type?.map((t) => INTERVAL_TYPES[t]),
  });
  const after = q.next_token ? Number(q.next_token) : 0;
  const found = await statisticsLocations(db, 'intervals', scope, condition, after, q.page_size);
  const page = found.slice(0, q.page_size);
  if (page.length === 0) return EMPTY;
  const rows = await intervalRows(
    db,
    page.map((l) => l.location_ndx),
    scope,
    condition,
  );
  const computations = new Set<string>(q.computation_type ?? INTERVAL_COMPUTATIONS);
  return {
    type: 'FeatureCollection',
    features: features(page, rows, agency, (r) => intervalValues(r, computations)),
    next: found.length > q.page_size ? String(page.at(-1)!.location_ndx) : null,
  };
}
