import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { runImportSource, type ImportDeps } from './run-import';

// The source's high-water mark (imported_through) commits with the rows it describes. Here the
// write itself fails half-way through a batch (PostgreSQL refuses one row of the insert), so the
// rows before it were already written inside the transaction when it rolls back.

const NOW = new Date('2026-11-05T12:00:00Z');
const FAILING_VALUE = -9999.5;

describe('import high-water mark', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let root: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'high-water-'));
    // A real failure inside the ingest's insert statement, on one chosen value.
    await sql`
      create function refuse_marked_reading() returns trigger language plpgsql as $$
      begin
        if new.result_value = ${sql.lit(FAILING_VALUE)} then raise exception 'disk full (test)'; end if;
        return new;
      end $$;
      create trigger refuse_marked_reading before insert on observation for each row execute function refuse_marked_reading();
    `.execute(t.db);
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const csv = (rows: [string, number][]) => `when,flow\n${rows.map(([when, v]) => `${when},${v}`).join('\n')}\n`;

  it('stays where it was, with no rows written, when the write fails in the middle of a batch', async () => {
    const deps: ImportDeps = { importRoot: root, usgsBaseUrl: 'http://127.0.0.1:9', cdssBaseUrl: 'http://127.0.0.1:9', now: () => NOW };
    const n = await addImportSource(t.db, f, 'file', {
      file_path: '',
      file_name: 'gage.csv',
      file_fieldcount: 2,
      column_position_date: 0,
      column_position_value: 1,
    });
    fs.writeFileSync(
      path.join(root, 'gage.csv'),
      csv([
        ['2026-11-03T08:00:00Z', 10],
        ['2026-11-03T08:15:00Z', 11],
      ]),
    );
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 2 });
    const mark = async () =>
      (await t.db.selectFrom('import_source').select('imported_through').where('import_ndx', '=', n).executeTakeFirstOrThrow())
        .imported_through;
    expect((await mark())?.toISOString()).toBe('2026-11-03T08:15:00.000Z');

    // Newer readings; the third of five makes PostgreSQL refuse the insert after two rows went in.
    fs.writeFileSync(
      path.join(root, 'gage.csv'),
      csv([
        ['2026-11-04T08:00:00Z', 12],
        ['2026-11-04T08:15:00Z', 13],
        ['2026-11-04T08:30:00Z', FAILING_VALUE],
        ['2026-11-04T08:45:00Z', 14],
        ['2026-11-04T09:00:00Z', 15],
      ]),
    );
    const failed = await runImportSource(t.db, n, deps);
    expect(failed.status).toBe('failed');
    expect(failed.message).toContain('disk full (test)');
    expect((await mark())?.toISOString()).toBe('2026-11-03T08:15:00.000Z');
    expect(await seriesRows(t.db, f.locations[0], f.parameterNdx)).toEqual([
      ['2026-11-03T08:00:00.000Z', 10],
      ['2026-11-03T08:15:00.000Z', 11],
    ]);
  });
});
