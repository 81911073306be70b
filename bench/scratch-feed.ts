import { sql } from 'kysely';
import { benchDatabase, sample } from './lib';
import { seedLocations } from './map-feed.bench';

const db = await benchDatabase();
try {
  await seedLocations(db.db, 10_000);
  const q = async (name: string, text: string) => {
    const run = async () => { const r = await sql.raw<{ j: string }>(text).execute(db.db); return r.rows[0].j.length; };
    const s = await sample(run, 20);
    console.log(name.padEnd(30), s.p50.toFixed(1), 'ms', s.value, 'bytes');
  };
  await q('baseline json_agg', `select json_agg(l)::text as j from location l`);
  const status = `left join (select location_ndx, max(last_timestamp) last_ts from series_latest group by location_ndx) lat on lat.location_ndx = l.location_ndx
    left join lateral (select s.reporting_status_ndx from reporting_status s
      where case when lat.last_ts is null then s.reporting_status_ndx = l.reporting_status_ndx
                 else s.max_age_hours is null or lat.last_ts >= now() - make_interval(secs => s.max_age_hours * 3600) end
      order by s.max_age_hours nulls last, s.display_order, s.reporting_status_ndx limit 1) st on true`;
  await q('json_build_object', `select json_build_object('type','FeatureCollection','features', coalesce(json_agg(json_build_object('type','Feature','id',l.location_ndx,
     'geometry', json_build_object('type','Point','coordinates', json_build_array(l.longitude, l.latitude)),
     'properties', json_strip_nulls(json_build_object('location_name', l.location_name, 'location_id', l.location_id, 'location_display_label', l.location_display_label,
        'cuwcd_well_number', l.cuwcd_well_number, 'locationtype', lt.location_type_desc, 'location_type_ndx', l.location_type_ndx, 'reporting_status_ndx', st.reporting_status_ndx,
        'map_sym_fill_color', l.map_sym_fill_color, 'map_sym_stroke_color', l.map_sym_stroke_color, 'map_sym_stroke_width', l.map_sym_stroke_width,
        'map_sym_pixel_size', l.map_sym_pixel_size, 'map_sym_shape', l.map_sym_shape))) order by l.display_order, l.location_ndx), '[]'))::text j
     from location l join location_type lt on lt.location_type_ndx = l.location_type_ndx ${status} where not l.exclude_from_map and l.latitude is not null`);
  await q('string concat', `select '{"type":"FeatureCollection","features":[' || coalesce(string_agg('{"type":"Feature","id":' || l.location_ndx
     || ',"geometry":{"type":"Point","coordinates":[' || l.longitude || ',' || l.latitude || ']},"properties":{'
     || concat_ws(',', '"location_name":' || to_json(l.location_name), '"location_id":' || to_json(l.location_id), '"location_display_label":' || to_json(l.location_display_label),
        '"cuwcd_well_number":' || to_json(l.cuwcd_well_number), '"locationtype":' || to_json(lt.location_type_desc), '"location_type_ndx":' || l.location_type_ndx,
        '"reporting_status_ndx":' || st.reporting_status_ndx, '"map_sym_fill_color":' || to_json(l.map_sym_fill_color), '"map_sym_stroke_color":' || to_json(l.map_sym_stroke_color),
        '"map_sym_stroke_width":' || l.map_sym_stroke_width, '"map_sym_pixel_size":' || l.map_sym_pixel_size, '"map_sym_shape":' || to_json(l.map_sym_shape)) || '}}', ',' order by l.display_order, l.location_ndx), '') || ']}' j
     from location l join location_type lt on lt.location_type_ndx = l.location_type_ndx ${status} where not l.exclude_from_map and l.latitude is not null`);
} finally {
  await db.stop();
}
