import { sql } from 'kysely';
import { WATER_DATA_KIND, WATER_DATA_SOURCE_NAME, WATER_SERVICES_KIND } from '@portal/contracts';
import type { Db } from '../../../db/client';
import { intervalMinutes } from '../engine/import-engine.repository';

/** A source as the move reads it, locked for update. */
export interface MovableSource {
  import_ndx: number;
  datasrc_ndx: number;
  kind: string;
  source_site_id: string | null;
  source_site_metadata: string | null;
  source_method_id: number | null;
  interval_minutes: number | null;
  imported_through: Date | null;
}

/** The listed sources (or every WaterServices source when none are listed), locked for the move. */
export async function lockMovableSources(db: Db, importNdxs?: readonly number[]): Promise<MovableSource[]> {
  let q = db
    .selectFrom('import_source as s')
    .innerJoin('data_source as d', 'd.datasrc_ndx', 's.datasrc_ndx')
    .select([
      's.import_ndx',
      's.datasrc_ndx',
      'd.kind',
      's.source_site_id',
      's.source_site_metadata',
      's.source_method_id',
      's.interval_period',
      's.imported_through',
    ])
    .orderBy('s.import_ndx')
    .forUpdate('s');
  q = importNdxs ? q.where('s.import_ndx', 'in', importNdxs.length ? importNdxs : [0]) : q.where('d.kind', '=', WATER_SERVICES_KIND);
  const rows = await q.execute();
  return rows.map(({ interval_period, ...r }) => ({ ...r, interval_minutes: intervalMinutes(interval_period) }));
}

/** The Water Data API data source; created (once) when the district has none yet. */
export async function waterDataSourceNdx(db: Db): Promise<number> {
  const found = await db
    .selectFrom('data_source')
    .select('datasrc_ndx')
    .where('kind', '=', WATER_DATA_KIND)
    .orderBy('datasrc_ndx')
    .executeTakeFirst();
  if (found) return found.datasrc_ndx;
  const created = await sql<{ datasrc_ndx: number }>`
    insert into data_source (datasrc_ndx, data_source, kind)
    values ((select coalesce(max(datasrc_ndx), 0) + 1 from data_source), ${WATER_DATA_SOURCE_NAME}, ${WATER_DATA_KIND})
    returning datasrc_ndx`.execute(db);
  await sql`select setval(pg_get_serial_sequence('data_source', 'datasrc_ndx'), (select max(datasrc_ndx) from data_source))`.execute(db);
  return created.rows[0].datasrc_ndx;
}

/**
 * Points a source at the Water Data API. imported_through is left as it is: the next run asks
 * from the old source's high-water mark. The WaterServices method id has no meaning there.
 */
export async function rewriteToWaterData(
  db: Db,
  importNdx: number,
  w: { datasrc_ndx: number; source_site_id: string; source_site_metadata: string },
): Promise<void> {
  await db
    .updateTable('import_source')
    .set({ ...w, source_method_id: null, updated_at: sql`now()` })
    .where('import_ndx', '=', importNdx)
    .execute();
}

/** How many enabled sources still read USGS WaterServices. */
export async function countEnabledWaterServicesSources(db: Db): Promise<number> {
  const r = await db
    .selectFrom('import_source as s')
    .innerJoin('data_source as d', 'd.datasrc_ndx', 's.datasrc_ndx')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('d.kind', '=', WATER_SERVICES_KIND)
    .where('s.enabled', '=', true)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
