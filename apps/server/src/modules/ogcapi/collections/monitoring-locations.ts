import { sql, type RawBuilder } from 'kysely';
import { reachOf, type Caller } from '../../../access/access-policy';
import { readableLocation } from '../../../access/access.repository';
import { districtTimeZone } from '../../../db/local-day';
import { reportingStatusJoin, statusRanges } from '../../../db/reporting-status.repository';
import { locationFilter } from '../ogcapi-filters.repository';
import { parseMonitoringLocationId } from '../ogcapi-ids';
import type { JsonType, OgcCollectionDefinition, PropertyDefinition } from './collection';
import { monitoringLocationId, utcInstant } from './series.repository';
import { stateNameOf } from './us-states';

const ref = (name: string) => sql.ref(`r.${name}`);
const NULL = sql`null::text`;
const text = (value: RawBuilder<unknown>, schema: JsonType = { type: ['string', 'null'] }): PropertyDefinition => ({
  kind: 'text',
  value,
  schema,
});
const number = (value: RawBuilder<unknown>): PropertyDefinition => ({ kind: 'number', value, schema: { type: ['number', 'null'] } });
/** The state of the county's five-digit FIPS code (its first two digits). */
const STATE_CODE = sql`(case when r.fips ~ '^\\d{5}$' then left(r.fips, 2) end)`;
const STATE_NAME = stateNameOf(STATE_CODE);
/** A USGS property the portal does not hold: always null, not a queryable. */
const unknown = (schema: JsonType = { type: ['string', 'null'] }): PropertyDefinition => ({
  kind: 'text',
  value: NULL,
  schema,
  queryable: false,
});

/** The district zone's abbreviation in January and whether it changes in July (USGS's time_zone_abbreviation, uses_daylight_savings). */
function zoneFacts(zone: string): { abbreviation: string; daylight: 'Y' | 'N' } {
  const name = (month: number) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(Date.UTC(2025, month, 15, 12)))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return { abbreviation: name(0), daylight: name(0) === name(6) ? 'N' : 'Y' };
}

/** Names of a location's facilities a caller sees: staff every one, the public only facilities marked public. */
function facilityNames(caller: Caller): RawBuilder<unknown> {
  const visible = reachOf(caller).privateLocations ? sql`true` : sql`f.is_public`;
  return sql`(select array_agg(f.facility_name order by f.display_order, f.facility_name)
      from facility_location fl join facility f on f.facility_ndx = fl.facility_ndx
      where fl.location_ndx = l.location_ndx and ${visible})`;
}

/** One point per monitoring location with USGS's property names, then what the portal's map popup adds. */
export const monitoringLocations: OgcCollectionDefinition = {
  id: 'monitoring-locations',
  title: 'Monitoring locations',
  description:
    "One point per monitoring location, with the USGS Water Data API's property names (null where the portal does not know a value). " +
    'The id is the agency code and the location number (RWSD-12); the bare number names the location too.',
  properties: {
    agency_code: text(ref('agency_code'), { type: 'string' }),
    agency_name: text(ref('agency_name')),
    monitoring_location_number: { kind: 'plain', value: sql`r.k1::text`, schema: { type: 'string' } },
    monitoring_location_name: text(ref('location_name'), { type: 'string' }),
    district_code: unknown(),
    country_code: text(sql`(case when ${STATE_NAME} is not null then 'US' end)`),
    country_name: text(sql`(case when ${STATE_NAME} is not null then 'United States of America' end)`),
    state_code: text(STATE_CODE),
    state_name: text(STATE_NAME),
    county_code: text(sql`(case when r.fips ~ '^\\d{5}$' then right(r.fips, 3) end)`),
    county_name: text(ref('county_name')),
    minor_civil_division_code: unknown(),
    site_type_code: unknown(),
    site_type: text(ref('location_type_desc')),
    hydrologic_unit_code: unknown(),
    basin_code: unknown(),
    altitude: unknown({ type: ['number', 'null'] }),
    altitude_accuracy: unknown({ type: ['number', 'null'] }),
    altitude_method_code: unknown(),
    altitude_method_name: unknown(),
    vertical_datum: unknown(),
    vertical_datum_name: unknown(),
    horizontal_positional_accuracy_code: unknown(),
    horizontal_positional_accuracy: unknown(),
    horizontal_position_method_code: unknown(),
    horizontal_position_method_name: unknown(),
    original_horizontal_datum: unknown(),
    original_horizontal_datum_name: unknown(),
    drainage_area: unknown({ type: ['number', 'null'] }),
    contributing_drainage_area: unknown({ type: ['number', 'null'] }),
    time_zone_abbreviation: text(ref('time_zone_abbreviation')),
    uses_daylight_savings: text(ref('uses_daylight_savings')),
    construction_date: unknown(),
    aquifer_code: unknown(),
    national_aquifer_code: unknown(),
    aquifer_type_code: unknown(),
    well_constructed_depth: unknown({ type: ['number', 'null'] }),
    hole_constructed_depth: unknown({ type: ['number', 'null'] }),
    depth_source_code: unknown(),
    revision_note: unknown(),
    revision_created: unknown(),
    revision_modified: unknown(),
    latitude: number(ref('lat')),
    longitude: number(ref('lon')),
    monitoring_location_code: text(ref('location_id'), { type: 'string' }),
    monitoring_location_label: text(ref('location_display_label'), { type: 'string' }),
    facility: { kind: 'array', value: sql`coalesce(r.facility_names, '{}'::text[])`, schema: { type: 'array', items: { type: 'string' } } },
    waterbody_name: text(ref('waterbody_name')),
    hydrologic_unit_name: text(ref('huc12_name')),
    reporting_status: text(ref('reporting_status_desc')),
    last_report: { kind: 'plain', value: utcInstant(ref('last_ts')), schema: { type: ['string', 'null'], format: 'date-time' } },
    most_recent_measurements: {
      kind: 'array',
      value: sql`coalesce(r.measurements, '{}'::text[])`,
      schema: { type: 'array', items: { type: 'string' } },
      queryable: false,
    },
  },
  featureId: monitoringLocationId,
  locationKeys: ['id', 'monitoring_location_id'],
  filters: { bbox: true, datetime: null },
  keyParts: [{ kind: 'int' }],
  keyText: sql`r.k1::text`,
  order: sql`r.k1`,
  matched: 'rows',
  extent: 'locations',
  rowSource(o) {
    const { caller, filter: f, after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const from = after ? sql`l.location_ndx > ${Number(after[0])}` : sql`true`;
    const zone = zoneFacts(districtTimeZone());
    return sql`
      with lat as (
        select sl.location_ndx, max(sl.last_timestamp) as last_ts,
               array_agg(si.parameter_name || ': ' || trim_scale(round(sl.last_value::numeric, 2))::text || coalesce(' ' || si.unit_desc, '')
                         order by p.display_order, p.parameter_name) as measurements
        from series_latest sl
        join parameter p on p.parameter_ndx = sl.parameter_ndx
        join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
        group by sl.location_ndx
      ), ${statusRanges}
      select l.location_ndx as k1, l.longitude as lon, l.latitude as lat, l.location_id, l.location_name, l.location_display_label,
             lt.location_type_desc, ${facilityNames(caller)} as facility_names, wb.waterbody_name, c.county_name, c.fips, l.huc12_name,
             st.reporting_status_desc, lat.last_ts, lat.measurements,
             ${zone.abbreviation}::text as time_zone_abbreviation, ${zone.daylight}::text as uses_daylight_savings
      from location l
      join location_type lt on lt.location_type_ndx = l.location_type_ndx
      left join waterbody wb on wb.waterbody_ndx = l.waterbody_ndx
      left join county c on c.county_ndx = l.county_ndx
      left join lat on lat.location_ndx = l.location_ndx
      ${reportingStatusJoin(o.asOf)}
      where ${readableLocation(caller, 'l')} and ${locationFilter(f)} and ${from}
      order by l.location_ndx
      ${limit}`;
  },
  featureFilter(featureId, agency) {
    const location = parseMonitoringLocationId(featureId, agency);
    return location === null ? null : { locations: [location] };
  },
};
