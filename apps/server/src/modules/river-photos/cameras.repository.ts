import type { Db } from '../../db/client';

export interface CameraRow {
  slug: string;
  title: string;
  snapshot_url: string;
  mask_file_name: string | null;
}

const columns = ['slug', 'title', 'snapshot_url', 'mask_file_name'] as const;

export async function findCameraBySlug(db: Db, slug: string): Promise<CameraRow | undefined> {
  return db.selectFrom('camera').select(columns).where('slug', '=', slug).executeTakeFirst();
}

/** Exact match on the stored snapshot URL: the proxy's allow-list is the table itself. */
export async function findCameraByUrl(db: Db, url: string): Promise<CameraRow | undefined> {
  return db.selectFrom('camera').select(columns).where('snapshot_url', '=', url).orderBy('camera_ndx').limit(1).executeTakeFirst();
}
