import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface LayerRow {
  map_layer_id: string;
  map_source_id: string;
  name: string;
  layer: unknown;
  lre_properties: unknown;
  draw_order: number;
  legend_order: number;
}

/** Enabled layers in drawing order. */
export async function listEnabledLayers(db: Db): Promise<LayerRow[]> {
  return db
    .selectFrom('map_layer')
    .select(['map_layer_id', 'map_source_id', 'name', 'layer', 'lre_properties', 'draw_order', 'legend_order'])
    .where('enabled', '=', true)
    .orderBy('draw_order')
    .orderBy('legend_order')
    .orderBy('map_layer_id')
    .execute();
}

export interface StoredSourceRow {
  id: string;
  /** The stored FeatureCollection as JSON text (not parsed: it is sent as it is). */
  data: string;
  attribution: string | null;
}

/** GeoJSON sources with stored data, by id. */
export async function storedGeoJsonSources(db: Db, ids: string[]): Promise<StoredSourceRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<StoredSourceRow>`
    select map_source_id as id, data::text as data, options->>'attribution' as attribution
    from map_source
    where map_source_id in (${sql.join(ids)}) and source_type = 'geojson' and data is not null
    order by map_source_id
  `.execute(db);
  return rows;
}

/** Attribution per source id (also for sources built from the database). */
export async function sourceAttributions(db: Db, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('map_source')
    .select(['map_source_id', sql<string | null>`options->>'attribution'`.as('attribution')])
    .where('map_source_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.map_source_id, r.attribution]));
}

export async function listReportingStatuses(db: Db): Promise<{ value: number; display: string }[]> {
  return db
    .selectFrom('reporting_status')
    .select(['reporting_status_ndx as value', 'reporting_status_desc as display'])
    .orderBy('display_order')
    .orderBy('reporting_status_desc')
    .execute();
}

export async function listLocationTypes(db: Db): Promise<{ value: number; display: string; color: string | null }[]> {
  return db
    .selectFrom('location_type')
    .select(['location_type_ndx as value', 'location_type_desc as display', 'map_color as color'])
    .orderBy('display_order')
    .orderBy('location_type_desc')
    .execute();
}
