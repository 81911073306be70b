import { errors } from 'oidc-provider';
import type { Db } from '../db/client';
import * as repo from './oidc.repository';

/*
 * PostgreSQL text and jsonb cannot hold NUL characters. A client can put one in any id
 * (client_id, a token to revoke) or stored value (state, nonce): such an id is simply not
 * found, and such a value is an invalid request (400), never a database error (500).
 */
const hasNul = (value: string) => value.includes('\u0000');

function refuseNul(payload: Record<string, unknown>): void {
  if (JSON.stringify(payload).includes('\\u0000')) {
    throw new errors.InvalidRequest('the request contains a NUL character');
  }
}

/**
 * oidc-provider adapter over PostgreSQL so sessions, grants and refresh tokens survive a
 * restart and are shared by every server process.
 */
export function createOidcAdapterFactory(db: Db) {
  return class PostgresOidcAdapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      refuseNul(payload);
      await repo.upsertPayload(db, this.type, id, payload, expiresIn);
    }

    async find(id: string) {
      if (hasNul(id)) return undefined;
      return this.load(await repo.findPayload(db, this.type, 'id', id));
    }

    async findByUserCode(userCode: string) {
      if (hasNul(userCode)) return undefined;
      return this.load(await repo.findPayload(db, this.type, 'user_code', userCode));
    }

    async findByUid(uid: string) {
      if (hasNul(uid)) return undefined;
      return this.load(await repo.findPayload(db, this.type, 'uid', uid));
    }

    async consume(id: string) {
      if (hasNul(id)) return;
      await repo.consumePayload(db, this.type, id);
    }

    async destroy(id: string) {
      if (hasNul(id)) return;
      await repo.destroyPayload(db, this.type, id);
    }

    async revokeByGrantId(grantId: string) {
      await repo.revokePayloadsByGrant(db, grantId);
    }

    private load(row: repo.OidcPayloadRow | undefined) {
      if (!row) return undefined;
      const consumed = row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {};
      return { ...row.payload, ...consumed };
    }
  };
}
