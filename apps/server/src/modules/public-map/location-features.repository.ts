import { sql, type RawBuilder } from 'kysely';
import type { MapAudience } from '../../access/access-policy';
import { mapLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { localTime } from '../../db/local-day';
import { latestTimestamps, reportingStatusJoin, statusRanges } from '../../db/reporting-status.repository';

export { feedVersion } from '../../db/reporting-status.repository';

/**
 * The location feeds (public-locations and united-locations) and their popup properties.
 *
 * The feeds are lean (decision 0022): geometry, id and only the properties the map needs before
 * anyone clicks (symbol style, the filter and colour-by keys, the title, the label and the search
 * keys). Everything a popup shows comes per location from popupPropertiesQuery when it opens.
 * The feed is one set-based statement that writes the FeatureCollection text inside PostgreSQL
 * by string concatenation (faster and smaller than json_build_object, whose output carries
 * " : " and ", " separators); Node sends the text as it is.
 */

export interface FeedOptions {
  /** Whose map: which locations are listed is decision 0012's mapLocation for this audience. */
  audience: MapAudience;
  /** Reference time for the reporting status (now in production; fixed in tests). */
  asOf: Date;
}

export interface PopupOptions extends FeedOptions {
  /** true: with the facility popup fields (united-locations, staff); false: without (public-locations). */
  united: boolean;
}

/** `"name":value` for the feed text; null values are left out (MapLibre reads a missing property as null). */
const member = (name: string, value: RawBuilder<unknown>) => sql`${sql.lit(`"${name}":`)} || to_json(${value})::text`;

/** Returns the lean FeatureCollection as JSON text, ready to send. */
export async function locationFeatureCollectionJson(db: Db, opts: FeedOptions): Promise<string> {
  const { rows } = await locationFeedQuery(opts).execute(db);
  return rows[0].fc;
}

/** The lean feed query itself (exported for EXPLAIN in the benchmark). */
export function locationFeedQuery(opts: FeedOptions) {
  const l = (column: string) => sql.ref(`l.${column}`);
  // The fields listed in LOCATION_FEED_FIELDS (contracts), in that order.
  const properties = [
    member('location_name', l('location_name')),
    member('location_id', l('location_id')),
    member('location_display_label', l('location_display_label')),
    member('cuwcd_well_number', l('cuwcd_well_number')),
    member('locationtype', sql.ref('lt.location_type_desc')),
    member('location_type_ndx', l('location_type_ndx')),
    member('reporting_status_ndx', sql.ref('st.reporting_status_ndx')),
    member('map_sym_fill_color', l('map_sym_fill_color')),
    member('map_sym_stroke_color', l('map_sym_stroke_color')),
    member('map_sym_stroke_width', l('map_sym_stroke_width')),
    member('map_sym_pixel_size', l('map_sym_pixel_size')),
    member('map_sym_shape', l('map_sym_shape')),
  ];
  return sql<{ fc: string }>`
    with lat as (${latestTimestamps}), ${statusRanges}
    select '{"type":"FeatureCollection","features":[' || coalesce(string_agg(
      '{"type":"Feature","id":' || l.location_ndx
        || ',"geometry":{"type":"Point","coordinates":[' || to_json(l.longitude)::text || ',' || to_json(l.latitude)::text || ']}'
        || ',"properties":{' || concat_ws(',', ${sql.join(properties, sql`, `)}) || '}}',
      ',' order by l.display_order, l.location_ndx), '') || ']}' as fc
    from location l
    join location_type lt on lt.location_type_ndx = l.location_type_ndx
    left join lat on lat.location_ndx = l.location_ndx
    ${reportingStatusJoin(opts.asOf)}
    where ${mapLocation(opts.audience, 'l')} and l.latitude is not null
  `;
}

/**
 * Every popup property of the audience's mapped locations (one location with `locationNdx`):
 * the full property set the feeds carried before decision 0022. A location outside the
 * audience's map is simply not returned.
 */
export function popupPropertiesQuery(opts: PopupOptions & { locationNdx?: number }) {
  const only = (column: RawBuilder<unknown>) => (opts.locationNdx === undefined ? sql`true` : sql`${column} = ${opts.locationNdx}`);
  const facilityProps = opts.united
    ? sql`, 'facility_ndx', fac.first_facility_ndx,
          'facility_names', coalesce(fac.facility_names, '[]'::json),
          'facility_types', coalesce(fac.facility_types, '[]'::json)`
    : sql``;
  // One grouped pass over facility_location (hash-joined) rather than a lookup per location.
  const facilityCte = opts.united
    ? sql`, fac as (
            select fl.location_ndx,
                   (array_agg(f.facility_ndx order by f.display_order, f.facility_name))[1] as first_facility_ndx,
                   json_agg(f.facility_name order by f.display_order, f.facility_name) as facility_names,
                   to_json(array_agg(distinct ft.facility_type_desc order by ft.facility_type_desc)) as facility_types
            from facility_location fl
            join facility f on f.facility_ndx = fl.facility_ndx
            join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
            where ${only(sql.ref('fl.location_ndx'))}
            group by fl.location_ndx
          )`
    : sql``;
  const facilityJoin = opts.united ? sql`left join fac on fac.location_ndx = l.location_ndx` : sql``;

  return sql<{ location_ndx: number; longitude: number; latitude: number; properties: Record<string, unknown> }>`
    with lat as (
      select sl.location_ndx,
             max(sl.last_timestamp) as last_ts,
             json_agg(
               -- Thousands separators and at most 2 decimals ('1,658.4 af'), as the facility page writes them.
               p.parameter_name || ': ' || rtrim(to_char(round(sl.last_value::numeric, 2), 'FM999,999,999,999,990.99'), '.')
                 || coalesce(' ' || si.unit_desc, '')
               order by p.display_order, p.parameter_name
             ) as measurements
      from series_latest sl
      join parameter p on p.parameter_ndx = sl.parameter_ndx
      join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
      where ${only(sql.ref('sl.location_ndx'))}
      group by sl.location_ndx
    ),
    graphs as (
      select x.location_ndx,
             bool_or(p.value_field = 'flow_cfs') as has_flow,
             bool_or(p.value_field = 'stage_ft') as has_stage,
             bool_or(p.value_field = 'level_ft') as has_level
      from (select location_ndx, parameter_ndx from location_parameter where ${only(sql.ref('location_ndx'))}
            union select location_ndx, parameter_ndx from series_latest where ${only(sql.ref('location_ndx'))}) x
      join parameter p on p.parameter_ndx = x.parameter_ndx
      where p.value_field is not null
      group by x.location_ndx
    ),
    ${statusRanges}
    ${facilityCte}
    select l.location_ndx, l.longitude, l.latitude, json_build_object(
          'location_ndx', l.location_ndx,
          'location_name', l.location_name,
          'location_id', l.location_id,
          'location_display_label', l.location_display_label,
          'location_type_ndx', l.location_type_ndx,
          'locationtype', lt.location_type_desc,
          'waterbody_name', wb.waterbody_name,
          'huc12_name', l.huc12_name,
          'county_name', c.county_name,
          'location_geometry', json_build_array(l.longitude, l.latitude),
          'latitude_dd', l.latitude,
          'longitude_dd', l.longitude,
          'reporting_status_ndx', st.reporting_status_ndx,
          'reporting_status_desc', st.reporting_status_desc,
          'is_well_owner', l.is_well_owner,
          'cuwcd_well_number', l.cuwcd_well_number,
          'map_sym_fill_color', l.map_sym_fill_color,
          'map_sym_stroke_color', l.map_sym_stroke_color,
          'map_sym_stroke_width', l.map_sym_stroke_width,
          'map_sym_pixel_size', l.map_sym_pixel_size,
          'map_sym_legend_pixel_size', l.map_sym_legend_pixel_size,
          'map_sym_shape', l.map_sym_shape,
          'map_symbol_category', msc.map_symbol_category,
          'map_symbol_category_ndx', l.map_symbol_category_ndx,
          'last_report', to_char(${localTime(sql.ref('lat.last_ts'))}, 'MM/DD/YYYY, FMHH12:MI AM'),
          'most_recent_measurements', coalesce(lat.measurements, '[]'::json),
          'has_flow_graph', coalesce(g.has_flow, false),
          'has_stage_graph', coalesce(g.has_stage, false),
          'has_waterlevel_graph', coalesce(g.has_level, false)
          ${facilityProps}
        ) as properties
    from location l
    join location_type lt on lt.location_type_ndx = l.location_type_ndx
    join waterbody wb on wb.waterbody_ndx = l.waterbody_ndx
    left join county c on c.county_ndx = l.county_ndx
    left join map_symbol_category msc on msc.map_symbol_category_ndx = l.map_symbol_category_ndx
    left join lat on lat.location_ndx = l.location_ndx
    left join graphs g on g.location_ndx = l.location_ndx
    ${reportingStatusJoin(opts.asOf)}
    ${facilityJoin}
    where ${mapLocation(opts.audience, 'l')} and l.latitude is not null and ${only(sql.ref('l.location_ndx'))}
    order by l.display_order, l.location_ndx
  `;
}

/** The popup properties of one location on the audience's map; null when it is not on that map. */
export async function locationPopupProperties(
  db: Db,
  opts: PopupOptions & { locationNdx: number },
): Promise<Record<string, unknown> | null> {
  const { rows } = await popupPropertiesQuery(opts).execute(db);
  return rows[0]?.properties ?? null;
}
