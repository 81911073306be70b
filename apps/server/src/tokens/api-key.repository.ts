import { sql } from 'kysely';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit.repository';

/** SQL of api_key (migration 0285) that the guard needs: a key's holder as of now, and the record of its use. */

export interface KeyHolderRow {
  api_key_ndx: number;
  user_id: string;
  email: string;
  disabled: boolean;
  role_name: string | null;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_audited_use_at: Date | null;
  /** The version the key was made under, and the account's version now. */
  key_version: number;
  account_version: number;
}

/** The key with this SHA-256 and its account as it is now (role, disabled, token version); undefined when no key has it. */
export async function findKeyHolder(db: Db, secretSha256: Buffer): Promise<KeyHolderRow | undefined> {
  const r = await sql<KeyHolderRow>`
    select k.api_key_ndx, k.user_id, u.email, u.disabled, r.role_name, k.expires_at, k.revoked_at,
           k.last_used_at, k.last_audited_use_at, k.token_version as key_version,
           coalesce((select v.version from account_token_version v where v.user_id = k.user_id), 0) as account_version
    from api_key k
    join app_user u on u.user_id = k.user_id
    left join role r on r.role_ndx = u.role_ndx
    where k.secret_sha256 = ${secretSha256}`.execute(db);
  return r.rows[0];
}

/**
 * Records a use at `at`: last_used_at moves when it is older than `touchEveryMs`, and when the
 * last audited use is older than `auditEveryMs` the same statement moves that too and an audit
 * row is written. True when an audit row was written. Concurrent uses race on one row update:
 * only one of them sees the old values and writes the audit row.
 */
export async function recordKeyUse(
  db: Db,
  use: { keyId: number; userId: string; email: string; at: Date; what: string; touchEveryMs: number; auditEveryMs: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const touchBefore = new Date(use.at.getTime() - use.touchEveryMs);
    const auditBefore = new Date(use.at.getTime() - use.auditEveryMs);
    const r = await sql<{ audited: boolean }>`
      update api_key k set
        last_used_at = ${use.at},
        last_audited_use_at = case when k.last_audited_use_at is null or k.last_audited_use_at <= ${auditBefore}
                                   then ${use.at} else k.last_audited_use_at end
      where k.api_key_ndx = ${use.keyId} and (k.last_used_at is null or k.last_used_at <= ${touchBefore})
      returning (k.last_audited_use_at = ${use.at}) as audited`.execute(trx);
    const audited = r.rows[0]?.audited === true;
    if (audited) {
      await recordAudit(trx, {
        actor: { sub: use.userId, email: use.email },
        action: 'update',
        table: 'api_key',
        rowKey: use.keyId,
        after: { used_at: use.at.toISOString(), first_use_in_window: use.what },
      });
    }
    return audited;
  });
}

/** How long a revoked or expired key stays listed for its owner before the nightly clean-up removes it. */
export const ENDED_KEYS_KEPT_DAYS = 90;

/** Removes keys revoked or expired more than ENDED_KEYS_KEPT_DAYS before `at`; the number removed. */
export async function deleteEndedApiKeys(db: Db, at: Date): Promise<number> {
  const before = new Date(at.getTime() - ENDED_KEYS_KEPT_DAYS * 86_400_000);
  const r = await sql`delete from api_key where expires_at < ${before} or revoked_at < ${before}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
