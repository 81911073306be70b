import { sql } from 'kysely';
import type { Db } from '../db/client';

/** SQL for the embedded OpenID Connect provider's storage (see migration 0100). */
export interface OidcPayloadRow {
  payload: Record<string, unknown>;
  consumed_at: Date | null;
}

export async function findSecret<T>(db: Db, name: string): Promise<T | undefined> {
  const r = await sql<{ value: T }>`select value from oidc_secret where name = ${name}`.execute(db);
  return r.rows[0]?.value;
}

/** Inserts the secret unless another process won the race; returns the stored value. */
export async function insertSecretOnce<T>(db: Db, name: string, value: T): Promise<T> {
  await sql`insert into oidc_secret (name, value) values (${name}, ${JSON.stringify(value)}::jsonb) on conflict (name) do nothing`.execute(
    db,
  );
  return (await findSecret<T>(db, name)) as T;
}

export async function upsertPayload(
  db: Db,
  type: string,
  id: string,
  payload: Record<string, unknown>,
  expiresInSeconds: number | undefined,
): Promise<void> {
  const grantId = (payload.grantId as string | undefined) ?? null;
  const userCode = (payload.userCode as string | undefined) ?? null;
  const uid = (payload.uid as string | undefined) ?? null;
  const expiresAt = expiresInSeconds ? new Date(Date.now() + expiresInSeconds * 1000) : null;
  await sql`
    insert into oidc_payload (id, type, payload, grant_id, user_code, uid, expires_at)
    values (${id}, ${type}, ${JSON.stringify(payload)}::jsonb, ${grantId}, ${userCode}, ${uid}, ${expiresAt})
    on conflict (id, type) do update set payload = excluded.payload, grant_id = excluded.grant_id,
      user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`.execute(db);
}

export async function findPayload(
  db: Db,
  type: string,
  where: 'id' | 'uid' | 'user_code',
  value: string,
): Promise<OidcPayloadRow | undefined> {
  const column = sql.ref(where);
  const r = await sql<OidcPayloadRow>`
    select payload, consumed_at from oidc_payload
    where type = ${type} and ${column} = ${value} and (expires_at is null or expires_at > now())`.execute(db);
  return r.rows[0];
}

export async function consumePayload(db: Db, type: string, id: string): Promise<void> {
  await sql`update oidc_payload set consumed_at = now() where type = ${type} and id = ${id}`.execute(db);
}

export async function destroyPayload(db: Db, type: string, id: string): Promise<void> {
  await sql`delete from oidc_payload where type = ${type} and id = ${id}`.execute(db);
}

export async function revokePayloadsByGrant(db: Db, grantId: string): Promise<void> {
  await sql`delete from oidc_payload where grant_id = ${grantId}`.execute(db);
}

/** Removes expired provider records; run by the nightly maintenance job. */
export async function deleteExpiredPayloads(db: Db): Promise<number> {
  const r = await sql`delete from oidc_payload where expires_at < now()`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
