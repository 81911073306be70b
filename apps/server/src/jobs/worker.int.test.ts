import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { startWorker } from './worker';

describe('job worker (graphile-worker on the same PostgreSQL)', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t.drop());

  it('runs a queued task: identity-cleanup removes only expired sign-in records', async () => {
    await sql`insert into oidc_payload (id, type, payload, expires_at) values
      ('old', 'Session', '{}', now() - interval '1 hour'), ('live', 'Session', '{}', now() + interval '1 hour')`.execute(t.db);
    const runner = await startWorker({ connectionString: t.url, db: t.db, log: pino({ level: 'silent' }) });
    try {
      await runner.addJob('identity-cleanup', {});
      let ids: string[] = [];
      for (let i = 0; i < 100; i++) {
        ids = (await sql<{ id: string }>`select id from oidc_payload order by id`.execute(t.db)).rows.map((r) => r.id);
        if (ids.length === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(ids).toEqual(['live']);
    } finally {
      await runner.stop();
    }
  });
});
