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
