import { sql, type Kysely } from 'kysely';

// The map's cached responses (decision 0022) now include the layer list and the stored GeoJSON
// sources, so writes to map_layer and map_source move map_feed_version too (migration 0005).
const TABLES = ['map_layer', 'map_source'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      TABLES.map(
        (t) => `create trigger ${t}_map_feed_version after insert or update or delete or truncate on ${t}
  for each statement execute function bump_map_feed_version();`,
      ).join('\n'),
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(TABLES.map((t) => `drop trigger if exists ${t}_map_feed_version on ${t};`).join('\n')).execute(db);
}
