import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, seriesRows, type ImportFixture } from '../../../test/import-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runImportSource, type ImportDeps } from '../imports/index';

/**
 * The automatic checks run on every import: they flag a spike, a flat line, an out-of-range value
 * and a gap in a logger file with qualifiers, and change none of the values.
 */

let h: TestApp;
let tokens: Record<string, string>;
let f: ImportFixture;
let root: string;
let deps: ImportDeps;
const NOW = new Date('2026-11-05T12:00:00Z');

const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown) =>
  h.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** 15-minute readings of 3 November 2026 (local): steady, a spike, a stuck sensor, a value out of range, a gap. */
const FILE: [string, number][] = [
  ['08:00', 10],
  ['08:15', 10.5],
  ['08:30', 11],
  ['08:45', 60], // a spike: 49 in a quarter hour
  ['09:00', 11.5],
  ['09:15', 12],
  ['09:30', 12],
  ['09:45', 12],
  ['10:00', 12], // four equal readings: a flat line
  ['10:15', 12.5],
  ['10:30', 13],
  ['10:45', -4], // out of range (below 0)... and a jump
  ['11:00', 13.5],
  ['14:00', 14], // after three hours of silence: a gap
  ['14:15', 14.5],
];

beforeAll(async () => {
  h = await createTestApp();
  tokens = await h.tokensByRole();
  f = await createImportFixture(h.t.db);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'checks-root-'));
  fs.mkdirSync(path.join(root, 'loggers'));
  deps = { importRoot: root, usgsBaseUrl: 'http://127.0.0.1:9', cdssBaseUrl: 'http://127.0.0.1:9', now: () => NOW };
}, 120_000);
afterAll(async () => {
  await h?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('parameter checks', () => {
  it('are read by All Data Users and changed by Administrators (audited); a User may not', async () => {
    const checks = { check_min: 0, check_max: 100, check_max_rate_per_hour: 60, check_flat_readings: 4, check_gap_minutes: 60 };
    const url = `/api/data-review/parameter-checks/${f.parameterNdx}`;
    expect((await call('PUT', url, tokens.User, checks)).statusCode).toBe(403);
    const bad = await call('PUT', url, tokens.Administrator, { ...checks, check_min: 200 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The minimum must be below the maximum.');
    const res = await call('PUT', url, tokens.Administrator, checks);
    expect(res.statusCode, res.body).toBe(200);
    const list = (await call('GET', '/api/data-review/parameter-checks', tokens['All Data User'])).json().parameters;
    expect(list.find((p: { parameter_ndx: number }) => p.parameter_ndx === f.parameterNdx)).toMatchObject(checks);
    const audit = await h.t.db.selectFrom('audit_log').select(['table_name', 'row_key']).where('table_name', '=', 'parameter').execute();
    expect(audit).toEqual([{ table_name: 'parameter', row_key: String(f.parameterNdx) }]);
  });

  it('flag a spike, a flat line, an out-of-range value and a gap in a logger file import and change no value', async () => {
    fs.writeFileSync(
      path.join(root, 'loggers', 'flow.csv'),
      `Date,Time,Flow\n${FILE.map(([t, v]) => `11/03/2026,${t},${v}`).join('\n')}\n`,
    );
    const source = await addImportSource(h.t.db, f, 'file', {
      file_path: 'loggers',
      file_name: 'flow.csv',
      file_fieldcount: 3,
      column_position_date: 0,
      column_position_time: 1,
      column_position_value: 2,
    });
    const run = await runImportSource(h.t.db, source, deps);
    expect(run).toMatchObject({ status: 'succeeded', rowsInserted: FILE.length });
    expect(run.message).toMatch(/values? flagged by the automatic checks/);
    expect((await seriesRows(h.t.db, f.locations[0], f.parameterNdx)).map(([, v]) => v)).toEqual(FILE.map(([, v]) => v));
    const rows = await h.t.db
      .selectFrom('observation')
      .select(['qualifiers'])
      .where('location_ndx', '=', f.locations[0])
      .orderBy('collect_timestamp')
      .execute();
    const flags = Object.fromEntries(FILE.map(([t], i) => [t, (rows[i].qualifiers ?? '').split(',').filter(Boolean)]));
    expect(flags['08:45']).toContain('SPIKE');
    for (const t of ['09:15', '09:30', '09:45', '10:00']) expect(flags[t]).toContain('FLAT');
    expect(flags['10:45']).toContain('RANGE');
    expect(flags['14:00']).toEqual(['GAP']);
    for (const t of ['08:00', '08:15', '08:30', '10:15', '10:30', '14:15']) expect(flags[t]).toEqual([]);

    const periods = (
      await h.app.inject({
        method: 'GET',
        url: '/api/data-review/flagged-periods',
        headers: { authorization: `Bearer ${tokens['All Data User']}` },
      })
    ).json().periods;
    expect(periods[0]).toMatchObject({ location_ndx: f.locations[0], qualifier: 'GAP', count: 1, start: '2026-11-03T21:00:00.000Z' });
    expect(periods).toContainEqual(
      expect.objectContaining({ qualifier: 'FLAT', count: 4, start: '2026-11-03T16:15:00.000Z', end: '2026-11-03T17:00:00.000Z' }),
    );
    // A second run of the same file adds no flag twice and changes nothing.
    const again = await runImportSource(h.t.db, source, deps);
    expect(again).toMatchObject({ rowsUnchanged: FILE.length });
    const rows2 = await h.t.db
      .selectFrom('observation')
      .select(['qualifiers'])
      .where('location_ndx', '=', f.locations[0])
      .orderBy('collect_timestamp')
      .execute();
    expect(rows2).toEqual(rows);
  });
});
