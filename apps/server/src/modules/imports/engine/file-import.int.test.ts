import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { cpuPool } from '../../../cpu-pool/cpu-pool';
import { splitDelimitedTextTask } from './delimited-text';
import { runImportSource, type ImportDeps } from './run-import';

// Delimited text files end to end: files on disk in a temporary IMPORT_ROOT, the real engine,
// real PostgreSQL. "now" is fixed so history windows and schedules are exact.

const NOW = new Date('2026-11-05T12:00:00Z');

describe('file imports', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let root: string;
  let outside: string;
  let deps: ImportDeps;
  const write = (rel: string, text: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  const run = (n: number) => runImportSource(t.db, n, deps);
  const fileSource = (fields: Parameters<typeof addImportSource>[3] = {}) =>
    addImportSource(t.db, f, 'file', {
      file_path: 'loggers',
      file_fieldcount: 3,
      column_position_date: 0,
      column_position_time: 1,
      column_position_value: 2,
      ...fields,
    });
  const clearSeries = async () => {
    await t.db.deleteFrom('observation').execute();
    await t.db.deleteFrom('observation_daily').execute();
    await t.db.deleteFrom('series_latest').execute();
    await t.db.deleteFrom('import_source').execute();
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-root-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'import-outside-'));
    deps = { importRoot: root, usgsBaseUrl: 'http://127.0.0.1:9', cdssBaseUrl: 'http://127.0.0.1:9', now: () => NOW };
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });
  beforeEach(clearSeries);

  it('imports a logger file, records the run and schedules the next one; a re-run changes nothing', async () => {
    write('loggers/TW-11_level.csv', 'Date,Time,Level\n11/03/2026,08:00,12.5\n11/03/2026,08:15,12.75\n11/03/2026,08:30,13\n');
    const n = await fileSource({ file_name: 'TW-11_level.csv', frequency: '15 minutes' });
    const first = await run(n);
    expect(first).toMatchObject({
      status: 'succeeded',
      rowsRead: 3,
      rowsInserted: 3,
      rowsUpdated: 0,
      rowsUnchanged: 0,
      rowsSkipped: 0,
      firstErrors: [],
    });
    expect(await seriesRows(t.db, f.locations[0], f.parameterNdx)).toEqual([
      ['2026-11-03T15:00:00.000Z', 12.5],
      ['2026-11-03T15:15:00.000Z', 12.75],
      ['2026-11-03T15:30:00.000Z', 13],
    ]);
    const latest = await t.db.selectFrom('series_latest').selectAll().executeTakeFirstOrThrow();
    expect([latest.last_value, latest.observation_count]).toEqual([13, 3]);
    const src = await t.db.selectFrom('import_source').selectAll().where('import_ndx', '=', n).executeTakeFirstOrThrow();
    expect(src.last_retrieval?.toISOString()).toBe(NOW.toISOString());
    expect(src.next_retrieval?.toISOString()).toBe('2026-11-05T12:15:00.000Z');
    expect(src.run_now).toBe(false);
    const runRow = await t.db
      .selectFrom('import_run')
      .selectAll()
      .where('import_run_ndx', '=', first.importRunNdx)
      .executeTakeFirstOrThrow();
    expect(runRow).toMatchObject({ import_ndx: n, status: 'succeeded', rows_read: 3, rows_inserted: 3, rows_skipped: 0, first_errors: [] });
    expect(runRow.finished_at).not.toBeNull();

    const again = await run(n);
    expect(again).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsInserted: 0, rowsUpdated: 0, rowsUnchanged: 3 });

    // The logger corrected one value: only that row is updated.
    write('loggers/TW-11_level.csv', 'Date,Time,Level\n11/03/2026,08:00,12.5\n11/03/2026,08:15,12.8\n11/03/2026,08:30,13\n');
    expect(await run(n)).toMatchObject({ rowsInserted: 0, rowsUpdated: 1, rowsUnchanged: 2 });
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('reads every file a glob matches, in name order, each in its own transaction', async () => {
    write('loggers/multi/b.dat', 'h\n2026-11-02 10:00:00,x,2\n');
    write('loggers/multi/a.dat', 'h\n2026-11-02 10:00:00,x,1\n2026-11-02 10:15:00,x,1.5\n');
    write('loggers/multi/c.txt', 'h\n2026-11-02 11:00:00,x,9\n');
    const n = await fileSource({ file_path: 'loggers/multi', file_name: '*.dat', column_position_time: null });
    const r = await run(n);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsInserted: 2, rowsUpdated: 1, rowsUnchanged: 0 });
    // b.dat comes after a.dat, so its value for 10:00 is the one kept (1 then updated to 2 within the run).
    expect(await seriesRows(t.db, f.locations[0], f.parameterNdx)).toEqual([
      ['2026-11-02T17:00:00.000Z', 2],
      ['2026-11-02T17:15:00.000Z', 1.5],
    ]);
  });

  it('skips and counts bad rows with line numbers, ignores rows older than history_days, keeps the good ones', async () => {
    const lines = [
      'Date,Time,Value',
      '11/03/2026,08:00,1',
      '11/03/2026,08:15,oops',
      '13/45/2026,08:30,3',
      '10/01/2026,08:00,4',
      '11/03/2026,08:45,NAN',
      '11/03/2026,09:00,6,extra',
    ];
    write('loggers/bad.csv', `${lines.join('\n')}\n`);
    const n = await fileSource({ file_name: 'bad.csv', history_days: 20 });
    const r = await run(n);
    expect(r).toMatchObject({ status: 'partial', rowsRead: 6, rowsInserted: 1, rowsSkipped: 3, rowsIgnored: 2 });
    expect(r.firstErrors).toEqual([
      { line: 3, message: 'bad.csv: value "oops" is not a number' },
      { line: 4, message: 'bad.csv: date "13/45/2026" is not a valid calendar date and time' },
      { line: 7, message: 'bad.csv: the row has 4 fields, the source expects 3 (File Field Count; 0 turns the check off)' },
    ]);
    expect(r.message).toContain('3 bad rows skipped');
    expect(r.message).toContain('2 rows ignored (older than 20 days or without a reading)');
    const stored = await t.db
      .selectFrom('import_run')
      .select(['status', 'rows_skipped', 'rows_ignored', 'first_errors'])
      .where('import_run_ndx', '=', r.importRunNdx)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'partial', rows_skipped: 3, rows_ignored: 2, first_errors: r.firstErrors });
  });

  it('keeps only the first 20 errors but counts them all', async () => {
    write('loggers/junk.csv', `h\n${Array.from({ length: 30 }, (_, i) => `x${i},y,z`).join('\n')}\n11/03/2026,08:00,1\n`);
    const r = await run(await fileSource({ file_name: 'junk.csv' }));
    expect(r.rowsSkipped).toBe(30);
    expect(r.firstErrors).toHaveLength(20);
    expect(r.firstErrors[19].line).toBe(21);
    expect(r.message).toContain('30 bad rows skipped (first 20 listed)');
  });

  it('fails a run whose file is unreadable, and imports nothing from it', async () => {
    write('loggers/binary.csv', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x10, 0x0a, 0x31]));
    const r1 = await run(await fileSource({ file_name: 'binary.csv' }));
    expect(r1).toMatchObject({ status: 'failed', rowsInserted: 0 });
    expect(r1.message).toBe('binary.csv: is not a text file (it holds binary data); nothing imported');

    write('loggers/garbage.csv', 'h\nthis is,not,data\nneither,is,this\n');
    const r2 = await run(await fileSource({ file_name: 'garbage.csv' }));
    expect(r2).toMatchObject({ status: 'failed', rowsRead: 2, rowsSkipped: 2, rowsInserted: 0 });
    expect(r2.message).toContain('garbage.csv: no readable rows (2 bad); nothing imported');

    const r3 = await run(await fileSource({ file_name: 'missing-*.csv' }));
    expect(r3).toMatchObject({ status: 'failed', message: 'No file matches "loggers/missing-*.csv" in the import folder' });
    expect(await t.db.selectFrom('observation').select('collect_timestamp').execute()).toEqual([]);
    // A failed run still moves the schedule on, so a broken source does not run every minute.
    const src = await t.db
      .selectFrom('import_source')
      .select(['run_now', 'next_retrieval'])
      .where('file_name', '=', 'binary.csv')
      .executeTakeFirstOrThrow();
    expect(src.run_now).toBe(false);
    expect(src.next_retrieval?.toISOString()).toBe('2026-11-05T12:30:00.000Z');
  });

  it('refuses paths that leave IMPORT_ROOT: .., absolute paths elsewhere and symbolic links', async () => {
    fs.writeFileSync(path.join(outside, 'secret.csv'), 'h\n11/03/2026,08:00,1\n');
    fs.symlinkSync(path.join(outside, 'secret.csv'), path.join(root, 'loggers-link.csv'));
    fs.symlinkSync(outside, path.join(root, 'linked-dir'));
    const cases: [Parameters<typeof addImportSource>[3], string][] = [
      [{ file_path: `../${path.basename(outside)}`, file_name: 'secret.csv' }, 'Refused: "../'],
      [{ file_path: outside, file_name: 'secret.csv' }, 'Refused: "'],
      [{ file_path: '', file_name: '../../etc/passwd' }, 'Refused: "'],
      [{ file_path: '', file_name: 'loggers-link.csv' }, 'Refused: "loggers-link.csv" links outside the import folder (IMPORT_ROOT)'],
      [{ file_path: 'linked-dir', file_name: '*.csv' }, 'Refused: folder "linked-dir" links outside the import folder (IMPORT_ROOT)'],
    ];
    for (const [fields, message] of cases) {
      const r = await run(await fileSource(fields));
      expect(r.status).toBe('failed');
      expect(r.message).toContain(message);
      expect(r.firstErrors[0]).toEqual({ line: null, message: r.message });
    }
    expect(await t.db.selectFrom('observation').select('collect_timestamp').execute()).toEqual([]);
  });

  it('splits files in the CPU worker thread, so a large file never holds up the event loop', async () => {
    const lines = ['Date,Time,Level'];
    for (let i = 0; i < 4 * 24 * 30; i++) {
      const at = new Date(Date.UTC(2026, 9, 1) + i * 15 * 60_000);
      lines.push(
        `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/2026,${at.toISOString().slice(11, 16)},${i % 97}`,
      );
    }
    write('loggers/month.csv', lines.join('\n'));
    const n = await fileSource({ file_name: 'month.csv' });
    const before = cpuPool.tasksStarted(splitDelimitedTextTask);
    const r = await run(n);
    expect(cpuPool.tasksStarted(splitDelimitedTextTask)).toBe(before + 1);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 2880 });
    expect(r.rowsInserted).toBeGreaterThan(1000);
  });

  it('shows paths relative to IMPORT_ROOT, never the server folder, in what administrators read', async () => {
    const typedAbsolute = await fileSource({ file_path: path.join(root, 'loggers'), file_name: 'missing-*.csv' });
    const r1 = await run(typedAbsolute);
    expect(r1).toMatchObject({ status: 'failed', message: 'No file matches "loggers/missing-*.csv" in the import folder' });
    const noRoot = await runImportSource(t.db, await fileSource({ file_name: 'x.csv' }), { ...deps, importRoot: path.join(root, 'gone') });
    expect(noRoot.message).toBe('The import folder (IMPORT_ROOT) does not exist on the server');
    for (const r of [r1, noRoot]) expect(JSON.stringify(r)).not.toContain(root);
  });

  it('marks a run left "running" by a dead worker as failed when the source next runs', async () => {
    write('loggers/ok.csv', 'h\n11/03/2026,08:00,1\n');
    const n = await fileSource({ file_name: 'ok.csv' });
    const dead = await t.db
      .insertInto('import_run')
      .values({ import_ndx: n, started_at: '2026-11-05T11:00:00Z' })
      .returning('import_run_ndx')
      .executeTakeFirstOrThrow();
    await run(n);
    const row = await t.db
      .selectFrom('import_run')
      .select(['status', 'message'])
      .where('import_run_ndx', '=', dead.import_run_ndx)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.message).toMatch(/^Interrupted/);
  });
});
