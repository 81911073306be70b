import { sql, type Kysely } from 'kysely';

// observation's primary key carries the columns every read of one series returns (value, data
// source, qualifiers, inserted/updated times) as INCLUDE columns, so the 15-minute graph, Query &
// Download and the OGC API items read a series-year from the key's leaf pages in time order
// (an index-only scan) instead of one heap page per row: ingest writes every series interleaved
// in time, so the rows of one series are spread over the whole table.
// Index-only scans skip the heap only on pages the visibility map marks all-visible, so the
// table is vacuumed after every 100,000 inserted rows instead of after 20% of its size.
const COVERED = 'result_value, datasrc_ndx, qualifiers, inserted_at, updated_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  await swapPrimaryKey(db, `include (${COVERED})`);
  await sql`alter table observation set (autovacuum_vacuum_insert_threshold = 100000, autovacuum_vacuum_insert_scale_factor = 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await swapPrimaryKey(db, '');
  await sql`alter table observation reset (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)`.execute(db);
}

/** Builds the new key's index beside the old one, then makes it the primary key: no moment without a key. */
async function swapPrimaryKey(db: Kysely<unknown>, include: string): Promise<void> {
  await sql
    .raw(`create unique index observation_pkey_next on observation (location_ndx, parameter_ndx, collect_timestamp) ${include}`)
    .execute(db);
  await sql`alter table observation drop constraint observation_pkey`.execute(db);
  await sql`alter table observation add constraint observation_pkey primary key using index observation_pkey_next`.execute(db);
}
