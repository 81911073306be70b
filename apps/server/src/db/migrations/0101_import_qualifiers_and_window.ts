import { sql, type Kysely } from 'kysely';

// Imports against real service answers (decision 0003):
// - observation.qualifiers: the source's own marks per value (USGS 'P', 'e', 'Ice'; CDSS flagA/flagB),
//   carried to series_latest.last_qualifiers; null = the source sent none.
// - import_source.imported_through: per-source high-water mark (newest timestamp this source wrote),
//   updated in the same transaction as the rows, so a failed run never moves the web request window.
// - import_source.source_method_id: which USGS method (sensor) to take when a site has several.
// - import_run status 'warning': the run worked but something needs a look (an empty answer, a method
//   chosen without configuration).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table observation add column qualifiers text check (qualifiers is null or length(qualifiers) between 1 and 200)`.execute(
    db,
  );
  await sql`alter table series_latest add column last_qualifiers text`.execute(db);
  await sql`alter table import_source add column imported_through timestamptz`.execute(db);
  await sql`alter table import_source add column source_method_id integer check (source_method_id is null or source_method_id > 0)`.execute(
    db,
  );
  // Sources that already ran keep asking from their newest stored value, not from "yesterday".
  await sql`
    update import_source s set imported_through = m.t
    from (select import_ndx, max(collect_timestamp) as t from observation where import_ndx is not null group by import_ndx) m
    where m.import_ndx = s.import_ndx`.execute(db);
  await sql`alter table import_run drop constraint if exists import_run_status_check`.execute(db);
  await sql`alter table import_run add constraint import_run_status_check
    check (status in ('running', 'succeeded', 'warning', 'failed', 'partial'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update import_run set status = 'succeeded' where status = 'warning'`.execute(db);
  await sql`alter table import_run drop constraint if exists import_run_status_check`.execute(db);
  await sql`alter table import_run add constraint import_run_status_check
    check (status in ('running', 'succeeded', 'failed', 'partial'))`.execute(db);
  await sql`alter table import_source drop column if exists source_method_id`.execute(db);
  await sql`alter table import_source drop column if exists imported_through`.execute(db);
  await sql`alter table series_latest drop column if exists last_qualifiers`.execute(db);
  await sql`alter table observation drop column if exists qualifiers`.execute(db);
}
