import type { Db } from '../../db/client';

export interface BasemapRow {
  basemap_ndx: number;
  name: string;
  style_url: string | null;
  tiles: string[] | null;
  attribution: string | null;
  preview_image: string | null;
  offline: boolean;
}

const COLUMNS = ['basemap_ndx', 'name', 'style_url', 'tiles', 'attribution', 'preview_image', 'offline'] as const;

/** Basemaps in panel order. */
export async function listBasemaps(db: Db): Promise<BasemapRow[]> {
  return db.selectFrom('basemap').select(COLUMNS).orderBy('display_order').orderBy('basemap_ndx').execute();
}

export async function findBasemap(db: Db, ndx: number): Promise<BasemapRow | undefined> {
  return db.selectFrom('basemap').select(COLUMNS).where('basemap_ndx', '=', ndx).executeTakeFirst();
}
