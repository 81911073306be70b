import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRawInserts, findRawInserts, isCheckedFile, parseAllowlist, rawInsertTables } from './raw-test-inserts.js';

describe('raw test inserts', () => {
  it('counts every raw insert, whatever its case and spacing, with the table it fills', () => {
    const text = "sql`INSERT INTO location (a) values (1)`; sql`insert\n  into public.unit values (2)`; db.insertInto('facility')";
    expect(rawInsertTables(text)).toEqual(['location', 'public.unit']);
  });

  it('checks integration tests and test helpers, not unit tests or repositories', () => {
    expect(isCheckedFile('apps/server/src/modules/reports/reports.int.test.ts')).toBe(true);
    expect(isCheckedFile('apps/server/test/drill-fixture.ts')).toBe(true);
    expect(isCheckedFile('apps/server/test/factories/places.ts')).toBe(true);
    expect(isCheckedFile('apps/server/src/modules/reports/reports.test.ts')).toBe(false);
    expect(isCheckedFile('apps/server/src/modules/timeseries/timeseries.repository.ts')).toBe(false);
    expect(isCheckedFile('apps/server/test/notes.md')).toBe(false);
  });

  it('passes files within their allowance', () => {
    const found = new Map([['a.int.test.ts', ['location', 'unit']]]);
    expect(checkRawInserts(found, new Map([['a.int.test.ts', 2]]))).toEqual([]);
  });

  it('fails a file over its allowance, naming the file and the factories to use', () => {
    const found = new Map([['a.int.test.ts', ['location', 'unit', 'location']]]);
    const [problem, ...rest] = checkRawInserts(found, new Map([['a.int.test.ts', 2]]));
    expect(rest).toEqual([]);
    expect(problem).toContain('a.int.test.ts: 3 raw');
    expect(problem).toContain('(allowed 2)');
    expect(problem).toContain('location -> makeLocation');
    expect(problem).toContain('unit -> makeUnit');
    expect(problem).toContain('apps/server/test/factories.ts');
  });

  it('fails a new file with raw inserts and no allowance', () => {
    const problems = checkRawInserts(new Map([['new.int.test.ts', ['graphile_worker.jobs']]]), new Map());
    expect(problems).toEqual([expect.stringContaining('new.int.test.ts: 1 raw')]);
    expect(problems[0]).toContain('a new factory for jobs');
  });

  it('fails an allowance above the real count, so the list shrinks as files are cleaned', () => {
    const problems = checkRawInserts(
      new Map([['a.int.test.ts', ['unit']]]),
      new Map([
        ['a.int.test.ts', 3],
        ['gone.int.test.ts', 1],
      ]),
    );
    expect(problems).toEqual([
      expect.stringContaining('a.int.test.ts: the allowlist grants 3 raw'),
      expect.stringContaining('gone.int.test.ts: the allowlist grants 1 raw'),
    ]);
    expect(problems[0]).toContain('lower its allowance to 1');
    expect(problems[1]).toContain('(remove the line)');
  });

  it('reads the allowlist with its comments and reports malformed or repeated lines', () => {
    const { allowances, problems } = parseAllowlist('# why\na.ts 2 # constraint test\n\nb.ts two\na.ts 1\n');
    expect([...allowances]).toEqual([['a.ts', 2]]);
    expect(problems).toEqual([expect.stringContaining('line 4'), expect.stringContaining('line 5: a.ts is listed twice')]);
  });

  describe('on a file tree', () => {
    let root;
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('finds the raw inserts of integration tests and fixtures only', () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'raw-inserts-'));
      const write = (rel, text) => {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      };
      write('apps/server/src/m/m.int.test.ts', 'sql`insert into unit values (1)`');
      write('apps/server/src/m/m.repository.ts', 'sql`insert into unit values (1)`');
      write('apps/server/test/x-fixture.ts', 'sql`insert into location values (1); insert into facility values (2)`');
      write('apps/server/test/clean.ts', "db.insertInto('unit')");
      expect(findRawInserts(root)).toEqual(
        new Map([
          ['apps/server/src/m/m.int.test.ts', ['unit']],
          ['apps/server/test/x-fixture.ts', ['location', 'facility']],
        ]),
      );
    });
  });
});
