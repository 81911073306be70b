import { sql } from 'kysely';
import type { Db } from '../src/db/client';
import { districtTimeZone } from '../src/db/local-day';
import { ingestObservations, type ObservationInput } from '../src/modules/timeseries/ingest';
import {
  makeDataSource,
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationType,
  makeParameter,
  makeTriggerElevation,
  makeUnit,
  makeWaterbody,
} from './factories';

/**
 * A small district for the comparison and drill-down tests: facility 1 holds the public well 1
 * (level, battery) and the private well 2 (level); location 3 is public and in no facility.
 * 23.5 days of 15-minute readings from March 1, 2026 (crossing the DST change of March 8).
 */
export const FIX = {
  facility: 1,
  otherFacility: 2,
  loc: { pubWell: 1, privWell: 2, gage: 3 },
  param: { level: 1, battery: 2 },
  start: '2026-03-01',
  end: '2026-03-14',
} as const;

export async function writeDrillFixture(db: Db): Promise<void> {
  await makeFacilityType(db, { facility_type_ndx: 1, facility_type_desc: 'Wells', united_list_include: true });
  await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Well' });
  await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'South Platte' });
  const well = { location_type_ndx: 1, waterbody_ndx: 1, exclude_from_map: false, latitude: null, longitude: null };
  await makeLocation(db, {
    ...well,
    location_ndx: 1,
    location_id: 'NW-1',
    location_display_label: 'NW1',
    location_name: 'North Well 1',
    is_public: true,
    display_order: 1,
  });
  await makeLocation(db, {
    ...well,
    location_ndx: 2,
    location_id: 'NW-2',
    location_display_label: 'NW2',
    location_name: 'North Well 2',
    is_public: false,
    display_order: 2,
  });
  await makeLocation(db, {
    ...well,
    location_ndx: 3,
    location_id: 'GG-1',
    location_display_label: 'GG1',
    location_name: 'Gage 1',
    is_public: true,
    display_order: 3,
  });
  await makeFacility(db, { facility_ndx: 1, facility_name: 'North Field', facility_type_ndx: 1, locations: [1, 2] });
  await makeFacility(db, { facility_ndx: 2, facility_name: 'Empty Field', facility_type_ndx: 1 });
  await makeUnit(db, { unit_ndx: 1, unit_desc: 'ft' });
  await makeUnit(db, { unit_ndx: 2, unit_desc: 'V' });
  await makeParameter(db, { parameter_ndx: 1, parameter_name: 'Water Level', unit_ndx: 1, value_field: 'level_ft', decimals: 2 });
  await makeParameter(db, { parameter_ndx: 2, parameter_name: 'Battery Voltage', unit_ndx: 2, value_field: null, decimals: 1 });
  await makeDataSource(db, { datasrc_ndx: 1, data_source: 'Logger File Import', kind: 'file' });
  await makeTriggerElevation(db, { location_ndx: 1, trigger_elevation_ft: 4981.0, measuring_point_elevation_ft: 5040.25 });
  await makeTriggerElevation(db, { location_ndx: 2, trigger_elevation_ft: 4981.5, measuring_point_elevation_ft: null });
  const rows: ObservationInput[] = [];
  const from = Date.parse('2026-03-01T00:00:00Z');
  const to = Date.parse('2026-03-24T12:00:00Z');
  let i = 0;
  for (let ms = from; ms < to; ms += 15 * 60_000, i++) {
    const at = new Date(ms);
    rows.push({
      locationNdx: 1,
      parameterNdx: 1,
      collectTimestamp: at,
      resultValue: 60 + Math.sin(i / 40) * 3 + (i % 7) / 100,
      datasrcNdx: 1,
    });
    rows.push({ locationNdx: 2, parameterNdx: 1, collectTimestamp: at, resultValue: 70 + Math.cos(i / 50) * 2, datasrcNdx: 1 });
    rows.push({ locationNdx: 3, parameterNdx: 1, collectTimestamp: at, resultValue: 5 + (i % 13) / 3, datasrcNdx: 1 });
    if (i % 4 === 0) rows.push({ locationNdx: 1, parameterNdx: 2, collectTimestamp: at, resultValue: 12 + (i % 9) / 10, datasrcNdx: 1 });
  }
  await ingestObservations(db, rows);
}

/** Fingerprint of the tables a bad request could touch: equal before and after means nothing was written. */
export async function databaseFingerprint(db: Db): Promise<string> {
  const { rows } = await sql<{ f: string }>`
    select concat_ws('|',
      (select md5(coalesce(string_agg(o::text, ',' order by o.location_ndx, o.parameter_ndx, o.collect_timestamp), '')) from observation o),
      (select md5(coalesce(string_agg(d::text, ',' order by d.location_ndx, d.parameter_ndx, d.local_date), '')) from observation_daily d),
      (select md5(coalesce(string_agg(l::text, ',' order by l.location_ndx), '')) from location l),
      (select md5(coalesce(string_agg(p::text, ',' order by p.parameter_ndx), '')) from parameter p),
      (select md5(coalesce(string_agg(f::text, ',' order by f.facility_ndx), '')) from facility f),
      (select md5(coalesce(string_agg(t::text, ',' order by t.location_ndx), '')) from location_trigger_elevation t),
      (select count(*) from audit_log)::text) as f`.execute(db);
  return rows[0].f;
}

/** Expected 15-minute rows, computed here from observation alone: [epoch ms, value]. */
export async function expectedRaw(db: Db, location: number, parameter: number, start: string, end: string): Promise<[number, number][]> {
  const zone = districtTimeZone();
  const { rows } = await sql<{ t: string; v: number }>`
    select (extract(epoch from collect_timestamp) * 1000)::bigint::text as t, result_value as v from observation
    where location_ndx = ${location} and parameter_ndx = ${parameter}
      and collect_timestamp >= (${start}::date::timestamp at time zone ${zone})
      and collect_timestamp < ((${end}::date + 1)::timestamp at time zone ${zone})
    order by collect_timestamp`.execute(db);
  return rows.map((r) => [Number(r.t), r.v]);
}

/** Expected daily rows from observation alone (not the rollup): local-day means rounded to `decimals`, at local midnight. */
export async function expectedDaily(
  db: Db,
  location: number,
  parameter: number,
  start: string,
  end: string,
  decimals: number,
): Promise<[number, number][]> {
  const zone = districtTimeZone();
  const { rows } = await sql<{ t: string; v: number }>`
    select (extract(epoch from (day::timestamp at time zone ${zone})) * 1000)::bigint::text as t, round(avg(result_value)::numeric, ${decimals})::float8 as v
    from (select (collect_timestamp at time zone ${zone})::date as day, result_value from observation
          where location_ndx = ${location} and parameter_ndx = ${parameter}) x
    where day between ${start}::date and ${end}::date
    group by day order by day`.execute(db);
  return rows.map((r) => [Number(r.t), r.v]);
}
