import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * The account store: the accounts (app_user) and their sign-in state at the embedded provider,
 * as both the identity provider (sign-in, sign-up, password reset) and Users Management use them.
 */

export async function emailTaken(db: Db, email: string, exceptUserId: string | null): Promise<boolean> {
  let q = db
    .selectFrom('app_user')
    .select('user_id')
    .where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptUserId !== null) q = q.where('user_id', '<>', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface UserWrite {
  name: string;
  nickname: string;
  email: string;
  role_ndx: number | null;
  landing_page_ndx: number;
}

export async function insertUser(db: Db, write: UserWrite, passwordHash: string): Promise<string> {
  const row = await db
    .insertInto('app_user')
    .values({ ...write, password_hash: passwordHash })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  return row.user_id;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('app_user').set({ password_hash: passwordHash, updated_at: new Date() }).where('user_id', '=', userId).execute();
}

export async function findPasswordHash(db: Db, userId: string): Promise<string | null | undefined> {
  return (await db.selectFrom('app_user').select('password_hash').where('user_id', '=', userId).executeTakeFirst())?.password_hash;
}

/**
 * Ends every session, grant, code and refresh token of an account at the embedded provider, so
 * a deleted account's refresh stops working at once (its last access token lives until it expires).
 */
export async function revokeProviderGrants(db: Db, userId: string): Promise<number> {
  const r = await sql`
    delete from oidc_payload
    where payload->>'accountId' = ${userId}
       or grant_id in (select id from oidc_payload where type = 'Grant' and payload->>'accountId' = ${userId})`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

/**
 * Ends the account's other sign-in sessions at the embedded provider: every session, grant, code
 * and refresh token except the grant keepGrantId and the browser session holding it (null: all).
 * Comparisons with keepGrantId are null-safe, so null keeps nothing rather than everything.
 */
export async function revokeOtherProviderGrants(db: Db, userId: string, keepGrantId: string | null): Promise<number> {
  const r = await sql`
    delete from oidc_payload p
    where (p.payload->>'accountId' = ${userId}
           or p.grant_id in (select g.id from oidc_payload g where g.type = 'Grant' and g.payload->>'accountId' = ${userId}))
      and not (p.type = 'Grant' and p.id is not distinct from ${keepGrantId})
      and (${keepGrantId}::text is null or p.grant_id is distinct from ${keepGrantId})
      and not (p.type = 'Session' and exists (
        select 1 from jsonb_each(coalesce(p.payload->'authorizations', '{}'::jsonb)) a where a.value->>'grantId' = ${keepGrantId}))`.execute(
    db,
  );
  return Number(r.numAffectedRows ?? 0);
}

export async function findRoleByName(db: Db, roleName: string): Promise<{ role_ndx: number } | undefined> {
  return db.selectFrom('role').select(['role_ndx']).where('role_name', '=', roleName).executeTakeFirst();
}
