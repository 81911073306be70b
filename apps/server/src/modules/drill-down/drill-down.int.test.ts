import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDownGraphSchema, drillDownTableSchema, startOfDay, triggerElevationSchema, type CalendarDay } from '@portal/contracts';
import { z } from 'zod';
import { databaseFingerprint, expectedDaily, expectedRaw, FIX, writeDrillFixture } from '../../../test/drill-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { districtTimeZone } from '../../db/local-day';

let h: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  h = await createTestApp();
  await writeDrillFixture(h.t.db);
  admin = await h.tokenFor({ sub: 'usr_admin', roles: ['Administrator'] });
  // A User authorised for no facility.
  user = await h.tokenFor({ sub: 'usr_plain', roles: ['User'] });
}, 60_000);
afterAll(async () => h?.close());

const get = (url: string, token: string | undefined = admin) =>
  h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('drill-down table', () => {
  it('answers one row per instant with every series of the facility, equal to the observations', async () => {
    const res = await get(`/api/get-display-facility/table-15min/${FIX.facility}/${FIX.start}/${FIX.end}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = drillDownTableSchema.parse(res.json());
    // Written as JSON.stringify writes it, byte for byte.
    expect(res.body).toBe(JSON.stringify(res.json()));
    // Location display order, then parameter display order (equal here), then parameter number.
    expect(body.columns.map((c) => c.key)).toEqual(['1:1', '1:2', '2:1']);
    for (const [index, column] of body.columns.entries()) {
      const expected = await expectedRaw(h.t.db, column.location_ndx, column.parameter_ndx, FIX.start, FIX.end);
      const got = body.rows.filter((r) => r[index + 1] !== null).map((r) => [r[0], r[index + 1]]);
      expect(got, column.key).toEqual(expected);
    }
    // Instants are unique and ascending.
    const times = body.rows.map((r) => r[0]!);
    expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
  });

  it('takes ISO 8601 instants in the path of daily data as the district days they fall on', async () => {
    const byDay = await get(`/api/get-display-facility/table-daily/${FIX.facility}/${FIX.start}/${FIX.end}`);
    // What a browser's toISOString() gives for the district's midnight of each day.
    const start = startOfDay(FIX.start as CalendarDay, districtTimeZone()).toISOString();
    const end = startOfDay(FIX.end as CalendarDay, districtTimeZone()).toISOString();
    const byInstant = await get(`/api/get-display-facility/table-daily/${FIX.facility}/${start}/${end}`);
    expect(byInstant.statusCode, byInstant.body.slice(0, 300)).toBe(200);
    expect(byInstant.json()).toEqual(byDay.json());
    const graph = await get(`/api/get-display-facility/graph-daily/${FIX.facility}/${start}/${end}/1`);
    expect(graph.statusCode, graph.body.slice(0, 300)).toBe(200);
  });

  it('answers daily means from the observations', async () => {
    const res = await get(`/api/get-display-facility/table-daily/${FIX.facility}/${FIX.start}/${FIX.end}`);
    const body = drillDownTableSchema.parse(res.json());
    expect(res.body).toBe(JSON.stringify(res.json()));
    const index = body.columns.findIndex((c) => c.key === '1:2');
    const expected = await expectedDaily(h.t.db, 1, 2, FIX.start, FIX.end, 1);
    expect(body.rows.map((r) => [r[0], r[index + 1]])).toEqual(expected);
  });

  it('answers 404 for a facility the caller may not open, 401 without a token', async () => {
    const url = `/api/get-display-facility/table-daily/${FIX.facility}/${FIX.start}/${FIX.end}`;
    expect((await get(url, user)).statusCode).toBe(404);
    expect((await get(url, '')).statusCode).toBe(401);
    expect((await get(`/api/get-display-facility/table-daily/77/${FIX.start}/${FIX.end}`)).statusCode).toBe(404);
  });
});

describe('drill-down graph', () => {
  it('answers a group per location with left and right axis series equal to the observations', async () => {
    const res = await get(`/api/get-display-facility/graph-15min/${FIX.facility}/${FIX.start}/${FIX.end}/1,2`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = drillDownGraphSchema.parse(res.json());
    expect(body.groups.map((g) => [g.group, g.location_ndx])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const [well1, well2] = body.groups;
    // Well 1: the first series' units (ft, the level) on the left axis, the battery (V) on the right.
    expect(well1.yL.map((s) => s.parameter_ndx)).toEqual([1]);
    expect(well1.yR.map((s) => s.parameter_ndx)).toEqual([2]);
    expect(well2.yL.map((s) => s.parameter_ndx)).toEqual([1]);
    expect(well2.yR).toEqual([]);
    const expected = await expectedRaw(h.t.db, 2, 1, FIX.start, FIX.end);
    expect(well2.yL[0].points).toEqual(expected);
    expect(well2.yL[0]).toMatchObject({ total: expected.length, downsampled: false, units: 'ft' });
  });

  it('answers 404 for a location outside the facility', async () => {
    const res = await get(`/api/get-display-facility/graph-daily/${FIX.facility}/${FIX.start}/${FIX.end}/1,3`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Location 3 is not a location of facility 1 with series');
  });
});

describe('drill-down path parts', () => {
  it('refuse injection and nonsense with 400 and leave the database as it was', async () => {
    const before = await databaseFingerprint(h.t.db);
    const nonsense = ["1'; delete from observation; --", '1 or 1=1', '-1', '0', '1.5', 'abc', '99999999999', '%27', '%00'];
    const urls: [string, RegExp][] = [];
    for (const bad of nonsense) {
      urls.push([`/api/get-display-facility/table-daily/${bad}/${FIX.start}/${FIX.end}`, /facility number/]);
      urls.push([`/api/get-display-facility/table-15min/1/${bad}/${FIX.end}`, /startDate/]);
      urls.push([`/api/get-display-facility/graph-daily/1/${FIX.start}/${bad}/1`, /endDate/]);
      urls.push([`/api/get-display-facility/graph-15min/1/${FIX.start}/${FIX.end}/${bad}`, /locations/]);
      urls.push([`/api/get-display-facility/graph-15min/${bad}/${FIX.start}/${FIX.end}/1`, /facility number/]);
      urls.push([`/api/list-parameters/${bad}`, /ids/]);
      urls.push([`/api/list-locations/1,${bad}`, /ids/]);
      urls.push([`/api/facility-trigger-elevations/${bad}`, /facility number/]);
    }
    urls.push(
      [`/api/get-display-facility/table-daily/1/${FIX.end}/${FIX.start}`, /before startDate/],
      [`/api/get-display-facility/table-daily/1/2026-02-29/${FIX.end}`, /not a valid date/],
      [`/api/get-display-facility/table-15min/1/2020-01-01/2026-01-01`, /too long/],
      [
        `/api/get-display-facility/graph-daily/1/${FIX.start}/${FIX.end}/${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}`,
        /at most 20/,
      ],
    );
    for (const [url, message] of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      // The API's error shape: error and message, and the refused fields of a request that was checked.
      expect(Object.keys(res.json()).sort(), url).toEqual(['error', 'fields', 'message']);
      expect(res.json().message, url).toMatch(message);
    }
    // An unknown interval is no route at all.
    expect((await get(`/api/get-display-facility/table-hourly/1/${FIX.start}/${FIX.end}`)).statusCode).toBe(404);
    expect(await databaseFingerprint(h.t.db)).toBe(before);
  });
});

describe('associated lists and the trigger-elevation banner', () => {
  it('list-parameters and list-locations answer arrays of the listed, readable items', async () => {
    expect((await get('/api/list-parameters/1,2,999')).json()).toEqual([
      { parameter_ndx: 2, parameter_name: 'Battery Voltage', units: 'V' },
      { parameter_ndx: 1, parameter_name: 'Water Level', units: 'ft' },
    ]);
    expect((await get('/api/list-locations/2')).json()).toEqual([
      { location_ndx: 2, location_name: 'North Well 2', location_display_label: 'NW2' },
    ]);
    // A User reads public and private locations (decision 0012).
    expect((await get('/api/list-locations/1,2,3', user)).json()).toHaveLength(3);
    expect((await get('/api/list-locations/1', '')).statusCode).toBe(401);
  });

  it('the banner compares each trigger elevation with the newest water-level elevation', async () => {
    const res = await get(`/api/facility-trigger-elevations/${FIX.facility}`);
    const rows = z.array(triggerElevationSchema).parse(res.json());
    const { rows: newest } = await import('kysely').then(({ sql }) =>
      sql<{
        v: number;
        t: Date;
      }>`select result_value as v, collect_timestamp as t from observation where location_ndx = 1 and parameter_ndx = 1 order by collect_timestamp desc limit 1`.execute(
        h.t.db,
      ),
    );
    expect(rows).toEqual([
      {
        location_ndx: 1,
        location_display_label: 'NW1',
        trigger_elevation_ft: 4981,
        water_elevation_ft: Math.round((5040.25 - newest[0].v) * 100) / 100,
        water_elevation_at: new Date(newest[0].t).toISOString(),
      },
      // No measuring point: no elevation to compare with.
      { location_ndx: 2, location_display_label: 'NW2', trigger_elevation_ft: 4981.5, water_elevation_ft: null, water_elevation_at: null },
    ]);
    expect((await get(`/api/facility-trigger-elevations/${FIX.otherFacility}`)).json()).toEqual([]);
  });
});
