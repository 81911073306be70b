import type { Db } from '../src/db/client';
import { ingestObservations, type ObservationInput } from '../src/modules/timeseries/ingest';
import {
  makeCounty,
  makeDataSource,
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationType,
  makeParameter,
  makeUnit,
  makeWaterbody,
} from './factories';

/**
 * A small district for the open data API's tests: a public, a private and an excluded location
 * and a public one without coordinates; two parameters (discharge with its USGS code, stage
 * without); three days of 15-minute discharge around the spring DST change, some provisional,
 * some under ice. Made on a fresh database, so its keys are the numbers below.
 */
export const OGC_LOC = { public: 1, private: 2, excluded: 3, noCoordinates: 4 } as const;
/** A location's feature id as the open data API serves it: the default agency code and its number. */
export const ogcLocationId = (locationNdx: number) => `RWSD-${locationNdx}`;
export const OGC_PARAM = { discharge: 1, stage: 2 } as const;
export const DISCHARGE_START = new Date('2026-03-07T07:00:00Z'); // 03/07 00:00 MST
export const DISCHARGE_READINGS = 3 * 96 - 4; // three local days; 03/08 has 23 hours

function expectKey(what: string, got: number, want: number): void {
  if (got !== want) throw new Error(`The open data API fixture needs a fresh database: ${what} got key ${got}, not ${want}`);
}

export async function seedOgcDistrict(db: Db): Promise<void> {
  const facilityType = await makeFacilityType(db, { facility_type_desc: 'Stream Gages' });
  const locationType = await makeLocationType(db, { location_type_desc: 'Stream Gage' });
  const waterbody = await makeWaterbody(db, { waterbody_name: 'South Platte' });
  const county = await makeCounty(db, { county_name: 'Weld', fips: '08123' });
  const common = {
    location_type_ndx: locationType.location_type_ndx,
    waterbody_ndx: waterbody.waterbody_ndx,
    county_ndx: county.county_ndx,
  };
  const locations = [
    await makeLocation(db, {
      ...common,
      location_id: 'SP-KERSEY',
      location_display_label: 'Kersey',
      location_name: 'South Platte at Kersey',
      latitude: 40.41,
      longitude: -104.56,
      huc12_name: 'Lower Crow Creek',
    }),
    await makeLocation(db, {
      ...common,
      location_id: 'PRIV-1',
      location_display_label: 'Private',
      location_name: 'Private Gage',
      latitude: 40.2,
      longitude: -104.7,
      is_public: false,
    }),
    await makeLocation(db, {
      ...common,
      location_id: 'EXCL-1',
      location_display_label: 'Excluded',
      location_name: 'Excluded Gage',
      latitude: 40.3,
      longitude: -104.9,
      exclude_from_map: true,
    }),
    await makeLocation(db, {
      ...common,
      county_ndx: null,
      location_id: '=HYPERLINK("http://x")',
      location_display_label: 'No coordinates',
      location_name: '=HYPERLINK("http://x","click")',
      latitude: null,
      longitude: null,
    }),
  ];
  Object.values(OGC_LOC).forEach((ndx, i) => expectKey('location', locations[i].location_ndx, ndx));
  await makeFacility(db, {
    facility_name: 'River Network',
    facility_type_ndx: facilityType.facility_type_ndx,
    is_public: true,
    locations: [OGC_LOC.public, OGC_LOC.private],
  });
  await makeFacility(db, {
    facility_name: 'Internal Wells',
    facility_type_ndx: facilityType.facility_type_ndx,
    is_public: false,
    locations: [OGC_LOC.public, OGC_LOC.excluded],
  });
  const cfs = await makeUnit(db, { unit_desc: 'cfs' });
  const ft = await makeUnit(db, { unit_desc: 'ft' });
  const discharge = await makeParameter(db, {
    parameter_name: 'Discharge',
    unit_ndx: cfs.unit_ndx,
    value_field: 'flow_cfs',
    decimals: 1,
    usgs_parameter_code: '00060',
  });
  const stage = await makeParameter(db, { parameter_name: 'Stage', unit_ndx: ft.unit_ndx, value_field: 'stage_ft', decimals: 2 });
  expectKey('parameter', discharge.parameter_ndx, OGC_PARAM.discharge);
  expectKey('parameter', stage.parameter_ndx, OGC_PARAM.stage);
  const { datasrc_ndx: datasrcNdx } = await makeDataSource(db, { data_source: 'Logger File Import', kind: 'file' });
  const rows: ObservationInput[] = [];
  for (let i = 0; i < DISCHARGE_READINGS; i++) {
    rows.push({
      locationNdx: OGC_LOC.public,
      parameterNdx: OGC_PARAM.discharge,
      collectTimestamp: new Date(DISCHARGE_START.getTime() + i * 900_000),
      resultValue: Math.round((100 + 20 * Math.sin(i / 10)) * 1000) / 1000,
      datasrcNdx,
      qualifiers: i < 100 ? 'A' : i % 7 === 0 ? 'P,Ice' : 'P',
    });
  }
  for (let i = 0; i < 40; i++) {
    const at = new Date(DISCHARGE_START.getTime() + i * 3_600_000);
    rows.push({ locationNdx: OGC_LOC.public, parameterNdx: OGC_PARAM.stage, collectTimestamp: at, resultValue: 2 + i / 100, datasrcNdx });
    rows.push({ locationNdx: OGC_LOC.private, parameterNdx: OGC_PARAM.discharge, collectTimestamp: at, resultValue: 7 + i, datasrcNdx });
    rows.push({ locationNdx: OGC_LOC.excluded, parameterNdx: OGC_PARAM.stage, collectTimestamp: at, resultValue: 1.5, datasrcNdx });
  }
  await ingestObservations(db, rows);
}
