import { sql } from 'kysely';
import type { Db } from '../src/db/client';
import { districtTimeZone } from '../src/db/local-day';
import { ingestObservations, type ObservationInput } from '../src/modules/timeseries/ingest';

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
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc, united_list_include) values (1, 'Wells', true);
    insert into facility (facility_ndx, facility_name, facility_type_ndx) values (1, 'North Field', 1), (2, 'Empty Field', 1);
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Well');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, is_public, exclude_from_map, display_order) values
      (1, 'NW-1', 'NW1', 'North Well 1', 1, 1, true, false, 1),
      (2, 'NW-2', 'NW2', 'North Well 2', 1, 1, false, false, 2),
      (3, 'GG-1', 'GG1', 'Gage 1', 1, 1, true, false, 3);
    insert into facility_location (facility_ndx, location_ndx) values (1, 1), (1, 2);
    insert into unit (unit_ndx, unit_desc) values (1, 'ft'), (2, 'V');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field, decimals) values (1, 'Water Level', 1, 'level_ft', 2), (2, 'Battery Voltage', 2, null, 1);
    insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file');
    insert into location_trigger_elevation (location_ndx, trigger_elevation_ft, measuring_point_elevation_ft) values (1, 4981.0, 5040.25), (2, 4981.5, null);
  `.execute(db);
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
