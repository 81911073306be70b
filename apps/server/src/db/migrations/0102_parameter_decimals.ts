import { sql, type Kysely } from 'kysely';

// The precision of a parameter: how many decimals its values are shown and exported with.
// Readings arrive at that precision; daily means are rounded to it in tables and CSV files.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parameter add column decimals smallint not null default 2 check (decimals between 0 and 6)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table parameter drop column if exists decimals`.execute(db);
}
