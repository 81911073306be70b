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

/** The channel every change of an account's token version is announced on (migration 0310), with the account's id. */
export const TOKEN_VERSION_CHANNEL = 'account_token_version';

/** Starts hearing TOKEN_VERSION_CHANNEL on a connection of its own. */
export async function listenForTokenVersionChanges(client: { query: (text: string) => Promise<unknown> }): Promise<void> {
  await client.query(`listen ${TOKEN_VERSION_CHANNEL}`);
}

/** A round trip on the listening connection, to find out that it died without saying so. */
export async function pingListener(client: { query: (text: string) => Promise<unknown> }): Promise<void> {
  await client.query('select 1');
}
