import { sql, type Kysely } from 'kysely';

/**
 * Browsers that signed in to an account: each holds a signed device cookie naming its row here.
 * Such a browser is held only by its own guessing budget, not by the account's, so strangers
 * guessing the password cannot keep the owner out. A row goes with its account, is replaced at
 * each sign-in from that browser (the cookie rotates) and ends at expires_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table trusted_device (
      device_id text primary key check (device_id ~ '^[A-Za-z0-9_-]{22,64}$'),
      user_id text not null references app_user (user_id) on delete cascade,
      issued_at timestamptz not null,
      expires_at timestamptz not null,
      check (expires_at > issued_at)
    );
    create index trusted_device_user_idx on trusted_device (user_id, issued_at);
    create index trusted_device_expires_at_idx on trusted_device (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists trusted_device`.execute(db);
}
