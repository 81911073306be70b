import { API_KEY_MESSAGES, API_KEYS_PER_USER, type ApiKey, type ApiKeyCreate, type ApiKeyCreated } from '@portal/contracts';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../http/errors';
import { recordAudit } from '../../audit/audit.repository';
import { newApiKey } from '../../tokens/api-key';
import type { AuthUser } from '../../tokens/token-verifier';
import { countLiveKeys, findAccountVersion, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from './api-keys.repository';

const DAY_MS = 86_400_000;

export function apiKeyOut(row: ApiKeyRow, at: Date): ApiKey {
  return {
    id: row.api_key_ndx,
    name: row.name,
    shownPrefix: row.shown_prefix,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: row.revoked_at ? 'revoked' : row.expires_at <= at ? 'expired' : 'active',
  };
}

/** What the audit log keeps of a key: never its secret or hash. */
const audited = (row: ApiKeyRow) => ({
  name: row.name,
  shown_prefix: row.shown_prefix,
  expires_at: row.expires_at.toISOString(),
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

/**
 * Makes a key for the caller's own account, under the account's current token version, so the
 * key dies when that version moves. Only the key's hash is kept; the key is returned this once.
 */
export async function createApiKey(db: Db, caller: AuthUser, input: ApiKeyCreate, at = new Date()): Promise<ApiKeyCreated> {
  return db.transaction().execute(async (trx) => {
    const version = await findAccountVersion(trx, caller.sub);
    if (version === undefined) throw forbidden('API keys belong to portal accounts, and this sign-in has none');
    if ((await countLiveKeys(trx, caller.sub, at)) >= API_KEYS_PER_USER) throw conflict(API_KEY_MESSAGES.tooMany);
    const made = newApiKey();
    const row = await insertApiKey(trx, {
      userId: caller.sub,
      name: input.name,
      shownPrefix: made.shownPrefix,
      sha256: made.sha256,
      tokenVersion: version,
      createdAt: at,
      expiresAt: new Date(at.getTime() + input.lifetimeDays * DAY_MS),
    });
    await recordAudit(trx, { actor: caller, action: 'insert', table: 'api_key', rowKey: row.api_key_ndx, after: audited(row) });
    return { key: apiKeyOut(row, at), secret: made.secret };
  });
}

export async function listOwnApiKeys(db: Db, caller: AuthUser, at = new Date()): Promise<ApiKey[]> {
  return (await listApiKeys(db, caller.sub)).map((row) => apiKeyOut(row, at));
}

/** Revokes one of the caller's own keys; another account's key is 404, as if it did not exist. */
export async function revokeOwnApiKey(db: Db, caller: AuthUser, keyId: number, at = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changed = await revokeApiKey(trx, caller.sub, keyId, at);
    if (!changed) throw notFound(API_KEY_MESSAGES.notFound);
    if (changed.before.revoked_at) return;
    await recordAudit(trx, {
      actor: caller,
      action: 'update',
      table: 'api_key',
      rowKey: keyId,
      before: audited(changed.before),
      after: audited(changed.after),
    });
  });
}
