import { sql } from 'kysely';
import type { Db } from '../db/client';

/** SQL of account_token_version (migration 0200): the version an account's access tokens must carry. */

/** 0 for an account whose tokens were never revoked. */
export async function findTokenVersion(db: Db, userId: string): Promise<number> {
  const r = await sql<{ version: number }>`select version from account_token_version where user_id = ${userId}`.execute(db);
  return r.rows[0]?.version ?? 0;
}

/** Voids every access token the account holds; called in the transaction that deletes it or changes its role. */
export async function bumpTokenVersion(db: Db, userId: string): Promise<void> {
  await sql`
    insert into account_token_version (user_id, version) values (${userId}, 1)
    on conflict (user_id) do update set version = account_token_version.version + 1`.execute(db);
}
