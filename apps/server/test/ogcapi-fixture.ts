import { sql } from 'kysely';
import type { Db } from '../src/db/client';
import { ingestObservations, type ObservationInput } from '../src/modules/timeseries/ingest';

/**
 * A small district for the open data API's tests: a public, a private and an excluded location
 * and a public one without coordinates; two parameters; three days of 15-minute discharge around
 * the spring DST change, some provisional, some under ice.
 */
export const OGC_LOC = { public: 1, private: 2, excluded: 3, noCoordinates: 4 } as const;
export const OGC_PARAM = { discharge: 1, stage: 2 } as const;
export const DISCHARGE_START = new Date('2026-03-07T07:00:00Z'); // 03/07 00:00 MST
export const DISCHARGE_READINGS = 3 * 96 - 4; // three local days; 03/08 has 23 hours

export async function seedOgcDistrict(db: Db): Promise<void> {
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Stream Gages');
    insert into facility (facility_ndx, facility_name, facility_type_ndx, is_public) values
      (1, 'River Network', 1, true), (2, 'Internal Wells', 1, false);
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Stream Gage');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
    insert into county (county_ndx, county_name) values (1, 'Weld');
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, county_ndx,
                          latitude, longitude, is_public, exclude_from_map, huc12_name) values
      (1, 'SP-KERSEY', 'Kersey', 'South Platte at Kersey', 1, 1, 1, 40.41, -104.56, true, false, 'Lower Crow Creek'),
      (2, 'PRIV-1', 'Private', 'Private Gage', 1, 1, 1, 40.2, -104.7, false, false, null),
      (3, 'EXCL-1', 'Excluded', 'Excluded Gage', 1, 1, 1, 40.3, -104.9, true, true, null),
      (4, '=HYPERLINK("http://x")', 'No coordinates', '=HYPERLINK("http://x","click")', 1, 1, null, null, null, true, false, null);
    insert into facility_location (facility_ndx, location_ndx) values (1, 1), (1, 2), (2, 1), (2, 3);
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs'), (2, 'ft');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field, decimals, usgs_parameter_code) values
      (1, 'Discharge', 1, 'flow_cfs', 1, '00060'), (2, 'Stage', 2, 'stage_ft', 2, null);
    insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file');
  `.execute(db);
  const rows: ObservationInput[] = [];
  for (let i = 0; i < DISCHARGE_READINGS; i++) {
    rows.push({
      locationNdx: OGC_LOC.public,
      parameterNdx: OGC_PARAM.discharge,
      collectTimestamp: new Date(DISCHARGE_START.getTime() + i * 900_000),
      resultValue: Math.round((100 + 20 * Math.sin(i / 10)) * 1000) / 1000,
      datasrcNdx: 1,
      qualifiers: i < 100 ? 'A' : i % 7 === 0 ? 'P,Ice' : 'P',
    });
  }
  for (let i = 0; i < 40; i++) {
    const at = new Date(DISCHARGE_START.getTime() + i * 3_600_000);
    rows.push({
      locationNdx: OGC_LOC.public,
      parameterNdx: OGC_PARAM.stage,
      collectTimestamp: at,
      resultValue: 2 + i / 100,
      datasrcNdx: 1,
    });
    rows.push({ locationNdx: OGC_LOC.private, parameterNdx: OGC_PARAM.discharge, collectTimestamp: at, resultValue: 7 + i, datasrcNdx: 1 });
    rows.push({ locationNdx: OGC_LOC.excluded, parameterNdx: OGC_PARAM.stage, collectTimestamp: at, resultValue: 1.5, datasrcNdx: 1 });
  }
  await ingestObservations(db, rows);
}
