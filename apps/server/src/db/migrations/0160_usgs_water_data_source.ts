import { sql, type Kysely } from 'kysely';

// The USGS Water Data OGC API as an import data source (decision 0024):
// - data_source.kind 'usgs-water-data' beside 'usgs' (WaterServices, which USGS retires in 2027).
// - A district that already has data sources gets the "USGS Water Data API" one, so its
//   WaterServices sources can be moved to it; a new, empty database gets it from its seed.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_source drop constraint if exists data_source_kind_check`.execute(db);
  await sql`alter table data_source add constraint data_source_kind_check
    check (kind in ('file', 'usgs', 'usgs-water-data', 'cdss', 'manual', 'demo'))`.execute(db);
  await sql`
    insert into data_source (datasrc_ndx, data_source, kind)
    select (select coalesce(max(datasrc_ndx), 0) + 1 from data_source), 'USGS Water Data API', 'usgs-water-data'
    where exists (select 1 from data_source)
      and not exists (select 1 from data_source where kind = 'usgs-water-data' or data_source = 'USGS Water Data API')`.execute(db);
  await sql`select setval(pg_get_serial_sequence('data_source', 'datasrc_ndx'), greatest((select max(datasrc_ndx) from data_source), 1))
    where exists (select 1 from data_source)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Sources of the new kind go back to WaterServices' kind so the old check holds; their data stays.
  await sql`update data_source set kind = 'usgs' where kind = 'usgs-water-data'`.execute(db);
  await sql`alter table data_source drop constraint if exists data_source_kind_check`.execute(db);
  await sql`alter table data_source add constraint data_source_kind_check
    check (kind in ('file', 'usgs', 'cdss', 'manual', 'demo'))`.execute(db);
}
