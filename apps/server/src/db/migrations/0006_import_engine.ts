import { sql, type Kysely } from 'kysely';

// The import engine's counters: rows it ignores on purpose (older than history_days, or a
// "no reading" marker such as NAN, an empty value or USGS noData) are counted apart from bad
// rows (rows_skipped), so a normal logger file does not look like a failure.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_run add column rows_ignored integer not null default 0 check (rows_ignored >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table import_run drop column if exists rows_ignored`.execute(db);
}
