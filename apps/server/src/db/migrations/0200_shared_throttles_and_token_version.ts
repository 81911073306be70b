import { sql, type Kysely } from 'kysely';

/**
 * Counters every app process shares (sign-in and password-check throttles, route rate limits),
 * so N processes on one database allow what one allows, not N times that. Unlogged: a counter
 * lost in a database crash only forgets some attempts, and unlogged writes are cheaper.
 *
 * account_token_version: the embedded provider writes an account's version into each access
 * token it issues; a token carrying an older version is refused. The version goes up when the
 * account is deleted or its role changes. No foreign key: the version of a deleted account must
 * outlive its app_user row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table throttle_counter (
      key text primary key,
      attempts integer not null,
      window_started_at timestamptz not null,
      next_slot_at timestamptz,
      expires_at timestamptz not null
    );
    create index throttle_counter_expires_at_idx on throttle_counter (expires_at);
    create table account_token_version (
      user_id text primary key,
      version integer not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists throttle_counter; drop table if exists account_token_version;`.execute(db);
}
