import type { Db } from '../db/client';
import * as repo from './oidc.repository';

/**
 * oidc-provider adapter over PostgreSQL so sessions, grants and refresh tokens survive a
 * restart and are shared by every server process.
 */
export function createOidcAdapterFactory(db: Db) {
  return class PostgresOidcAdapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      await repo.upsertPayload(db, this.type, id, payload, expiresIn);
    }

    async find(id: string) {
      return this.load(await repo.findPayload(db, this.type, 'id', id));
    }

    async findByUserCode(userCode: string) {
      return this.load(await repo.findPayload(db, this.type, 'user_code', userCode));
    }

    async findByUid(uid: string) {
      return this.load(await repo.findPayload(db, this.type, 'uid', uid));
    }

    async consume(id: string) {
      await repo.consumePayload(db, this.type, id);
    }

    async destroy(id: string) {
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
