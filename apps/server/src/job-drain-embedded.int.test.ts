import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from 'graphile-worker';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture } from '../test/import-fixtures';
import { sendJson, startLocalServer, type LocalServer } from '../test/local-http';
import { startPostgresProcess, type PostgresProcess } from '../test/postgres-process-client';
import { startServerProcess } from '../test/server-process';
import { usgsResponse } from '../test/web-service-fixtures';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';

const VALUES = 200;

/**
 * `npm start` with its embedded PostgreSQL gets SIGTERM while an import waits for USGS: the
 * import finishes and is recorded, then PostgreSQL is stopped cleanly (no postmaster.pid left,
 * the data intact when it starts again), and the process exits 0.
 */
describe('SIGTERM with a job in flight, embedded PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-embedded-'));
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'drain-embedded-imports-'));
  let usgs: LocalServer | undefined;
  let pg: PostgresProcess | undefined;
  let answer = () => {};

  afterAll(async () => {
    answer();
    await usgs?.close();
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  it('finishes the import, then stops PostgreSQL cleanly and exits 0', async () => {
    // The embedded PostgreSQL runs as the postgres user when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    const pgDir = path.join(dataDir, 'postgres');
    // Prepare the server's own cluster (DATA_DIR/postgres, database "portal") with a queued import.
    pg = await startPostgresProcess(pgDir);
    const portalUrl = pg.url.replace(/\/postgres$/, '/portal');
    const admin = createDb(pg.url, 1);
    await sql`create database portal`.execute(admin.db);
    await admin.close();
    const setup = createDb(portalUrl, 2);
    let importNdx: number;
    try {
      await migrateToLatest(setup.db);
      await runMigrations({ connectionString: portalUrl, logger: undefined });
      const f = await createImportFixture(setup.db);
      importNdx = await addImportSource(setup.db, f, 'usgs', {
        source_site_id: '06754000',
        source_site_metadata: '00060',
        history_days: 20,
        run_now: false,
        enabled: false,
      });
      await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${importNdx}::int), job_key => 'import-source:' || ${importNdx}::int)`.execute(
        setup.db,
      );
    } finally {
      await setup.close();
    }
    await pg.stop();
    pg = undefined;

    let asked = () => {};
    const usgsAsked = new Promise<void>((resolve) => (asked = resolve));
    const mayAnswer = new Promise<void>((resolve) => (answer = resolve));
    const last = Math.floor(Date.now() / 900_000) * 900_000 - 3_600_000;
    const values = Array.from({ length: VALUES }, (_, i) => ({
      dateTime: new Date(last - (VALUES - 1 - i) * 900_000).toISOString(),
      value: String(i),
    }));
    usgs = await startLocalServer(async (_url, res) => {
      asked();
      await mayAnswer;
      sendJson(res, 200, usgsResponse({ site: '06754000', parameterCd: '00060', values }));
    });

    const server = await startServerProcess({ DATA_DIR: dataDir, USGS_BASE_URL: usgs.url, IMPORT_ROOT: importRoot });
    try {
      await usgsAsked;
      expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(true);
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(server.child.exitCode).toBeNull();
      answer();
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
    // A clean stop removes the pid file; a killed PostgreSQL leaves it behind.
    expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);

    pg = await startPostgresProcess(pgDir);
    const check = createDb(pg.url.replace(/\/postgres$/, '/portal'), 1);
    try {
      const runs = await check.db
        .selectFrom('import_run')
        .select(['status', 'rows_inserted'])
        .where('import_ndx', '=', importNdx)
        .execute();
      expect(runs).toEqual([{ status: 'succeeded', rows_inserted: VALUES }]);
      // The import's job is done; what the import queued after it (alert evaluation, statistics) waits unlocked for the next start.
      const jobs = await sql<{
        task: string;
        locked: boolean;
      }>`select task_identifier as task, locked_at is not null as locked from graphile_worker.jobs order by task_identifier`.execute(
        check.db,
      );
      expect(jobs.rows).toEqual([
        { task: 'alerts-evaluate', locked: false },
        { task: 'statistics-recompute', locked: false },
      ]);
    } finally {
      await check.close();
    }
  }, 120_000);
});
