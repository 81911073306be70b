import type { Db } from '../../src/db/client';
import { nextSerial } from './serial';

/* Rows of the sign-in service that the typed schema does not describe (the OIDC adapter owns them). */

interface OidcPayloadTable {
  id: string;
  type: string;
  payload: string;
  expires_at: Date | null;
}

/** A stored sign-in record (a session unless told otherwise) that expires at the given instant. */
export async function makeSignInRecord(
  db: Db,
  {
    id = `record-${nextSerial()}`,
    type = 'Session',
    payload = {},
    expiresAt,
  }: { id?: string; type?: string; payload?: object; expiresAt: Date },
): Promise<void> {
  await db
    .withTables<{ oidc_payload: OidcPayloadTable }>()
    .insertInto('oidc_payload')
    .values({ id, type, payload: JSON.stringify(payload), expires_at: expiresAt })
    .execute();
}

/** A rate-limit or throttle counter holding `attempts` in a window that ends `windowMs` from now. */
export async function makeThrottleCounter(
  db: Db,
  { key, attempts, windowMs = 60_000 }: { key: string; attempts: number; windowMs?: number },
) {
  const now = new Date();
  await db
    .withTables<{ throttle_counter: { key: string; attempts: number; window_started_at: Date; expires_at: Date } }>()
    .insertInto('throttle_counter')
    .values({ key, attempts, window_started_at: now, expires_at: new Date(now.getTime() + windowMs) })
    .execute();
}
