import { sql, type Kysely } from 'kysely';

// Trigger elevations of wells (the facility page's banner): stored per location, shown on every facility
// holding such a location. The banner compares each with the well's newest water-level
// elevation; wells record depth to water, so the measuring point's elevation converts one to
// the other (water elevation = measuring-point elevation - depth to water).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table location_trigger_elevation (
      location_ndx integer primary key references location (location_ndx) on delete cascade,
      trigger_elevation_ft double precision not null check (trigger_elevation_ft between -1500 and 30000),
      measuring_point_elevation_ft double precision check (measuring_point_elevation_ft between -1500 and 30000),
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists location_trigger_elevation`.execute(db);
}
