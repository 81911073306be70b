import { sql } from 'kysely';
import type { Db } from '../db/client';

/** SQL of account_link (migration 0250): the single-use links the forgot-password and sign-up pages mail. */

export type AccountLinkPurpose = 'password-reset' | 'sign-up';

export interface SpentAccountLink {
  user_id: string | null;
  email: string;
}

export async function insertAccountLink(
  db: Db,
  link: { tokenHash: Buffer; purpose: AccountLinkPurpose; userId: string | null; email: string; expiresAt: Date },
): Promise<void> {
  await sql`
    insert into account_link (token_hash, purpose, user_id, email, expires_at)
    values (${link.tokenHash}, ${link.purpose}, ${link.userId}, ${link.email}, ${link.expiresAt}::timestamptz)`.execute(db);
}

/**
 * Marks the link used and returns what it was for, in one statement: of two concurrent uses only
 * one gets a row. Nothing for an unknown, used or expired link.
 */
export async function spendAccountLink(
  db: Db,
  tokenHash: Buffer,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<SpentAccountLink | undefined> {
  const { rows } = await sql<SpentAccountLink>`
    update account_link set used_at = ${now}::timestamptz
     where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > ${now}::timestamptz
    returning user_id, email`.execute(db);
  return rows[0];
}

/** The link while it could still be spent (for showing its form; spending checks again). */
export async function findUsableAccountLink(
  db: Db,
  tokenHash: Buffer,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<SpentAccountLink | undefined> {
  const { rows } = await sql<SpentAccountLink>`
    select user_id, email from account_link
     where token_hash = ${tokenHash} and purpose = ${purpose} and used_at is null and expires_at > ${now}::timestamptz`.execute(db);
  return rows[0];
}

/** Forgets links that ended more than a day ago (they can no longer be spent; the audit log keeps the history). */
export async function deleteEndedAccountLinks(db: Db, now: Date): Promise<void> {
  await sql`delete from account_link where expires_at < ${now}::timestamptz - interval '1 day'`.execute(db);
}

/** Spends every other open link of the account for the purpose (a password just reset voids older reset links). */
export async function spendAccountLinksOf(db: Db, userId: string, purpose: AccountLinkPurpose, now: Date): Promise<void> {
  await sql`update account_link set used_at = ${now}::timestamptz
             where user_id = ${userId} and purpose = ${purpose} and used_at is null`.execute(db);
}
