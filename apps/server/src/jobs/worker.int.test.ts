import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture } from '../../test/import-fixtures';
import { makeSignInRecord } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { startWorker } from './worker';

describe('job worker (graphile-worker on the same PostgreSQL)', () => {
  let t: TestDatabase;
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-imports-'));
  const importConfig = {
    smtpUrl: undefined,
    publicUrl: 'http://localhost:3999',
    alertsFrom: 'alerts@localhost',
    importRoot,
    usgsBaseUrl: 'http://127.0.0.1:9',
    cdssBaseUrl: 'http://127.0.0.1:9',
  };
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  it('runs a queued task: identity-cleanup removes only expired sign-in records', async () => {
    await makeSignInRecord(t.db, { id: 'old', expiresAt: new Date(Date.now() - 3_600_000) });
    await makeSignInRecord(t.db, { id: 'live', expiresAt: new Date(Date.now() + 3_600_000) });
    const runner = await startWorker({ connectionString: t.url, db: t.db, config: importConfig, log: pino({ level: 'silent' }) });
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

  it('runs import sources: one queued from SQL the way the page does, and the due ones found by imports-due', async () => {
    const f = await createImportFixture(t.db);
    fs.writeFileSync(path.join(importRoot, 'gage.csv'), 'when,flow\n2026-07-01 00:00,10\n2026-07-01 00:15,11\n');
    const common = {
      file_path: '',
      file_name: 'gage.csv',
      file_fieldcount: 2,
      column_position_date: 0,
      column_position_value: 1,
      history_days: 0,
    };
    const manual = await addImportSource(t.db, f, 'file', { ...common, run_now: false, next_retrieval: '2999-01-01T00:00:00Z' });
    const due = await addImportSource(t.db, f, 'file', { ...common, location_ndx: f.locations[1] });
    const disabled = await addImportSource(t.db, f, 'file', { ...common, enabled: false });
    const runner = await startWorker({ connectionString: t.url, db: t.db, config: importConfig, log: pino({ level: 'silent' }) });
    const statusOf = async (n: number) =>
      (await t.db.selectFrom('import_run').select('status').where('import_ndx', '=', n).execute()).map((r) => r.status);
    try {
      await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${manual}::int), job_key => 'import-source:' || ${manual}::int)`.execute(
        t.db,
      );
      await runner.addJob('imports-due', {});
      for (let i = 0; i < 150; i++) {
        if ((await statusOf(manual)).includes('succeeded') && (await statusOf(due)).includes('succeeded')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await statusOf(manual)).toEqual(['succeeded']);
      expect(await statusOf(due)).toEqual(['succeeded']);
      expect(await statusOf(disabled)).toEqual([]);
      const latest = await t.db.selectFrom('series_latest').select(['location_ndx', 'last_value']).orderBy('location_ndx').execute();
      expect(latest).toEqual([
        { location_ndx: f.locations[0], last_value: 11 },
        { location_ndx: f.locations[1], last_value: 11 },
      ]);
      const src = await t.db
        .selectFrom('import_source')
        .select(['run_now', 'next_retrieval'])
        .where('import_ndx', '=', due)
        .executeTakeFirstOrThrow();
      expect(src.run_now).toBe(false);
      expect(src.next_retrieval).not.toBeNull();
    } finally {
      await runner.stop();
    }
  });
});
