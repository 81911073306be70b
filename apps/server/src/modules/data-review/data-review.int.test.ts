import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPH_PATHS, TS_COMPARE_DATA_PATHS } from '@portal/contracts';
import { makeFacility, makeGage, makeParameter, makeParameterGroup, makeSeries, makeUnit } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rollupsAreExact } from '../../../test/import-fixtures';

/**
 * Review changes end to end: each changes what the graphs, the comparison, the daily rollups and
 * the open data API return, leaves the raw record as it arrived, and undo and asOf give back the
 * earlier series.
 */

let h: TestApp;
let tokens: Record<string, string>;
let flowParam = 0;
let gage = 0;
let facility = 0;
let group = 0;
const HOUR = 3_600_000;
/** Hourly readings over three local days in Denver (UTC-7 in early March): 1-3 March 2026. */
const START = Date.parse('2026-03-01T07:00:00Z');
const READINGS = Array.from({ length: 72 }, (_, i) => [new Date(START + i * HOUR), 10 + (i % 5)] as const);
const DAY2 = { start: '2026-03-02T07:00:00.000Z', end: '2026-03-03T06:00:00.000Z' };
const ALL = { start: '2026-03-01T00:00:00Z', end: '2026-03-05T00:00:00Z' };

type Row = { time: string; raw: number | null; value: number | null; approval_status: string; qualifiers: string[] };

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  h.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const seriesUrl = (loc = gage) => `/api/data-review/series/${loc}/${flowParam}`;
const rows = async (asOf?: string): Promise<Row[]> => {
  const res = await call('GET', `${seriesUrl()}?start=${ALL.start}&end=${ALL.end}${asOf ? `&asOf=${asOf}` : ''}`, tokens['All Data User']);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
};
const edit = async (body: Record<string, unknown>, token = tokens.Administrator) =>
  call('POST', `${seriesUrl()}/edits`, token, { comment: 'checked against the field visit', ...body });
const undo = (editId: number) => call('POST', `/api/data-review/edits/${editId}/undo`, tokens.Administrator);
const inDay2 = (time: string) => time >= DAY2.start && time <= DAY2.end;

async function dailyMeans(): Promise<number[]> {
  const r = await h.t.db
    .selectFrom('observation_daily')
    .select('mean_value')
    .where('location_ndx', '=', gage)
    .where('parameter_ndx', '=', flowParam)
    .orderBy('local_date')
    .execute();
  return r.map((x) => Number(x.mean_value.toFixed(6)));
}
async function graphDay2(): Promise<number[]> {
  const res = await call('POST', `/api/${GRAPH_PATHS.flow}/${gage}`, tokens['All Data User'], {
    startDate: '2026-03-02',
    endDate: '2026-03-02',
    interval: '15min',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.map((r: { flow_cfs: number }) => r.flow_cfs);
}
async function compareDay2(interval: '15min' | 'daily'): Promise<unknown> {
  const res = await call(
    'GET',
    `/api/${TS_COMPARE_DATA_PATHS[interval]}/${flowParam}/${gage}/2026-03-02/2026-03-02`,
    tokens['All Data User'],
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().series[0].rows;
}
async function ogcDay2(): Promise<{ time: string; value: number; approval: string; modified: string }[]> {
  const res = await call(
    'GET',
    `/ogcapi/collections/continuous/items?monitoring_location_id=${gage}&parameter_code=00060&datetime=${DAY2.start}/${DAY2.end}&limit=100`,
    tokens['All Data User'],
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().features.map((f: { properties: Record<string, unknown> }) => ({
    time: f.properties.time as string,
    value: Number(f.properties.value),
    approval: f.properties.approval_status as string,
    modified: f.properties.last_modified as string,
  }));
}
async function rawRecord(): Promise<[string, number][]> {
  const r = await h.t.db
    .selectFrom('observation_raw')
    .select(['collect_timestamp', 'result_value'])
    .where('location_ndx', '=', gage)
    .orderBy('collect_timestamp')
    .execute();
  return r.map((x) => [x.collect_timestamp.toISOString(), x.result_value]);
}
async function queryDownloadDay2(): Promise<string> {
  const res = await call('POST', '/api/facility-query-download/data-15min', tokens['All Data User'], {
    facilities: [facility],
    parameterGroups: [group],
    startDate: '2026-03-02',
    endDate: '2026-03-02',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}
/** Every reader's view of the series, to compare before and after a change. */
const snapshot = async () => ({
  rows: (await rows()).map((r) => [r.time, r.value]),
  daily: await dailyMeans(),
  graph: await graphDay2(),
  compare: await compareDay2('15min'),
  compareDaily: await compareDay2('daily'),
  ogc: (await ogcDay2()).map((f) => f.value),
  queryDownload: await queryDownloadDay2(),
});

beforeAll(async () => {
  h = await createTestApp();
  tokens = await h.tokensByRole();
  const cfs = (await makeUnit(h.t.db, { unit_desc: 'cfs' })).unit_ndx;
  flowParam = (
    await makeParameter(h.t.db, { parameter_name: 'Flow', unit_ndx: cfs, value_field: 'flow_cfs', usgs_parameter_code: '00060' })
  ).parameter_ndx;
  gage = (await makeGage(h.t.db, 'DR-1', { is_public: true, exclude_from_map: false })).location_ndx;
  await makeSeries(h.t.db, { locationNdx: gage, parameterNdx: flowParam, observations: READINGS });
  facility = (await makeFacility(h.t.db, { locations: [gage] })).facility_ndx;
  group = (await makeParameterGroup(h.t.db, { parameters: [flowParam] })).parameter_group_ndx;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('a change of values', () => {
  it.each([
    ['offset', { value: 5 }, (raw: number) => raw + 5],
    ['set', { value: 42 }, () => 42],
    ['drift', { value: 0, endValue: 23 }, (raw: number, i: number) => raw + i],
    ['delete', {}, () => null],
  ] as const)(
    '%s changes the graph, the comparison, Query & Download, the daily means and the open data API; undo gives them back',
    async (action, numbers, expected) => {
      const before = await snapshot();
      const res = await edit({ action, ...DAY2, ...numbers });
      expect(res.statusCode, res.body).toBe(201);
      const { editId } = res.json();
      const at = (await call('GET', `${seriesUrl()}/edits`, tokens['All Data User'])).json().edits[0].at as string;
      const after = await rows();
      const day2 = after.filter((r) => inDay2(r.time));
      expect(day2).toHaveLength(24);
      day2.forEach((r, i) => {
        expect(r.raw).toBe(10 + ((24 + i) % 5));
        const want = expected(r.raw!, i);
        if (want === null) expect(r.value).toBeNull();
        else expect(r.value).toBeCloseTo(want, 9);
      });
      // Days 1 and 3 did not move.
      expect(after.filter((r) => !inDay2(r.time)).map((r) => [r.time, r.value])).toEqual(before.rows.filter(([t]) => !inDay2(t as string)));
      const published = day2.filter((r) => r.value !== null).map((r) => r.value!);
      const now = await snapshot();
      expect(now.graph.map((v) => Number(v.toFixed(6)))).toEqual(published.map((v) => Number(v.toFixed(6))));
      expect(now.ogc.map((v) => Number(v.toFixed(6)))).toEqual(published.map((v) => Number(v.toFixed(6))));
      expect(now.compare).not.toEqual(before.compare);
      expect(now.queryDownload).not.toEqual(before.queryDownload);
      expect(now.queryDownload.split('\n').length).toBeGreaterThan(action === 'delete' ? 1 : 24);
      if (action === 'delete') expect(now.daily).toHaveLength(2);
      else expect(now.daily[1]).toBeCloseTo(published.reduce((a, b) => a + b, 0) / 24, 6);
      expect([now.daily[0], now.daily.at(-1)]).toEqual([before.daily[0], before.daily.at(-1)]);
      // The open data API's last_modified moves to the change for every value it changed (given to the second).
      const moved = day2.filter((r) => r.value !== null && r.value !== r.raw).map((r) => r.time);
      const features = await ogcDay2();
      for (const f of features.filter((x) => moved.includes(new Date(x.time).toISOString())))
        expect(Date.parse(f.modified)).toBeGreaterThanOrEqual(Date.parse(at) - 1000);
      expect(action === 'delete' || moved.length > 0).toBe(true);
      expect(await rollupsAreExact(h.t.db)).toBe(true);
      // The raw record keeps what arrived.
      expect((await rawRecord()).filter(([t]) => inDay2(t))).toEqual(
        READINGS.filter(([t]) => inDay2(t.toISOString())).map(([t, v]) => [t.toISOString(), v]),
      );
      // asOf a moment before the change gives the earlier series.
      const earlier = await rows(new Date(Date.parse(at) - 1).toISOString());
      expect(earlier.map((r) => [r.time, r.value])).toEqual(before.rows);
      expect((await undo(editId)).statusCode).toBe(204);
      expect(await snapshot()).toEqual(before);
      // asOf the moment after the change (before the undo) still shows it.
      const during = await rows(at);
      expect(during.map((r) => r.value)).toEqual(after.map((r) => r.value));
      const list = (await call('GET', `${seriesUrl()}/edits`, tokens['All Data User'])).json().edits;
      expect(list[0]).toMatchObject({ editId, action, undone: true, user: 'Administrator@example.org', affected: 24 });
    },
  );
});

describe('approval status in the open data API', () => {
  it('is Provisional for a value that carries no approval, and Approved once a reviewer approves its range', async () => {
    expect(new Set((await ogcDay2()).map((f) => f.approval))).toEqual(new Set(['Provisional']));
    const res = await edit({ action: 'approve', ...DAY2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(new Set((await ogcDay2()).map((f) => f.approval))).toEqual(new Set(['Approved']));
    expect((await undo(res.json().editId)).statusCode).toBe(204);
    expect(new Set((await ogcDay2()).map((f) => f.approval))).toEqual(new Set(['Provisional']));
  });
});
