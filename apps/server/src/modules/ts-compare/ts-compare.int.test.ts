import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, TS_COMPARE_DATA_PATHS, addDays, toCalendarDay, tsCompareDataSchema, type CalendarDay } from '@portal/contracts';
import { databaseFingerprint, expectedDaily, expectedRaw, FIX, writeDrillFixture } from '../../../test/drill-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';

let h: TestApp;
let staff: string;

beforeAll(async () => {
  h = await createTestApp();
  await writeDrillFixture(h.t.db);
  staff = await h.tokenFor({ sub: 'usr_staff', roles: ['Administrator'] });
}, 60_000);
afterAll(async () => h?.close());

const get = (url: string, token?: string) =>
  h.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const raw = (parts: string) => `/api/${TS_COMPARE_DATA_PATHS['15min']}/${parts}`;
const daily = (parts: string) => `/api/${TS_COMPARE_DATA_PATHS.daily}/${parts}`;

describe('ts-compare data', () => {
  it('answers 15-minute rows equal to the observations, without a token for public locations', async () => {
    const res = await get(raw(`${FIX.param.level}/${FIX.loc.pubWell},${FIX.loc.gage}/${FIX.start}/${FIX.end}`));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = tsCompareDataSchema.parse(res.json());
    expect(body.parameter).toEqual({ parameter_ndx: 1, parameter_name: 'Water Level', units: 'ft' });
    for (const loc of [FIX.loc.pubWell, FIX.loc.gage]) {
      const expected = await expectedRaw(h.t.db, loc, FIX.param.level, FIX.start, FIX.end);
      expect(expected.length).toBeGreaterThan(1000);
      const series = body.series.find((s) => s.location_ndx === loc)!;
      expect(series.rows).toEqual(expected);
      expect(series.total).toBe(expected.length);
      expect(series.points.length).toBe(expected.length);
      expect(series.downsampled).toBe(false);
    }
    expect(body.series.map((s) => s.location_ndx)).toEqual([FIX.loc.pubWell, FIX.loc.gage]);
  });

  it('answers daily means computed from the observations (not the rollup)', async () => {
    const res = await get(daily(`${FIX.param.level}/${FIX.loc.privWell}/${FIX.start}/${FIX.end}`), staff);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = tsCompareDataSchema.parse(res.json());
    const expected = await expectedDaily(h.t.db, FIX.loc.privWell, FIX.param.level, FIX.start, FIX.end, 2);
    expect(expected).toHaveLength(14);
    expect(body.series[0].rows).toEqual(expected);
  });

  it('downsamples a long range for the chart and keeps every row for the table', async () => {
    const all = await get(raw(`${FIX.param.level}/${FIX.loc.pubWell},${FIX.loc.gage}/2026-02-01/2026-04-30`));
    const long = tsCompareDataSchema.parse(all.json());
    for (const s of long.series) {
      const rows = s.rows;
      expect(s.total).toBe(rows.length);
      expect(s.total).toBeGreaterThan(2000);
      expect(s.downsampled).toBe(true);
      expect(s.points).toHaveLength(2000);
      // First and last rows survive LTTB.
      expect(s.points[0]).toEqual(rows[0]);
      expect(s.points[1999]).toEqual(rows.at(-1));
    }
  });

  it('hides a private location from anonymous callers exactly like a missing one', async () => {
    const priv = await get(raw(`${FIX.param.level}/${FIX.loc.privWell}/${FIX.start}/${FIX.end}`));
    const missing = await get(raw(`${FIX.param.level}/999/${FIX.start}/${FIX.end}`));
    expect(priv.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(priv.json().message).toBe(`Location ${FIX.loc.privWell} was not found`);
    expect((await get(raw(`999/${FIX.loc.gage}/${FIX.start}/${FIX.end}`))).statusCode).toBe(404);
    // A GET 404 is cacheable by default: this one holds only for anonymous callers, so a shared
    // cache must not keep it and hand it to a signed-in caller of the same URL.
    expect(priv.headers.vary).toBe('Authorization, X-Api-Key');
    expect(priv.headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses injection and nonsense in every path part with 400 and leaves the database as it was', async () => {
    const before = await databaseFingerprint(h.t.db);
    const day = (d: CalendarDay) => d as string;
    const start = toCalendarDay('2020-01-01')!;
    const nonsense = [
      "1'; drop table observation; --",
      '1 or 1=1',
      '1%20or%201%3D1',
      '-1',
      '0',
      '1.5',
      'abc',
      '1e3',
      '99999999999',
      '%27',
      '%00',
      'null',
    ];
    const cases: [string, RegExp][] = [];
    for (const bad of nonsense) {
      cases.push([raw(`${bad}/1/${FIX.start}/${FIX.end}`), /parameter/]);
      cases.push([raw(`1/${bad}/${FIX.start}/${FIX.end}`), /locations/]);
      cases.push([raw(`1/1,${bad}/${FIX.start}/${FIX.end}`), /locations/]);
      cases.push([daily(`1/1/${bad}/${FIX.end}`), /startDate/]);
      cases.push([daily(`1/1/${FIX.start}/${bad}`), /endDate/]);
    }
    cases.push(
      [raw(`1/1,,2/${FIX.start}/${FIX.end}`), /locations/],
      [raw(`1/${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}/${FIX.start}/${FIX.end}`), /at most 20/],
      [raw(`1/1/2026-02-30/${FIX.end}`), /not a valid date/],
      [raw(`1/1/2026-13-01/${FIX.end}`), /not a valid date/],
      [raw(`1/1/03%2F01%2F2026/${FIX.end}`), /YYYY-MM-DD/],
      [raw(`1/1/20260301/${FIX.end}`), /YYYY-MM-DD/],
      [raw(`1/1/${FIX.end}/${FIX.start}`), /before startDate/],
      [raw(`1/1/${day(start)}/${day(addDays(start, MAX_RANGE_DAYS['15min'] + 1))}`), /too long/],
      [daily(`1/1/${day(start)}/${day(addDays(start, MAX_RANGE_DAYS.daily + 1))}`), /too long/],
    );
    for (const [url, message] of cases) {
      const res = await get(url, staff);
      expect(res.statusCode, url).toBe(400);
      const body = res.json();
      // The API's error shape: error and message, and the refused fields of a request that was checked.
      expect(Object.keys(body).sort(), url).toEqual(['error', 'fields', 'message']);
      expect(body.message, url).toMatch(message);
      expect(body.message, url).not.toMatch(/select|syntax|relation/i);
    }
    // The longest allowed span is fine.
    const longest = await get(raw(`1/1/${day(start)}/${day(addDays(start, MAX_RANGE_DAYS['15min']))}`));
    expect(longest.statusCode).toBe(200);
    expect(await databaseFingerprint(h.t.db)).toBe(before);
    expect((await get(raw(`1/1/${FIX.start}/${FIX.end}`))).statusCode).toBe(200);
  });
});

describe('ts-compare dropdowns', () => {
  it('list what the caller may read: anonymous callers get public locations only', async () => {
    const anon = (await get('/api/ts-compare-dropdown-locations-assoc')).json() as {
      location_ndx: number;
      parameter_ndxs: number[];
      facility_ndxs: number[];
    }[];
    expect(anon.map((l) => l.location_ndx)).toEqual([FIX.loc.pubWell, FIX.loc.gage]);
    expect(anon[0]).toMatchObject({ parameter_ndxs: [1, 2], facility_ndxs: [1] });
    const signed = (await get('/api/ts-compare-dropdown-locations-assoc', staff)).json() as { location_ndx: number }[];
    expect(signed.map((l) => l.location_ndx)).toEqual([1, 2, 3]);
    expect((await get('/api/ts-compare-dropdown-parameters')).json()).toEqual([
      { parameter_ndx: 2, parameter_name: 'Battery Voltage', units: 'V' },
      { parameter_ndx: 1, parameter_name: 'Water Level', units: 'ft' },
    ]);
    // The empty facility holds nothing to compare.
    expect((await get('/api/ts-compare-dropdown-facilities')).json()).toEqual([{ facility_ndx: 1, facility_name: 'North Field' }]);
  });
});
