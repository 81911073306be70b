import { sql, type Kysely } from 'kysely';

/**
 * Storage for the embedded OpenID Connect provider: its signing keys and cookie secrets
 * (so tokens and sessions survive a restart and several processes agree), and the
 * provider's own models (sessions, grants, codes, refresh tokens).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table oidc_secret (
      name text primary key,
      value jsonb not null,
      created_at timestamptz not null default now()
    );
    create table oidc_payload (
      id text not null,
      type text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (id, type)
    );
    create index oidc_payload_grant_id_idx on oidc_payload (grant_id) where grant_id is not null;
    create index oidc_payload_uid_idx on oidc_payload (uid) where uid is not null;
    create index oidc_payload_user_code_idx on oidc_payload (user_code) where user_code is not null;
    create index oidc_payload_expires_at_idx on oidc_payload (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists oidc_payload; drop table if exists oidc_secret;`.execute(db);
}
