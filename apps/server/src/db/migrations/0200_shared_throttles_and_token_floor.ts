import { sql, type Kysely } from 'kysely';

/**
 * Counters every app process shares (sign-in and password-check throttles, route rate limits),
 * so N processes on one database allow what one allows, not N times that. Unlogged: a counter
 * lost in a database crash only forgets some attempts, and unlogged writes are cheaper.
 *
 * account_token_floor: access tokens of an account issued before tokens_valid_from are refused
 * (set when the account is deleted, disabled or its role changes). No foreign key: the floor
 * of a deleted account must outlive its app_user row.
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
    create table account_token_floor (
      user_id text primary key,
      tokens_valid_from timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists throttle_counter; drop table if exists account_token_floor;`.execute(db);
}
