import { sql, type Kysely } from 'kysely';

// A location's display abbreviation and full name are required, like its id; the
// database refuses blank ones too, so no other writer can store what the API refuses.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table location
      add constraint location_display_label_check check (btrim(location_display_label) <> ''),
      add constraint location_name_check check (btrim(location_name) <> '')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table location drop constraint if exists location_display_label_check, drop constraint if exists location_name_check
  `.execute(db);
}
