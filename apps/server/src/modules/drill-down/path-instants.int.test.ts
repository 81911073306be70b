import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TS_COMPARE_DATA_PATHS, drillDownGraphSchema, drillDownTableSchema, tsCompareDataSchema } from '@portal/contracts';
import { databaseFingerprint, expectedDaily, FIX, writeDrillFixture } from '../../../test/drill-fixture';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Instants in the drill-down and comparison paths: 15-minute data is read over exactly the
// instants given, both inclusive; daily data over the district days the instants fall on.

let h: TestApp;
let admin: string;

beforeAll(async () => {
  h = await createTestApp();
  await writeDrillFixture(h.t.db);
  admin = await h.tokenFor({ sub: 'usr_admin', roles: ['Administrator'] });
}, 60_000);
afterAll(async () => h?.close());

const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
const ms = (iso: string) => Date.parse(iso);
// The fixture has a reading every 15 minutes; 13:00 to 14:00 UTC on March 10 is 07:00 to 08:00 in Denver (MDT).
const FROM = '2026-03-10T13:00:00Z';
const TO = '2026-03-10T14:00:00Z';
const FIVE = ['13:00', '13:15', '13:30', '13:45', '14:00'].map((hm) => ms(`2026-03-10T${hm}:00Z`));

describe('instants in the drill-down path', () => {
  it('15 minutes: the table holds the readings from the first instant to the last, both inclusive', async () => {
    const res = await get(`/api/get-display-facility/table-15min/${FIX.facility}/${FROM}/${TO}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = drillDownTableSchema.parse(res.json());
    expect(body.rows.map((r) => r[0])).toEqual(FIVE);
    // The battery is read on the hour only.
    expect(body.rows.map((r) => r[2] !== null)).toEqual([true, false, false, false, true]);
  });

  it('15 minutes: the graph and a UTC offset give the same window', async () => {
    const res = await get(`/api/get-display-facility/graph-15min/${FIX.facility}/2026-03-10T07:00:00-06:00/2026-03-10T08:00:00-06:00/1,2`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = drillDownGraphSchema.parse(res.json());
    expect(body.groups[1].yL[0].points.map((p) => p[0])).toEqual(FIVE);
    expect(body.groups[1].yL[0].total).toBe(5);
  });

  it('a plain date with an instant: the plain date is its whole day, the instant exact', async () => {
    const res = await get(`/api/get-display-facility/table-15min/${FIX.facility}/2026-03-10/${TO}`);
    const body = drillDownTableSchema.parse(res.json());
    // Denver midnight of March 10 (06:00 UTC) to 14:00 UTC: 8 hours of readings and the last one.
    expect(body.rows[0][0]).toBe(ms('2026-03-10T06:00:00Z'));
    expect(body.rows.at(-1)![0]).toBe(ms(TO));
    expect(body.rows).toHaveLength(8 * 4 + 1);
  });

  it('daily: an instant stands for its whole district day', async () => {
    // 05:00 UTC on March 10 is still March 9 in Denver.
    const res = await get(`/api/get-display-facility/table-daily/${FIX.facility}/2026-03-10T05:00:00Z/${TO}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = drillDownTableSchema.parse(res.json());
    const index = body.columns.findIndex((c) => c.key === '1:1');
    expect(body.rows.map((r) => [r[0], r[index + 1]])).toEqual(await expectedDaily(h.t.db, 1, 1, '2026-03-09', '2026-03-10', 2));
  });
});

describe('instants in the comparison path', () => {
  const raw = (parts: string) => `/api/${TS_COMPARE_DATA_PATHS['15min']}/${parts}`;
  const daily = (parts: string) => `/api/${TS_COMPARE_DATA_PATHS.daily}/${parts}`;

  it('15 minutes: the rows from the first instant to the last, both inclusive', async () => {
    const res = await get(raw(`${FIX.param.level}/${FIX.loc.pubWell},${FIX.loc.gage}/${FROM}/${TO}`));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const body = tsCompareDataSchema.parse(res.json());
    for (const s of body.series) {
      expect(s.rows.map((r) => r[0])).toEqual(FIVE);
      expect(s.total).toBe(5);
    }
  });

  it('daily: whole district days', async () => {
    const res = await get(daily(`${FIX.param.level}/${FIX.loc.pubWell}/2026-03-10T05:00:00Z/${TO}`));
    const body = tsCompareDataSchema.parse(res.json());
    expect(body.series[0].rows).toEqual(await expectedDaily(h.t.db, 1, 1, '2026-03-09', '2026-03-10', 2));
  });
});

describe('bad instants', () => {
  it('answer 400 with a readable message and write nothing', async () => {
    const before = await databaseFingerprint(h.t.db);
    const cases: [string, RegExp][] = [
      [`/api/get-display-facility/table-15min/1/${TO}/${FROM}`, /endDate 2026-03-10T13:00:00Z is before startDate 2026-03-10T14:00:00Z/],
      [`/api/${TS_COMPARE_DATA_PATHS['15min']}/1/1/${TO}/${FROM}`, /is before startDate/],
      [`/api/get-display-facility/table-15min/1/2026-02-30T13:00:00Z/${TO}`, /startDate "2026-02-30T13:00:00Z" is not/],
      [`/api/get-display-facility/table-15min/1/${FROM}/2026-03-10T25:00:00Z`, /endDate "2026-03-10T25:00:00Z" is not/],
      [`/api/get-display-facility/table-15min/1/2026-03-10T13:00:00/${TO}`, /ISO 8601 instant/],
      [`/api/${TS_COMPARE_DATA_PATHS.daily}/1/1/2026-03-10T13:00:00+25:00/${TO}`, /startDate/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()).sort(), url).toEqual(['error', 'fields', 'message']);
      expect(res.json().message, url).toMatch(message);
    }
    expect(await databaseFingerprint(h.t.db)).toBe(before);
  });
});
