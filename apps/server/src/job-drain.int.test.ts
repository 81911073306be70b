import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, type ImportFixture } from '../test/import-fixtures';
import { sendJson, startLocalServer, type LocalServer } from '../test/local-http';
import { startServerProcess } from '../test/server-process';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { usgsResponse } from '../test/web-service-fixtures';

const VALUES = 400;

/**
 * SIGTERM while a job is in flight: the server process (as `npm start` runs it, on an external
 * DATABASE_URL) lets the job finish before it closes its database connections and exits 0. The
 * import is then complete and its job done, not locked by a process that no longer exists.
 */
describe('SIGTERM with a job in flight', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let usgs: LocalServer;
  let asked: () => void;
  const usgsAsked = new Promise<void>((resolve) => (asked = resolve));
  let answer: () => void;
  const mayAnswer = new Promise<void>((resolve) => (answer = resolve));
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-imports-'));
  const last = Math.floor(Date.now() / 900_000) * 900_000 - 3_600_000;
  const values = Array.from({ length: VALUES }, (_, i) => ({
    dateTime: new Date(last - (VALUES - 1 - i) * 900_000).toISOString(),
    value: String(100 + (i % 50)),
  }));

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    // A slow USGS: answers only once the test has sent SIGTERM.
    usgs = await startLocalServer(async (_url, res) => {
      asked();
      await mayAnswer;
      sendJson(res, 200, usgsResponse({ site: '06754000', parameterCd: '00060', values }));
    });
  });
  afterAll(async () => {
    answer();
    await usgs.close();
    await t.drop();
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  const serverSessions = async () =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'drain-server'`.execute(
        t.db,
      )
    ).rows[0].n;

  it('finishes the import, records it, and only then exits 0', async () => {
    const importNdx = await addImportSource(t.db, f, 'usgs', {
      source_site_id: '06754000',
      source_site_metadata: '00060',
      history_days: 20,
      run_now: false,
      enabled: false,
    });
    // Named, so that its connections can be told from the test's own.
    const server = await startServerProcess({
      DATABASE_URL: `${t.url}?application_name=drain-server`,
      USGS_BASE_URL: usgs.url,
      IMPORT_ROOT: importRoot,
      LOG_LEVEL: 'info',
    });
    try {
      await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${importNdx}::int), job_key => 'import-source:' || ${importNdx}::int)`.execute(
        t.db,
      );
      await usgsAsked;
      expect(await serverSessions()).toBeGreaterThan(0);
      server.child.kill('SIGTERM');
      // The process is told to stop while the import waits for USGS; USGS answers a moment later.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(server.child.exitCode).toBeNull();
      answer();
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
    const runs = await t.db.selectFrom('import_run').select(['status', 'rows_inserted']).where('import_ndx', '=', importNdx).execute();
    expect(runs).toEqual([{ status: 'succeeded', rows_inserted: VALUES }]);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from observation where location_ndx = ${f.locations[0]} and parameter_ndx = ${f.parameterNdx}`.execute(
      t.db,
    );
    expect(stored.rows[0].n).toBe(VALUES);
    const jobs = await sql<{
      n: number;
    }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'import-source'`.execute(t.db);
    expect(jobs.rows[0].n).toBe(0);
    // No connection of the stopped process is left behind.
    expect(await serverSessions()).toBe(0);
  }, 120_000);
});
