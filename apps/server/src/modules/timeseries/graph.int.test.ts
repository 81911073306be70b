import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphResponseSchema, graphResponseSchemaFor } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ingestObservations, type ObservationInput } from './ingest';

let h: TestApp;
let staff: string;
let noRole: string;
let admin: string;
const loc: Record<'pub' | 'priv' | 'excluded' | 'well', number> = { pub: 0, priv: 0, excluded: 0, well: 0 };
const param: Record<'flow' | 'stage' | 'level' | 'battery', number> = { flow: 0, stage: 0, level: 0, battery: 0 };
let datasrc = 0;
const MIN15 = 15 * 60_000;

function series(
  l: number,
  p: number,
  start: string,
  end: string,
  f: (i: number) => number,
  q: (i: number) => string | null = () => null,
): ObservationInput[] {
  const out: ObservationInput[] = [];
  for (let ms = Date.parse(start), i = 0; ms < Date.parse(end); ms += MIN15, i++) {
    out.push({ locationNdx: l, parameterNdx: p, collectTimestamp: new Date(ms), resultValue: f(i), datasrcNdx: datasrc, qualifiers: q(i) });
  }
  return out;
}

beforeAll(async () => {
  h = await createTestApp();
  const db = h.t.db;
  const lt = (
    await db
      .insertInto('location_type')
      .values({ location_type_desc: 'Stream gage' })
      .returning('location_type_ndx')
      .executeTakeFirstOrThrow()
  ).location_type_ndx;
  const wb = (
    await db.insertInto('waterbody').values({ waterbody_name: 'South Platte' }).returning('waterbody_ndx').executeTakeFirstOrThrow()
  ).waterbody_ndx;
  const cfs = (await db.insertInto('unit').values({ unit_desc: 'cfs' }).returning('unit_ndx').executeTakeFirstOrThrow()).unit_ndx;
  const ft = (await db.insertInto('unit').values({ unit_desc: 'ft' }).returning('unit_ndx').executeTakeFirstOrThrow()).unit_ndx;
  const addParam = async (name: string, unit: number, value_field: 'flow_cfs' | 'stage_ft' | 'level_ft' | null) =>
    (
      await db
        .insertInto('parameter')
        .values({ parameter_name: name, unit_ndx: unit, value_field })
        .returning('parameter_ndx')
        .executeTakeFirstOrThrow()
    ).parameter_ndx;
  param.flow = await addParam('Flow', cfs, 'flow_cfs');
  param.stage = await addParam('Stage', ft, 'stage_ft');
  param.level = await addParam('Water Level', ft, 'level_ft');
  param.battery = await addParam('Battery', ft, null);
  datasrc = (
    await db
      .insertInto('data_source')
      .values({ data_source: 'Logger File Import', kind: 'file' })
      .returning('datasrc_ndx')
      .executeTakeFirstOrThrow()
  ).datasrc_ndx;
  const addLoc = async (location_id: string, is_public: boolean, exclude_from_map: boolean) =>
    (
      await db
        .insertInto('location')
        .values({
          location_id,
          location_display_label: location_id,
          location_name: `Gage ${location_id}`,
          location_type_ndx: lt,
          waterbody_ndx: wb,
          is_public,
          exclude_from_map,
          latitude: 40.2,
          longitude: -104.8,
        })
        .returning('location_ndx')
        .executeTakeFirstOrThrow()
    ).location_ndx;
  loc.pub = await addLoc('SP-1', true, false);
  loc.priv = await addLoc('PR-1', false, false);
  loc.excluded = await addLoc('EX-1', true, true);
  loc.well = await addLoc('TW-11', true, false);

  // Flow at SP-1: local 03/07/2026 00:00 MST .. 03/10/2026 00:00 MDT (spring forward on 03/08), value = index;
  // approved (A) at first, provisional (P, some estimated) from 03/07 22:00 MST on.
  await ingestObservations(
    db,
    series(
      loc.pub,
      param.flow,
      '2026-03-07T07:00:00Z',
      '2026-03-10T06:00:00Z',
      (i) => i,
      (i) => (i < 88 ? 'A' : i === 90 ? 'P,e' : 'P'),
    ),
  );
  // Fall back: 11/01/2026 has 25 local hours.
  await ingestObservations(
    db,
    series(loc.pub, param.flow, '2026-11-01T06:00:00Z', '2026-11-02T07:00:00Z', () => 3.5),
  );
  // Ten days of stage with one spike, for downsampling.
  await ingestObservations(
    db,
    series(loc.pub, param.stage, '2026-05-01T06:00:00Z', '2026-05-11T06:00:00Z', (i) => (i === 333 ? 99 : 1 + (i % 4) / 100)),
  );
  await ingestObservations(
    db,
    series(loc.well, param.level, '2026-05-01T06:00:00Z', '2026-05-02T06:00:00Z', (i) => 120 + i / 4),
  );
  await ingestObservations(
    db,
    series(loc.well, param.battery, '2026-05-01T06:00:00Z', '2026-05-02T06:00:00Z', () => 12.6),
  );
  for (const l of [loc.priv, loc.excluded])
    await ingestObservations(
      db,
      series(l, param.flow, '2026-03-07T07:00:00Z', '2026-03-08T07:00:00Z', () => 1),
    );
  staff = await h.tokenFor({ roles: ['User'] });
  noRole = await h.tokenFor({ roles: [] });
  admin = await h.tokenFor({ roles: ['Administrator'] });
}, 120_000);
afterAll(async () => h?.close());

const post = (path: string, payload: unknown, token?: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const flow = (id: number | string, payload: unknown, token?: string) => post(`graph-flow-data15-min/${id}`, payload, token);

describe('POST /api/graph-flow-data15-min/{id}, 15-minute data', () => {
  it('returns exactly the rows of the local days asked for, in the spec row shape', async () => {
    const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' });
    expect(res.statusCode).toBe(200);
    const body = graphResponseSchemaFor('flow').strict().parse(res.json());
    expect(body.rows).toHaveLength(96);
    expect(res.json().rows[0]).toStrictEqual({
      collect_timestamp: '2026-03-07T07:00:00.000Z',
      units: 'cfs',
      source: 'Logger File Import',
      location_name: 'Gage SP-1',
      location_id: 'SP-1',
      qualifiers: 'A',
      flow_cfs: 0,
    });
    expect(body.rows.at(-1)).toMatchObject({ collect_timestamp: '2026-03-08T06:45:00.000Z', flow_cfs: 95, qualifiers: 'P' });
    expect(body.rows[90].qualifiers).toBe('P,e');
    // The provisional stretch of the day, for the chart's marking (from every row, not the drawn ones).
    expect(body.chart.provisional).toEqual([[Date.parse('2026-03-08T05:00:00Z'), Date.parse('2026-03-08T06:45:00Z')]]);
    expect(body).toMatchObject({
      location: { location_ndx: loc.pub, location_id: 'SP-1', location_name: 'Gage SP-1' },
      interval: '15min',
      value_field: 'flow_cfs',
      units: 'cfs',
      startDate: '2026-03-07',
      endDate: '2026-03-07',
      chart: { downsampled: false, total: 96 },
    });
    expect(body.chart.points).toHaveLength(96);
    expect(body.chart.points[1]).toEqual([Date.parse('2026-03-07T07:15:00Z'), 1]);
  });

  it('a spring-forward local day has 92 rows and a fall-back day 100 (ISO dates accepted too)', async () => {
    const spring = graphResponseSchema.parse(
      (await flow(loc.pub, { startDate: '2026-03-08', endDate: '2026-03-08', interval: '15min' })).json(),
    );
    expect(spring.rows).toHaveLength(92);
    expect(spring.rows[0].collect_timestamp).toBe('2026-03-08T07:00:00.000Z');
    expect(spring.rows.at(-1)!.collect_timestamp).toBe('2026-03-09T05:45:00.000Z');
    const fall = graphResponseSchema.parse(
      (await flow(loc.pub, { startDate: '11/01/2026', endDate: '11/01/2026', interval: '15min' })).json(),
    );
    expect(fall.rows).toHaveLength(100);
  });

  it('an empty range answers 200 with no rows (the panel shows No Data Available)', async () => {
    const res = await flow(loc.pub, { startDate: '01/01/2025', endDate: '01/31/2025', interval: '15min' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], chart: { points: [], downsampled: false, total: 0 }, units: 'cfs' });
  });

  it('rows carry values, sources and qualifiers exactly as stored (blanks, semicolons, quotes, non-ASCII, tiny and huge values)', async () => {
    const pub = await h.t.db.selectFrom('location').selectAll().where('location_ndx', '=', loc.pub).executeTakeFirstOrThrow();
    const { location_ndx: id } = await h.t.db
      .insertInto('location')
      .values({
        location_id: 'QQ-1',
        location_display_label: 'QQ-1',
        location_name: 'Gage QQ-1',
        location_type_ndx: pub.location_type_ndx,
        waterbody_ndx: pub.waterbody_ndx,
        is_public: true,
      })
      .returning('location_ndx')
      .executeTakeFirstOrThrow();
    const at = (iso: string, resultValue: number, qualifiers: string | null, datasrcNdx: number | null): ObservationInput => ({
      locationNdx: id,
      parameterNdx: param.flow,
      collectTimestamp: new Date(iso),
      resultValue,
      qualifiers,
      datasrcNdx,
    });
    await ingestObservations(h.t.db, [
      at('2026-06-01T07:00:00Z', -1e-7, 'P, Ice;x', datasrc),
      at('2026-06-01T07:15:00Z', 1.5e21, null, null),
      at('2026-06-01T07:30:00.123Z', 0.1 + 0.2, 'Eqp "x" é\\', datasrc),
    ]);
    const res = await flow(id, { startDate: '06/01/2026', endDate: '06/01/2026', interval: '15min' });
    expect(res.statusCode).toBe(200);
    const row = { units: 'cfs', location_name: 'Gage QQ-1', location_id: 'QQ-1' };
    expect(res.json().rows).toStrictEqual([
      { collect_timestamp: '2026-06-01T07:00:00.000Z', ...row, source: 'Logger File Import', qualifiers: 'P, Ice;x', flow_cfs: -1e-7 },
      { collect_timestamp: '2026-06-01T07:15:00.000Z', ...row, source: null, qualifiers: null, flow_cfs: 1.5e21 },
      {
        collect_timestamp: '2026-06-01T07:30:00.123Z',
        ...row,
        source: 'Logger File Import',
        qualifiers: 'Eqp "x" é\\',
        flow_cfs: 0.1 + 0.2,
      },
    ]);
    expect(res.json().chart.provisional).toEqual([[Date.parse('2026-06-01T07:00:00Z'), Date.parse('2026-06-01T07:00:00Z')]]);
    const daily = await flow(id, { startDate: '06/01/2026', endDate: '06/01/2026', interval: 'daily' });
    expect(daily.json().rows).toHaveLength(1);
    expect(daily.json().rows[0]).toMatchObject({ collect_timestamp: '2026-06-01T06:00:00.000Z', qualifiers: 'Eqp "x" é\\' });
  });
});

describe('daily interval', () => {
  it('reads observation_daily: one mean per local day, stamped at local midnight across DST', async () => {
    const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/09/2026', interval: 'daily' });
    const body = graphResponseSchema.parse(res.json());
    expect(body.rows.map((r) => [r.collect_timestamp, r.flow_cfs])).toEqual([
      ['2026-03-07T07:00:00.000Z', 47.5], // 0..95
      ['2026-03-08T07:00:00.000Z', (96 + 187) / 2], // 92 readings on the short day
      ['2026-03-09T06:00:00.000Z', (188 + 283) / 2],
    ]);
    expect(body.rows[0]).toMatchObject({ units: 'cfs', source: 'Logger File Import', location_id: 'SP-1' });
  });

  it("rounds daily means to the parameter's decimals in the rows (table, CSV) and the chart", async () => {
    await h.t.db.updateTable('parameter').set({ decimals: 0 }).where('parameter_ndx', '=', param.flow).execute();
    try {
      const res = await flow(loc.pub, { startDate: '03/07/2026', endDate: '03/09/2026', interval: 'daily' });
      const body = graphResponseSchema.parse(res.json());
      // Means 47.5, 141.5 and 235.5 at 0 decimals (PostgreSQL numeric rounds half away from zero).
      expect(body.rows.map((r) => r.flow_cfs)).toEqual([48, 142, 236]);
      expect(body.chart.points.map((p) => p[1])).toEqual([48, 142, 236]);
      // 15-minute readings are the stored values, untouched.
      const raw = graphResponseSchema.parse(
        (await flow(loc.pub, { startDate: '11/01/2026', endDate: '11/01/2026', interval: '15min' })).json(),
      );
      expect(raw.rows[0].flow_cfs).toBe(3.5);
    } finally {
      await h.t.db.updateTable('parameter').set({ decimals: 2 }).where('parameter_ndx', '=', param.flow).execute();
    }
  });
});

describe('chart downsampling', () => {
  it('thins the chart series with LTTB (first, last and the spike kept) while rows keep everything', async () => {
    const res = await post(`graph-stage-data15-min/${loc.pub}`, {
      startDate: '05/01/2026',
      endDate: '05/10/2026',
      interval: '15min',
      maxPoints: 100,
    });
    const body = graphResponseSchemaFor('stage').parse(res.json());
    expect(body.rows).toHaveLength(960);
    expect(body.rows[0]).toHaveProperty('stage_ft');
    expect(body.rows[0]).not.toHaveProperty('flow_cfs');
    expect(body.chart).toMatchObject({ downsampled: true, total: 960 });
    expect(body.chart.points).toHaveLength(100);
    expect(body.chart.points[0]).toEqual([Date.parse('2026-05-01T06:00:00Z'), 1]);
    expect(body.chart.points.at(-1)![0]).toBe(Date.parse('2026-05-11T05:45:00Z'));
    expect(body.chart.points.map((p) => p[1])).toContain(99);
  });

  it('chartOnly leaves the rows out; the default cap is 2,000 points', async () => {
    const res = await post(`graph-stage-data15-min/${loc.pub}`, {
      startDate: '05/01/2026',
      endDate: '05/10/2026',
      interval: '15min',
      chartOnly: true,
    });
    const body = graphResponseSchema.parse(res.json());
    expect(body.rows).toEqual([]);
    expect(body.chart).toMatchObject({ downsampled: false, total: 960 });
  });
});

describe('water level and missing series', () => {
  it('POST /api/graph-waterlevel-data15-min/{id} answers level_ft rows from the level_ft parameter only', async () => {
    const res = await post(`graph-waterlevel-data15-min/${loc.well}`, {
      startDate: '05/01/2026',
      endDate: '05/01/2026',
      interval: '15min',
    });
    const body = graphResponseSchemaFor('waterlevel').strict().parse(res.json());
    expect(body.rows).toHaveLength(96);
    expect(body.rows[4]).toMatchObject({ level_ft: 121, units: 'ft', location_id: 'TW-11' });
  });

  it('a location without such a series answers an empty graph', async () => {
    const res = await flow(loc.well, { startDate: '05/01/2026', endDate: '05/01/2026', interval: 'daily' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: [], units: null, value_field: 'flow_cfs' });
  });
});

describe('access', () => {
  it('hides private and map-excluded locations from anonymous and role-less callers (404, like a missing one)', async () => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' };
    for (const id of [loc.priv, loc.excluded]) {
      for (const token of [undefined, noRole]) {
        const res = await flow(id, body, token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Not Found', message: `Location ${id} was not found` });
      }
      // A User reads private locations, but an excluded one only through an authorised facility (decision 0012).
      const ok = await flow(id, body, id === loc.excluded ? admin : staff);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().rows).toHaveLength(96);
    }
    expect((await flow(loc.excluded, body, staff)).statusCode).toBe(404);
  });

  it('unknown location 404; a bad token 401', async () => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval: '15min' };
    expect((await flow(987654, body)).json()).toEqual({ error: 'Not Found', message: 'Location 987654 was not found' });
    expect((await flow(loc.pub, body, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('bad input is a 400 with a readable message', () => {
  const ok = { startDate: '03/07/2026', endDate: '03/08/2026', interval: '15min' };
  const cases: [string, number | string, unknown, RegExp][] = [
    ['impossible date', 1, { ...ok, startDate: '02/30/2026' }, /startDate "02\/30\/2026" is not a valid date/],
    ['not a date', 1, { ...ok, endDate: 'yesterday' }, /endDate "yesterday" is not a valid date/],
    ['missing date', 1, { endDate: '03/08/2026', interval: '15min' }, /startDate is required/],
    ['end before start', 1, { ...ok, startDate: '03/09/2026' }, /endDate 2026-03-08 is before startDate 2026-03-09/],
    ['unknown interval', 1, { ...ok, interval: 'hourly' }, /interval must be '15min' or 'daily'/],
    ['15-minute range over 3 years', 1, { ...ok, startDate: '01/01/2020' }, /too long for 15-Minute Data: at most 1098 days/],
    ['daily range over 100 years', 1, { startDate: '01/01/1900', endDate: '01/01/2026', interval: 'daily' }, /too long for Daily Data/],
    ['tiny maxPoints', 1, { ...ok, maxPoints: 5 }, /maxPoints must be at least 10/],
    ['non-numeric id', 'abc', ok, /location number must be a whole number/],
    ['negative id', -3, ok, /location number must be positive/],
    ['huge id', '99999999999', ok, /location number is too large/],
  ];
  it.each(cases)('%s', async (_name, id, payload, message) => {
    const res = await flow(id === 1 ? loc.pub : id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
    expect(res.json().message).toMatch(message);
  });

  it('a non-JSON body is a 400 too', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/graph-flow-data15-min/${loc.pub}`,
      payload: 'start=1',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('caches: a graph answer depends on who asks', () => {
  // Every graph endpoint, both intervals: the same request (URL and body) answers differently with
  // and without a token (a private location is 404 to the public, 200 to staff). So every answer,
  // the 404 too, says Vary: Authorization and may only be kept by the caller's own browser
  // (private), never by a shared cache that could hand one caller's answer to another.
  const paths = ['graph-flow-data15-min', 'graph-stage-data15-min', 'graph-waterlevel-data15-min'];
  const cases = paths.flatMap((path) => (['15min', 'daily'] as const).map((interval) => [path, interval] as const));
  const perCaller = (res: { headers: Record<string, unknown> }) => {
    const vary = String(res.headers.vary ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase());
    const cacheControl = String(res.headers['cache-control'] ?? '');
    return {
      varyAuthorization: vary.includes('authorization') || vary.includes('*'),
      private: /\bprivate\b|\bno-store\b/.test(cacheControl),
      shared: /\bpublic\b|s-maxage/.test(cacheControl),
    };
  };
  it.each(cases)('%s, %s', async (path, interval) => {
    const body = { startDate: '03/07/2026', endDate: '03/07/2026', interval };
    const anonymous = await post(`${path}/${loc.priv}`, body);
    const signedIn = await post(`${path}/${loc.priv}`, body, staff);
    expect([anonymous.statusCode, signedIn.statusCode]).toEqual([404, 200]);
    const open = await post(`${path}/${loc.pub}`, body);
    expect(open.statusCode).toBe(200);
    for (const res of [anonymous, signedIn, open])
      expect(perCaller(res)).toEqual({ varyAuthorization: true, private: true, shared: false });
  });
});
