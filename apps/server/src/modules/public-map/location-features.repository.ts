import { sql } from 'kysely';
import type { MapAudience } from '../../access/access-policy';
import { mapLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { localTime } from '../../db/local-day';

/**
 * The location feeds (public-locations and united-locations) as one set-based query that
 * builds the FeatureCollection JSON inside PostgreSQL: no per-row mapping in Node, so the
 * staff feed of 10,000 locations stays well under 100 ms (bench/map-feed.bench.ts).
 */

export interface FeedOptions {
  /** true: with the facility popup fields (united-locations, staff); false: without (public-locations). */
  united: boolean;
  /** Whose map: which locations are listed is decision 0012's mapLocation for this audience. */
  audience: MapAudience;
  /** Reference time for the reporting status (now in production; fixed in tests). */
  asOf: Date;
}

/** Moves on every change to the tables the feeds read (see migration 0005). */
export async function feedVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ v: string }>`select last_value::text || ':' || is_called::text as v from map_feed_version`.execute(db);
  return rows[0].v;
}

/** Returns the FeatureCollection as JSON text, ready to send. */
export async function locationFeatureCollectionJson(db: Db, opts: FeedOptions): Promise<string> {
  const { rows } = await locationFeedQuery(opts).execute(db);
  return rows[0].fc;
}

/** The feed query itself (exported for EXPLAIN in the benchmark). */
export function locationFeedQuery(opts: FeedOptions) {
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
            group by fl.location_ndx
          )`
    : sql``;
  const facilityJoin = opts.united ? sql`left join fac on fac.location_ndx = l.location_ndx` : sql``;

  return sql<{ fc: string }>`
    with statuses as (
      select reporting_status_ndx, reporting_status_desc, max_age_hours, display_order from reporting_status
    ),
    latest as (
      select sl.location_ndx,
             max(sl.last_timestamp) as last_ts,
             json_agg(
               p.parameter_name || ': ' || trim_scale(round(sl.last_value::numeric, 2))::text
                 || coalesce(' ' || u.unit_desc, '')
               order by p.display_order, p.parameter_name
             ) as measurements
      from series_latest sl
      join parameter p on p.parameter_ndx = sl.parameter_ndx
      left join location_parameter lp on lp.location_ndx = sl.location_ndx and lp.parameter_ndx = sl.parameter_ndx
      left join unit u on u.unit_ndx = coalesce(lp.unit_ndx, p.unit_ndx)
      group by sl.location_ndx
    ),
    graphs as (
      select x.location_ndx,
             bool_or(p.value_field = 'flow_cfs') as has_flow,
             bool_or(p.value_field = 'stage_ft') as has_stage,
             bool_or(p.value_field = 'level_ft') as has_level
      from (select location_ndx, parameter_ndx from location_parameter
            union select location_ndx, parameter_ndx from series_latest) x
      join parameter p on p.parameter_ndx = x.parameter_ndx
      where p.value_field is not null
      group by x.location_ndx
    )
    ${facilityCte}
    select json_build_object(
      'type', 'FeatureCollection',
      'features', coalesce(json_agg(json_build_object(
        'type', 'Feature',
        'id', l.location_ndx,
        'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(l.longitude, l.latitude)),
        'properties', json_build_object(
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
        )
      ) order by l.display_order, l.location_ndx), '[]'::json)
    )::text as fc
    from location l
    join location_type lt on lt.location_type_ndx = l.location_type_ndx
    join waterbody wb on wb.waterbody_ndx = l.waterbody_ndx
    left join county c on c.county_ndx = l.county_ndx
    left join map_symbol_category msc on msc.map_symbol_category_ndx = l.map_symbol_category_ndx
    left join latest lat on lat.location_ndx = l.location_ndx
    left join graphs g on g.location_ndx = l.location_ndx
    left join lateral (
      -- Newest data decides; a location without any series keeps its stored (manual) status.
      select s.reporting_status_ndx, s.reporting_status_desc
      from statuses s
      where case when lat.last_ts is null then s.reporting_status_ndx = l.reporting_status_ndx
                 else s.max_age_hours is null or lat.last_ts >= ${opts.asOf}::timestamptz - make_interval(secs => s.max_age_hours * 3600)
            end
      order by s.max_age_hours nulls last, s.display_order, s.reporting_status_ndx
      limit 1
    ) st on true
    ${facilityJoin}
    where ${mapLocation(opts.audience, 'l')} and l.latitude is not null
  `;
}
