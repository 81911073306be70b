import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { runImportSource } from './run-import';

// apply_daylightsavings_offset 0/1/2 end to end around both 2026 DST changes: a logger file on
// disk, the stored instants, and the local-day rollups (23- and 25-hour days).

const SPRING = ['2026-03-08 00:30:00', '2026-03-08 01:30:00', '2026-03-08 02:30:00', '2026-03-08 03:30:00'];
const FALL = [
  '2026-11-01 00:30:00',
  '2026-11-01 01:00:00',
  '2026-11-01 01:30:00',
  '2026-11-01 01:00:00',
  '2026-11-01 01:30:00',
  '2026-11-01 02:30:00',
];

const EXPECTED: Record<0 | 1 | 2, { instants: string[]; skipped: number }> = {
  // Local district clock (the default zone): 02:30 on March 8 does not exist (bad row); the second 01:00/01:30 on
  // November 1 come after time went backwards, so they are the standard-time occurrences.
  0: {
    instants: [
      '03-08T07:30',
      '03-08T08:30',
      '03-08T09:30',
      '11-01T06:30',
      '11-01T07:00',
      '11-01T07:30',
      '11-01T08:00',
      '11-01T08:30',
      '11-01T09:30',
    ],
    skipped: 1,
  },
  // Standard time all year (UTC-7): every file time is one instant. The repeated file times of
  // November are true duplicates (same instant): the last value wins.
  1: {
    instants: ['03-08T07:30', '03-08T08:30', '03-08T09:30', '03-08T10:30', '11-01T07:30', '11-01T08:00', '11-01T08:30', '11-01T09:30'],
    skipped: 0,
  },
  // Daylight time all year (UTC-6).
  2: {
    instants: ['03-08T06:30', '03-08T07:30', '03-08T08:30', '03-08T09:30', '11-01T06:30', '11-01T07:00', '11-01T07:30', '11-01T08:30'],
    skipped: 0,
  },
};

describe('daylight-saving offsets in file imports', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let root: string;
  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-dst-'));
    const rows = [...SPRING, ...FALL].map((ts, i) => `"${ts}",${i},${i + 1}`);
    fs.writeFileSync(path.join(root, 'dst.dat'), `"TIMESTAMP","RECORD","Flow"\n${rows.join('\n')}\n`);
  });
  afterAll(async () => {
    await t.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  for (const mode of [0, 1, 2] as const) {
    it(`mode ${mode}`, async () => {
      await sql`truncate observation, observation_daily, series_latest, import_run, import_source cascade`.execute(t.db);
      const n = await addImportSource(t.db, f, 'file', {
        file_path: '',
        file_name: 'dst.dat',
        file_fieldcount: 3,
        column_position_date: 0,
        column_position_value: 2,
        history_days: 0,
        apply_daylightsavings_offset: mode,
      });
      const r = await runImportSource(t.db, n, {
        importRoot: root,
        usgsBaseUrl: '',
        cdssBaseUrl: '',
        now: () => new Date('2026-11-05T12:00:00Z'),
      });
      expect(r.rowsRead).toBe(10);
      expect(r.rowsSkipped).toBe(EXPECTED[mode].skipped);
      // Every row is accounted for; duplicates of one instant count as ignored (the last value wins).
      expect(r.rowsInserted + r.rowsSkipped + r.rowsIgnored).toBe(10);
      expect(r.rowsInserted).toBe(new Set(EXPECTED[mode].instants).size);
      const stored = (await seriesRows(t.db, f.locations[0], f.parameterNdx)).map(([ts]) => ts.slice(5, 16));
      expect(stored).toEqual([...new Set(EXPECTED[mode].instants)]);
      if (mode === 0) {
        expect(r.firstErrors).toEqual([{ line: 4, message: expect.stringContaining('local time 2026-03-08 02:30 does not exist') }]);
        // All six November rows land on the 25-hour local day of November 1.
        const day = await sql<{ n: number }>`select value_count as n from observation_daily where local_date = '2026-11-01'`.execute(t.db);
        expect(day.rows[0].n).toBe(6);
      }
      expect(await rollupsAreExact(t.db)).toBe(true);
    });
  }
});
