import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact } from '../test/import-fixtures';
import { postgresWatchdogsOf, postmastersOf, startServerProcess, type ServerProcess } from '../test/server-process';
import { createDb, type DbHandle } from './db/client';
import { embeddedDatabaseUrl } from './db/embedded';
import { runNow } from './modules/imports/imports.service';

const ROWS = 200_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 250 ms until it answers a value, for at most `ms`; null when it never did. */
async function waitFor<T>(ms: number, probe: () => Promise<T | null>): Promise<T | null> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(250)) {
    const v = await probe().catch(() => null);
    if (v !== null) return v;
  }
  return null;
}

/**
 * `npm start` (embedded PostgreSQL) killed with kill -9 in the middle of a big file import that
 * Run now started, its PostgreSQL watchdog killed too (the worst case: PostgreSQL left running).
 * The next start needs no hand work: the orphaned PostgreSQL of its data folder is stopped, the
 * interrupted run is marked so and queued again at once, and the rows are exact afterwards.
 */
describe('kill -9 in the middle of an import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-import-'));
  const importRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-import-files-'));
  const pgDir = path.join(dataDir, 'postgres');
  let server: ServerProcess | undefined;
  let handle: DbHandle | undefined;
  afterAll(async () => {
    await handle?.close().catch(() => {});
    if (server && server.child.exitCode === null) await server.stop();
    for (const pid of [...postgresWatchdogsOf(pgDir), ...postmastersOf(pgDir)]) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(importRoot, { recursive: true, force: true });
  });

  it('stops the orphaned PostgreSQL, queues the interrupted run again and imports every row once', async () => {
    // The embedded PostgreSQL runs as the postgres user when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    const start = Date.UTC(2020, 0, 1, 7);
    const lines = Array.from({ length: ROWS }, (_, i) => `${new Date(start + i * 900_000).toISOString()},${(i % 997) / 10}`);
    fs.writeFileSync(path.join(importRoot, 'big.csv'), `when,flow\n${lines.join('\n')}\n`);
    const env = { DATA_DIR: dataDir, IMPORT_ROOT: importRoot, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' };

    server = await startServerProcess(env);
    handle = createDb(embeddedDatabaseUrl(pgDir, 'portal'), 2);
    const f = await createImportFixture(handle.db);
    const importNdx = await addImportSource(handle.db, f, 'file', {
      file_path: '',
      file_name: 'big.csv',
      file_fieldcount: 2,
      column_position_date: 0,
      column_position_value: 1,
      history_days: 0,
      run_now: false,
      next_retrieval: '2999-01-01T00:00:00Z',
    });
    await runNow(handle.db, null, importNdx);
    const running = await waitFor(30_000, async () => {
      const r = await handle!.db.selectFrom('import_run').select('status').where('import_ndx', '=', importNdx).executeTakeFirst();
      return r?.status === 'running' ? r : null;
    });
    expect(running, 'the import started').not.toBeNull();
    await sleep(500);
    const still = await handle.db.selectFrom('import_run').select('status').where('import_ndx', '=', importNdx).execute();
    expect(
      still.map((r) => r.status),
      'killed while the import runs',
    ).toEqual(['running']);

    // kill -9: the server and its PostgreSQL watchdog, so that PostgreSQL is left running.
    for (const pid of postgresWatchdogsOf(pgDir)) process.kill(pid, 'SIGKILL');
    process.kill(server.child.pid!, 'SIGKILL');
    await server.exited;
    await handle.close().catch(() => {});
    handle = undefined;
    expect(postmastersOf(pgDir), 'PostgreSQL outlived its server').toHaveLength(1);

    const restartedAt = Date.now();
    server = await startServerProcess(env);
    expect(server.output()).toMatch(/left running on .* by a server that did not stop cleanly/);
    handle = createDb(embeddedDatabaseUrl(pgDir, 'portal'), 2);
    const db = handle.db;
    const done = await waitFor(60_000, async () => {
      const r = await db
        .selectFrom('import_run')
        .select(['status', 'rows_inserted', 'message'])
        .where('import_ndx', '=', importNdx)
        .orderBy('import_run_ndx')
        .execute();
      return r.some((x) => x.status === 'succeeded') ? r : null;
    });
    expect(done, 'the interrupted run was taken up again within a minute').not.toBeNull();
    expect(Date.now() - restartedAt).toBeLessThan(90_000);
    expect(done![0]).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Interrupted.*queued to run again/) });
    expect(done!.find((x) => x.status === 'succeeded')?.rows_inserted).toBe(ROWS);
    const count = await sql<{ n: string }>`select count(*) as n from observation where location_ndx = ${f.locations[0]}`.execute(db);
    expect(Number(count.rows[0].n)).toBe(ROWS);
    expect(await rollupsAreExact(db)).toBe(true);
    // No job is left locked by the dead worker.
    const locked = await sql<{
      n: string;
    }>`select count(*) as n from graphile_worker.jobs where locked_by is not null and task_identifier = 'import-source'`.execute(db);
    expect(Number(locked.rows[0].n)).toBe(0);
    const source = await db.selectFrom('import_source').select('run_now').where('import_ndx', '=', importNdx).executeTakeFirstOrThrow();
    expect(source.run_now).toBe(false);
  }, 180_000);
});
