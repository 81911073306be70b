import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../test/import-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { recomputeStatisticsAfterIngest } from '../../jobs/statistics-tasks';
import { recomputePendingStatistics } from '../statistics/index';
import { runImportSource, type ImportDeps } from '../imports/index';

/**
 * Approval locks a range: changes of values are refused, an import's values for it are held back
 * (the raw record keeps them and the run counts them), and a range under correction keeps its
 * correction when an import brings new values. Only Administrators and Developers change.
 */

let h: TestApp;
let tokens: Record<string, string>;
let f: ImportFixture;
let root: string;
let deps: ImportDeps;
let source = 0;
let stopListening: () => void;
const NOW = new Date('2026-11-05T12:00:00Z');
/** 2 and 3 November 2026 in Denver (UTC-7), local midnight to the last hour. */
const DAY1 = { start: '2026-11-02T07:00:00.000Z', end: '2026-11-03T06:59:59.000Z' };
const DAY2 = { start: '2026-11-03T07:00:00.000Z', end: '2026-11-04T06:59:59.000Z' };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  h.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const seriesUrl = () => `/api/data-review/series/${f.locations[0]}/${f.parameterNdx}`;
const edit = (body: Record<string, unknown>, token = tokens.Administrator) =>
  call('POST', `${seriesUrl()}/edits`, token, { comment: 'reviewed', ...body });
const write = (name: string, lines: string[]) =>
  fs.writeFileSync(path.join(root, 'loggers', name), `Date,Time,Flow\n${lines.join('\n')}\n`);
/** Hourly readings of one local day as file lines, value = hour + add. */
const dayLines = (date: string, add: number) =>
  Array.from({ length: 24 }, (_, hr) => `${date},${String(hr).padStart(2, '0')}:00,${hr + add}`);

beforeAll(async () => {
  h = await createTestApp();
  tokens = await h.tokensByRole();
  stopListening = recomputeStatisticsAfterIngest();
  f = await createImportFixture(h.t.db);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'review-root-'));
  fs.mkdirSync(path.join(root, 'loggers'));
  deps = { importRoot: root, usgsBaseUrl: 'http://127.0.0.1:9', cdssBaseUrl: 'http://127.0.0.1:9', now: () => NOW };
  write('flow.csv', [...dayLines('11/02/2026', 0), ...dayLines('11/03/2026', 100)]);
  source = await addImportSource(h.t.db, f, 'file', {
    file_path: 'loggers',
    file_name: 'flow.csv',
    file_fieldcount: 3,
    column_position_date: 0,
    column_position_time: 1,
    column_position_value: 2,
  });
  expect(await runImportSource(h.t.db, source, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 48 });
}, 120_000);
afterAll(async () => {
  stopListening?.();
  await h?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('who may change', () => {
  it('refuses a User and an All Data User (403) and anyone without a token (401); All Data Users read', async () => {
    const body = { action: 'offset', ...DAY1, value: 1 };
    expect((await edit(body, tokens.User)).statusCode).toBe(403);
    expect((await edit(body, tokens['All Data User'])).statusCode).toBe(403);
    expect((await call('POST', `${seriesUrl()}/edits`, undefined, { ...body, comment: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/api/data-review/edits/1/undo', tokens['All Data User'])).statusCode).toBe(403);
    const read = `${seriesUrl()}?start=${DAY1.start}&end=${DAY1.end}`;
    expect((await call('GET', read)).statusCode).toBe(401);
    expect((await call('GET', read, tokens.User)).statusCode).toBe(403);
    expect((await call('GET', read, tokens['All Data User'])).statusCode).toBe(200);
    expect(await h.t.db.selectFrom('series_edit').select('edit_id').execute()).toEqual([]);
  });

  it('answers 400 with a readable message without a comment or with a bad range', async () => {
    const noComment = await call('POST', `${seriesUrl()}/edits`, tokens.Administrator, {
      action: 'offset',
      ...DAY1,
      value: 1,
      comment: ' ',
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.body).toContain('A comment is required.');
    const backwards = await edit({ action: 'offset', start: DAY1.end, end: DAY1.start, value: 1 });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The start must not be after the end.');
    const notADate = await edit({ action: 'delete', start: 'yesterday', end: DAY1.end });
    expect(notADate.statusCode).toBe(400);
    const noValue = await edit({ action: 'set', ...DAY1 });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.body).toContain('Enter a value.');
  });
});

describe('approval', () => {
  let offsetId = 0;
  it('marks the approved values Approved, refuses changes of their values (409) and leaves other days editable', async () => {
    const approve = await edit({ action: 'approve', ...DAY1 });
    expect(approve.statusCode, approve.body).toBe(201);
    const rows = (await call('GET', `${seriesUrl()}?start=${DAY1.start}&end=${DAY2.end}`, tokens['All Data User'])).json().rows as {
      time: string;
      approval_status: string;
      qualifiers: string[];
    }[];
    expect(rows.filter((r) => r.time <= DAY1.end).every((r) => r.approval_status === 'Approved' && r.qualifiers.includes('A'))).toBe(true);
    expect(rows.filter((r) => r.time > DAY1.end).every((r) => r.approval_status === 'Provisional')).toBe(true);
    const refused = await edit({ action: 'offset', start: '2026-11-02T20:00:00Z', end: '2026-11-03T10:00:00Z', value: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/is approved: its values cannot change/);
    // The period in the district's time, as the page shows times.
    expect(refused.json().message).toContain('The period from 11/02/2026, 12:00 AM MST to 11/02/2026, 11:59 PM MST is approved');
    const ok = await edit({ action: 'offset', ...DAY2, value: 0.5 });
    expect(ok.statusCode, ok.body).toBe(201);
    offsetId = ok.json().editId;
  });

  it("holds back an import's values for the approved day, counts them, and keeps the day under correction corrected", async () => {
    const before = await seriesRows(h.t.db, f.locations[0], f.parameterNdx);
    write('flow.csv', [...dayLines('11/02/2026', 1000), ...dayLines('11/03/2026', 200)]);
    const run = await runImportSource(h.t.db, source, deps);
    expect(run).toMatchObject({ rowsRead: 48, rowsHeldBack: 24 });
    expect(run.message).toContain('24 rows held back');
    const stored = await h.t.db
      .selectFrom('import_run')
      .select('rows_held_back')
      .where('import_run_ndx', '=', run.importRunNdx)
      .executeTakeFirstOrThrow();
    expect(stored.rows_held_back).toBe(24);
    const after = await seriesRows(h.t.db, f.locations[0], f.parameterNdx);
    // The approved day is as it was; the corrected day has the new values with the offset kept.
    expect(after.slice(0, 24)).toEqual(before.slice(0, 24));
    expect(after.slice(24).map(([, v]) => v)).toEqual(Array.from({ length: 24 }, (_, hr) => hr + 200 + 0.5));
    // The raw record keeps what arrived, for both days.
    const raw = await h.t.db
      .selectFrom('observation_raw')
      .select(['result_value'])
      .where('location_ndx', '=', f.locations[0])
      .orderBy('collect_timestamp')
      .execute();
    expect(raw.map((r) => r.result_value)).toEqual([
      ...Array.from({ length: 24 }, (_, hr) => hr + 1000),
      ...Array.from({ length: 24 }, (_, hr) => hr + 200),
    ]);
    expect(await rollupsAreExact(h.t.db)).toBe(true);
  });

  it('unapproving (with a comment) unlocks the range; undo of the offset gives back the new raw values', async () => {
    expect((await edit({ action: 'unapprove', ...DAY1, comment: '' })).statusCode).toBe(400);
    expect((await edit({ action: 'unapprove', ...DAY1, comment: 'the rating changed' })).statusCode).toBe(201);
    const offset = await edit({ action: 'offset', ...DAY1, value: -1 });
    expect(offset.statusCode, offset.body).toBe(201);
    expect((await call('POST', `/api/data-review/edits/${offsetId}/undo`, tokens.Developer)).statusCode).toBe(204);
    expect((await call('POST', `/api/data-review/edits/${offsetId}/undo`, tokens.Developer)).statusCode).toBe(409);
    const after = await seriesRows(h.t.db, f.locations[0], f.parameterNdx);
    // Day 1 is now the held-back values (raw) with the new offset; day 2 the imported values.
    expect(after.map(([, v]) => v)).toEqual([
      ...Array.from({ length: 24 }, (_, hr) => hr + 1000 - 1),
      ...Array.from({ length: 24 }, (_, hr) => hr + 200),
    ]);
  });
});

describe('statistics', () => {
  it("an edit marks the days' statistics pending, and the statistics job changes them", async () => {
    await recomputePendingStatistics(h.t.db, 1);
    const month = () =>
      h.t.db
        .selectFrom('series_interval_stats')
        .select('mean_value')
        .where('location_ndx', '=', f.locations[0])
        .where('interval_type', '=', 'month')
        .executeTakeFirstOrThrow();
    const before = (await month()).mean_value;
    const res = await edit({ action: 'offset', ...DAY2, value: 10 });
    expect(res.statusCode, res.body).toBe(201);
    const pending = await h.t.db.selectFrom('series_stats_pending').selectAll().execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ location_ndx: f.locations[0], parameter_ndx: f.parameterNdx });
    await recomputePendingStatistics(h.t.db, 1);
    // Two days in the month: one of them 10 higher moves the month's mean of daily means by 5.
    expect((await month()).mean_value).toBeCloseTo(before + 5, 9);
  });
});
