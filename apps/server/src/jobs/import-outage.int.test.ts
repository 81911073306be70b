import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, type ImportFixture } from '../../test/import-fixtures';
import { TcpHop } from '../../test/tcp-hop';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { createDb, type DbHandle } from '../db/client';
import { startWorker } from './worker';

const ROWS = 3_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL goes away while an import job is half-way through its transaction (observations
 * written, rollups not yet), and comes back. The job must be retried by the same worker and
 * complete, and the database must hold the file's rows exactly once: nothing of the interrupted
 * attempt, nothing twice.
 */
describe('an import running while PostgreSQL stops and starts again', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let hop: TcpHop;
  let app: DbHandle;
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'outage-imports-'));

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    hop = await TcpHop.infront(t.url);
    app = createDb(hop.through(t.url), 4);
    const start = Date.UTC(2026, 5, 1, 6);
    const lines = Array.from({ length: ROWS }, (_, i) => `${new Date(start + i * 900_000).toISOString()},${(i % 97) + 0.5}`);
    fs.writeFileSync(path.join(importRoot, 'big.csv'), `when,flow\n${lines.join('\n')}\n`);
  });
  afterAll(async () => {
    await app.close().catch(() => {});
    await t.drop();
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  it('retries the job after PostgreSQL is back; the rows are imported once and completely', async () => {
    const importNdx = await addImportSource(t.db, f, 'file', {
      file_path: '',
      file_name: 'big.csv',
      file_fieldcount: 2,
      column_position_date: 0,
      column_position_value: 1,
      history_days: 0,
      run_now: false,
      next_retrieval: '2999-01-01T00:00:00Z',
    });
    const config = {
      smtpUrl: undefined,
      publicUrl: 'http://localhost:3999',
      alertsFrom: 'alerts@localhost',
      importRoot,
      usgsBaseUrl: 'http://127.0.0.1:9',
      cdssBaseUrl: 'http://127.0.0.1:9',
    };
    const runner = await startWorker({
      connectionString: hop.through(t.url),
      db: app.db,
      config,
      log: pino({ level: process.env.OUTAGE_LOG ?? 'silent' }, pino.destination(2)),
    });

    // The test's own connection holds a lock the ingest needs for the rollups, so the outage is
    // sure to hit the import half-way through its one transaction.
    const blocker = new pg.Client({ connectionString: t.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table observation_daily in share mode');
      await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${importNdx}::int), job_key => 'import-source:' || ${importNdx}::int, max_attempts => 3)`.execute(
        t.db,
      );
      // Watched from another connection: inside the blocker's transaction pg_stat_activity would
      // stay the snapshot of its first read.
      const importWaiting = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%observation_daily%'`.execute(t.db)
        ).rows[0].n;
      let waiting = 0;
      for (let i = 0; i < 600 && !waiting; i++) {
        await sleep(50);
        waiting = await importWaiting();
      }
      expect(waiting).toBe(1);

      await hop.cut();
      await blocker.query('commit');
    } finally {
      await blocker.end();
    }
    // PostgreSQL stays away for a while: the job fails, and its failure cannot even be recorded.
    await sleep(1_500);
    await hop.open();

    const jobsLeft = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'import-source'`.execute(t.db))
        .rows[0].n;
    let runs: { status: string; rows_inserted: number | null; message: string | null }[] = [];
    for (let i = 0; i < 300; i++) {
      runs = await t.db
        .selectFrom('import_run')
        .select(['status', 'rows_inserted', 'message'])
        .where('import_ndx', '=', importNdx)
        .orderBy('import_run_ndx')
        .execute();
      // The run is recorded first; the job is marked done a moment later.
      if (runs.some((r) => r.status === 'succeeded') && (await jobsLeft()) === 0) break;
      await sleep(100);
    }
    try {
      expect(runs.map((r) => r.status)).toEqual(['failed', 'succeeded']);
      expect(runs[0].message).toMatch(/Interrupted/);
      expect(runs[1].rows_inserted).toBe(ROWS);
      const counts = await sql<{ n: number; distinct_times: number }>`
        select count(*)::int as n, count(distinct collect_timestamp)::int as distinct_times from observation
        where location_ndx = ${f.locations[0]} and parameter_ndx = ${f.parameterNdx}`.execute(t.db);
      expect(counts.rows[0]).toEqual({ n: ROWS, distinct_times: ROWS });
      expect(await rollupsAreExact(t.db)).toBe(true);
      expect(await jobsLeft()).toBe(0);
    } finally {
      await runner.stop().catch(() => {});
    }
  });
});
