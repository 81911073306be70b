import { sql } from 'kysely';
import type { Db } from '../db/client';

/** What sign-in and token issuing need to know about a user. */
export interface IdentityRow {
  user_id: string;
  name: string;
  nickname: string;
  email: string;
  password_hash: string | null;
  disabled: boolean;
  role_name: string | null;
  landing_page_path: string | null;
  /** The version the account's access tokens carry (account_token_version; 0 when never revoked). */
  token_version: number;
}

const selectIdentity = sql`
  select u.user_id, u.name, u.nickname, u.email, u.password_hash, u.disabled,
         r.role_name, lp.landing_page_path,
         coalesce((select v.version from account_token_version v where v.user_id = u.user_id), 0) as token_version
  from app_user u
  left join role r on r.role_ndx = u.role_ndx
  left join landing_page lp on lp.landing_page_ndx = u.landing_page_ndx`;

export async function findIdentityByEmail(db: Db, email: string): Promise<IdentityRow | undefined> {
  const r = await sql<IdentityRow>`${selectIdentity} where lower(u.email) = lower(${email})`.execute(db);
  return r.rows[0];
}

export async function findIdentityById(db: Db, userId: string): Promise<IdentityRow | undefined> {
  const r = await sql<IdentityRow>`${selectIdentity} where u.user_id = ${userId}`.execute(db);
  return r.rows[0];
}

/** Demo accounts (e-mail at demo.local), listed at start-up so a newcomer can sign in. */
export async function listDemoAccounts(db: Db): Promise<{ email: string; role_name: string | null }[]> {
  const r = await sql<{ email: string; role_name: string | null }>`
    select u.email, r.role_name from app_user u left join role r on r.role_ndx = u.role_ndx
    where u.email like '%@demo.local' order by r.role_ndx nulls last, u.email`.execute(db);
  return r.rows;
}
