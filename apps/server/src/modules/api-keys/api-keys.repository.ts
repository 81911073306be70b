import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** SQL of api_key (migration 0285) for the key owner's own pages: make, list and revoke keys. */

export interface ApiKeyRow {
  api_key_ndx: number;
  name: string;
  shown_prefix: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = sql`api_key_ndx, name, shown_prefix, created_at, expires_at, last_used_at, revoked_at`;

/** The account's current token version, or undefined when the subject has no portal account. */
export async function findAccountVersion(db: Db, userId: string): Promise<number | undefined> {
  const r = await sql<{ version: number }>`
    select coalesce((select v.version from account_token_version v where v.user_id = u.user_id), 0) as version
    from app_user u where u.user_id = ${userId} for update of u`.execute(db);
  return r.rows[0]?.version;
}

/** Keys of the account that still work or could (not revoked, not expired). */
export async function countLiveKeys(db: Db, userId: string, at: Date): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from api_key where user_id = ${userId} and revoked_at is null and expires_at > ${at}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

export async function insertApiKey(
  db: Db,
  key: { userId: string; name: string; shownPrefix: string; sha256: Buffer; tokenVersion: number; createdAt: Date; expiresAt: Date },
): Promise<ApiKeyRow> {
  const r = await sql<ApiKeyRow>`
    insert into api_key (user_id, name, shown_prefix, secret_sha256, token_version, created_at, expires_at)
    values (${key.userId}, ${key.name}, ${key.shownPrefix}, ${key.sha256}, ${key.tokenVersion}, ${key.createdAt}, ${key.expiresAt})
    returning ${COLUMNS}`.execute(db);
  return r.rows[0];
}

/** The account's keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  const r =
    await sql<ApiKeyRow>`select ${COLUMNS} from api_key where user_id = ${userId} order by created_at desc, api_key_ndx desc`.execute(db);
  return r.rows;
}

/** Revokes one of the account's keys (kept, marked revoked); undefined when the account has no such key. */
export async function revokeApiKey(
  db: Db,
  userId: string,
  keyId: number,
  at: Date,
): Promise<{ before: ApiKeyRow; after: ApiKeyRow } | undefined> {
  const before = await sql<ApiKeyRow>`
    select ${COLUMNS} from api_key where api_key_ndx = ${keyId} and user_id = ${userId} for update`.execute(db);
  if (!before.rows[0]) return undefined;
  const after = await sql<ApiKeyRow>`
    update api_key set revoked_at = coalesce(revoked_at, ${at}) where api_key_ndx = ${keyId} returning ${COLUMNS}`.execute(db);
  return { before: before.rows[0], after: after.rows[0] };
}
