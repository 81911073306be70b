import { sql } from 'kysely';
import { DEFAULT_DISTRICT_TIME_ZONE, csvTextCell } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeDataSource,
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationParameter,
  makeLocationType,
  makeParameter,
  makeParameterGroup,
  makeUnit,
  makeUser,
  makeWaterbody,
} from '../../../test/factories';
import { ingestObservations, type ObservationInput } from '../timeseries/index';
import { queryDownloadRequestSchemaFor } from '@portal/contracts';
import fc from 'fast-check';
import { csvTextCellSql } from '../../db/csv-cell.repository';
import { csvStream, resolveDownload } from './query-download.service';

let h: TestApp;
const BOM = '\uFEFF';
const HEAD_15 = `Facility,Facility Type,Location ID,Location Name,Parameter,Units,Timestamp (${DEFAULT_DISTRICT_TIME_ZONE}),UTC Offset,Value,Data Source,Qualifiers`;
const HEAD_DAILY = `Facility,Facility Type,Location ID,Location Name,Parameter,Units,Date (${DEFAULT_DISTRICT_TIME_ZONE}),Mean,Min,Max,Readings,Data Source,Qualifiers (last reading)`;
const MIN15 = 15 * 60_000;

beforeAll(async () => {
  h = await createTestApp();
  const db = h.t.db;
  await makeFacilityType(db, { facility_type_ndx: 1, facility_type_desc: 'Wells', display_order: 1, united_list_include: true });
  await makeFacilityType(db, {
    facility_type_ndx: 2,
    facility_type_desc: 'Storage/Reservoirs',
    display_order: 2,
    united_list_include: true,
  });
  await makeFacilityType(db, { facility_type_ndx: 3, facility_type_desc: 'Retired', display_order: 3, united_list_include: false });
  await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Well' });
  await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'South Platte' });
  const place = { location_type_ndx: 1, waterbody_ndx: 1 };
  await makeLocation(db, {
    ...place,
    location_ndx: 1,
    location_id: 'TW-1',
    location_display_label: 'TW1',
    location_name: 'Test Well 1',
    latitude: 40.2,
    longitude: -104.7,
  });
  await makeLocation(db, {
    ...place,
    location_ndx: 2,
    location_id: 'RES-1',
    location_display_label: 'R1',
    location_name: 'Reservoir Gage',
    latitude: 40.3,
    longitude: -104.6,
  });
  await makeLocation(db, {
    ...place,
    location_ndx: 3,
    location_id: 'TW-2',
    location_display_label: 'TW2',
    location_name: 'Test Well 2',
    latitude: 40.25,
    longitude: -104.65,
  });
  await makeFacility(db, { facility_ndx: 10, facility_name: 'Well Field 1', facility_type_ndx: 1, display_order: 1, locations: [1] });
  await makeFacility(db, { facility_ndx: 11, facility_name: 'Reservoir A', facility_type_ndx: 2, display_order: 1, locations: [2] });
  await makeFacility(db, { facility_ndx: 12, facility_name: 'Well Field 2', facility_type_ndx: 1, display_order: 2, locations: [3] });
  await makeUnit(db, { unit_ndx: 1, unit_desc: 'ft' });
  await makeUnit(db, { unit_ndx: 2, unit_desc: 'V' });
  await makeUnit(db, { unit_ndx: 3, unit_desc: 'ft below ground' });
  await makeParameter(db, { parameter_ndx: 1, parameter_name: 'Water Level', unit_ndx: 1, display_order: 1 });
  await makeParameter(db, { parameter_ndx: 2, parameter_name: 'Battery', unit_ndx: 2, display_order: 2 });
  await makeLocationParameter(db, { location_ndx: 1, parameter_ndx: 1, unit_ndx: 3 });
  await makeParameterGroup(db, { parameter_group_ndx: 1, parameter_group_name: 'Groundwater', display_order: 1, parameters: [1] });
  await makeParameterGroup(db, { parameter_group_ndx: 2, parameter_group_name: 'Telemetry Health', display_order: 2, parameters: [2] });
  await makeDataSource(db, { datasrc_ndx: 1, data_source: 'Logger File Import', kind: 'file' });
  await makeDataSource(db, { datasrc_ndx: 2, data_source: 'Manual Field Reading', kind: 'manual' });
  await makeUser(db, { user_id: 'usr_u', name: 'U', nickname: 'u', email: 'u@example.org', facilities: [10] });
  const at = (
    iso: string,
    value: number,
    locationNdx = 1,
    parameterNdx = 1,
    datasrcNdx = 1,
    qualifiers: string | null = null,
  ): ObservationInput => ({
    locationNdx,
    parameterNdx,
    collectTimestamp: new Date(iso),
    resultValue: value,
    datasrcNdx,
    qualifiers,
  });
  // 2026-11-01 is the fall-back day: 01:00-01:59 happens twice (MDT -06:00, then MST -07:00).
  const rows = [
    at('2026-10-31T05:45:00Z', 9), // 10/30 23:45 MDT: before the range
    at('2026-10-31T06:15:00Z', 10.5), // 10/31 00:15 MDT
    at('2026-11-01T07:30:00Z', 11, 1, 1, 1, 'P,e'), // 11/01 01:30 MDT, provisional and estimated
    at('2026-11-01T08:30:00Z', 12, 1, 1, 2), // 11/01 01:30 MST
    at('2026-11-02T06:45:00Z', 13, 1, 1, 1, 'P'), // 11/01 23:45 MST, provisional
    at('2026-11-02T07:00:00Z', 14), // 11/02 00:00 MST: after the range
    at('2026-11-01T12:00:00Z', 12.6, 1, 2), // Battery (group 2)
    at('2026-11-01T12:00:00Z', 5, 2, 1), // Reservoir A
  ];
  // Well Field 2: every quarter hour of the 25-hour local day 11/01.
  for (let ms = Date.parse('2026-11-01T06:00:00Z'), i = 0; ms < Date.parse('2026-11-02T07:00:00Z'); ms += MIN15, i++) {
    rows.push(at(new Date(ms).toISOString(), i, 3, 1));
  }
  await ingestObservations(h.t.db, rows);
});
afterAll(async () => h.close());

const call = async (method: 'GET' | 'POST', url: string, roles: string[] | null, body?: unknown, sub = 'usr_u') =>
  h.app.inject({
    method,
    url: `/api/facility-query-download/${url}`,
    headers: roles ? { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
const ADMIN = ['Administrator'];
const range = { startDate: '10/31/2026', endDate: '11/01/2026' };
const lines = (text: string) => text.split('\r\n');

describe('Query & Download CSV', () => {
  it('writes every 15-minute reading of the range with the local time and its offset (DST fall-back day)', async () => {
    const res = await call('POST', 'data-15min', ADMIN, { facilities: [10], parameterGroups: [1], ...range });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="facility-data-15min-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toBe(
      [
        BOM + HEAD_15,
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,10/31/2026 00:15,-06:00,10.5,Logger File Import,',
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,11/01/2026 01:30,-06:00,11,Logger File Import,"P,e"',
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,11/01/2026 01:30,-07:00,12,Manual Field Reading,',
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,11/01/2026 23:45,-07:00,13,Logger File Import,P',
        '',
      ].join('\r\n'),
    );
  });

  it('writes daily means from observation_daily with min, max, count and the last reading’s source', async () => {
    const res = await call('POST', 'data-daily', ADMIN, {
      facilities: [10],
      parameterGroups: [1, 2],
      startDate: '2026-10-31',
      endDate: '2026-11-01',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      [
        BOM + HEAD_DAILY,
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,10/31/2026,10.5,10.5,10.5,1,Logger File Import,',
        'Well Field 1,Wells,TW-1,Test Well 1,Water Level,ft below ground,11/01/2026,12,11,13,3,Logger File Import,P',
        'Well Field 1,Wells,TW-1,Test Well 1,Battery,V,11/01/2026,12.6,12.6,12.6,1,Logger File Import,',
        '',
      ].join('\r\n'),
    );
  });

  it("rounds daily means to the parameter's decimals (min and max are readings, kept as stored)", async () => {
    const at = (iso: string, resultValue: number) => ({
      locationNdx: 2,
      parameterNdx: 1,
      collectTimestamp: new Date(iso),
      resultValue,
      datasrcNdx: 1,
    });
    await ingestObservations(h.t.db, [at('2026-11-05T15:00:00Z', 1), at('2026-11-05T15:15:00Z', 2), at('2026-11-05T15:30:00Z', 2)]);
    const day = { facilities: [11], parameterGroups: [1], startDate: '11/05/2026', endDate: '11/05/2026' };
    expect(lines((await call('POST', 'data-daily', ADMIN, day)).body)[1]).toBe(
      'Reservoir A,Storage/Reservoirs,RES-1,Reservoir Gage,Water Level,ft,11/05/2026,1.67,1,2,3,Logger File Import,',
    );
    await sql`update parameter set decimals = 0 where parameter_ndx = 1`.execute(h.t.db);
    try {
      expect(lines((await call('POST', 'data-daily', ADMIN, day)).body)[1]).toContain(',11/05/2026,2,1,2,3,');
    } finally {
      await sql`update parameter set decimals = 2 where parameter_ndx = 1`.execute(h.t.db);
    }
  });

  it('counts 100 quarter hours on the 25-hour local day, in both time steps', async () => {
    const body = { facilities: [12], parameterGroups: [1], startDate: '11/01/2026', endDate: '11/01/2026' };
    const quarter = lines((await call('POST', 'data-15min', ADMIN, body)).body).slice(1, -1);
    expect(quarter).toHaveLength(100);
    expect(quarter[0]).toContain('11/01/2026 00:00,-06:00,0,');
    expect(quarter[4]).toContain('11/01/2026 01:00,-06:00,4,');
    expect(quarter[8]).toContain('11/01/2026 01:00,-07:00,8,');
    expect(quarter[99]).toContain('11/01/2026 23:45,-07:00,99,');
    const daily = lines((await call('POST', 'data-daily', ADMIN, body)).body);
    expect(daily[1]).toBe('Well Field 2,Wells,TW-2,Test Well 2,Water Level,ft,11/01/2026,49.5,0,99,100,Logger File Import,');
  });

  it('reads in keyset batches without losing or repeating rows across batch edges', async () => {
    const admin = { sub: 'usr_admin', roles: ADMIN, email: null, claims: {} };
    for (const interval of ['15min', 'daily'] as const) {
      const request = queryDownloadRequestSchemaFor(interval).parse({ facilities: [12, 10], parameterGroups: [1, 2], ...range });
      const series = await resolveDownload(h.t.db, admin, request);
      const whole = (await call('POST', `data-${interval}`, ADMIN, request)).body;
      for (const batch of [1, 7]) {
        let text = '';
        for await (const chunk of csvStream(h.t.db, interval, series, request, batch)) text += String(chunk);
        expect(text, `${interval} in batches of ${batch}`).toBe(whole);
      }
    }
  });

  it('orders several facilities as the facility lists do (type, display order, name) and writes only a header when nothing matches', async () => {
    const res = await call('POST', 'data-daily', ADMIN, {
      facilities: [11, 10],
      parameterGroups: [1],
      startDate: '11/01/2026',
      endDate: '11/01/2026',
    });
    expect(
      lines(res.body)
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['Reservoir A', 'Well Field 1']);
    const empty = await call('POST', 'data-daily', ADMIN, {
      facilities: [10],
      parameterGroups: [1],
      startDate: '01/01/2020',
      endDate: '01/02/2020',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe(`${BOM}${HEAD_DAILY}\r\n`);
  });
});

describe('Query & Download lists and access', () => {
  it('lists the united facility types, the parameter groups and the caller’s facilities', async () => {
    expect((await call('GET', 'list-facility-types-united-only', ['User'])).json()).toEqual([
      { facility_type_ndx: 1, facility_type_desc: 'Wells' },
      { facility_type_ndx: 2, facility_type_desc: 'Storage/Reservoirs' },
    ]);
    expect((await call('GET', 'q-d-list-parameter-groups', ['User'])).json()).toEqual([
      { parameter_group_ndx: 1, parameter_group_name: 'Groundwater' },
      { parameter_group_ndx: 2, parameter_group_name: 'Telemetry Health' },
    ]);
    const ids = (res: { json: () => { facility_ndx: number }[] }) => res.json().map((f) => f.facility_ndx);
    expect(ids(await call('GET', 'list-facilities-with-types', ['User']))).toEqual([10]);
    expect(ids(await call('GET', 'list-facilities-with-types', ADMIN, undefined, 'usr_admin'))).toEqual([11, 10, 12]);
  });

  it('lets a User download their facilities and refuses others as a whole, never a partial file', async () => {
    const ok = await call('POST', 'data-daily', ['User'], { facilities: [10], parameterGroups: [1], ...range });
    expect(ok.statusCode).toBe(200);
    for (const facilities of [[11], [10, 11], [10, 11, 99]]) {
      const res = await call('POST', 'data-daily', ['User'], { facilities, parameterGroups: [1], ...range });
      expect(res.statusCode, String(facilities)).toBe(404);
      expect(res.json().message).toMatch(/^Facilit(y 11 does|ies 11, 99 do) not exist or you are not authorised for (it|them)$/);
    }
    // All Data User reads every facility's data (decision 0012).
    expect((await call('POST', 'data-daily', ['All Data User'], { facilities: [11], parameterGroups: [1], ...range })).statusCode).toBe(
      200,
    );
    expect((await call('POST', 'data-daily', ['All Data User'], { facilities: [11, 99], parameterGroups: [1], ...range })).statusCode).toBe(
      404,
    );
  });

  it('answers 401 without a token and 403 without a staff role', async () => {
    expect((await call('GET', 'q-d-list-parameter-groups', null)).statusCode).toBe(401);
    expect((await call('POST', 'data-daily', null, { facilities: [10], parameterGroups: [1], ...range })).statusCode).toBe(401);
    expect((await call('GET', 'list-facilities-with-types', [])).statusCode).toBe(403);
    expect((await call('POST', 'data-15min', [], { facilities: [10], parameterGroups: [1], ...range })).statusCode).toBe(403);
  });

  it('answers 400 with a readable message for bad input, and 404 for an unknown group', async () => {
    const base = { facilities: [10], parameterGroups: [1], ...range };
    const cases: [string, unknown, RegExp][] = [
      ['data-daily', { ...base, startDate: '11/02/2026' }, /endDate 2026-11-01 is before startDate 2026-11-02/],
      ['data-daily', { ...base, facilities: [] }, /Choose at least one facility/],
      ['data-daily', { ...base, parameterGroups: [] }, /Choose at least one parameter group/],
      ['data-daily', { ...base, facilities: [1.5] }, /facilities must be a list of whole numbers/],
      ['data-daily', { ...base, facilities: ['a'] }, /facilities must be a list of whole numbers/],
      ['data-daily', { ...base, parameterGroups: [0] }, /parameterGroups must be a list of positive numbers/],
      ['data-daily', { ...base, facilities: 10 }, /facilities must be a list of facility numbers/],
      ['data-daily', { ...base, startDate: '02/30/2026' }, /startDate "02\/30\/2026" is not a valid date/],
      ['data-daily', { ...base, endDate: undefined }, /endDate is required/],
      ['data-15min', { ...base, startDate: '01/01/2020', endDate: '12/31/2023' }, /too long for 15 Minutes: at most 1098 days/],
    ];
    for (const [path, body, message] of cases) {
      const res = await call('POST', path, ADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('POST', 'data-daily', ADMIN, { ...base, startDate: '01/01/2020', endDate: '12/31/2023' })).statusCode).toBe(200);
    const group = await call('POST', 'data-daily', ADMIN, { ...base, parameterGroups: [1, 7] });
    expect(group.statusCode).toBe(404);
    expect(group.json().message).toBe('Parameter group 7 does not exist');
  });
});

// Last: it adds facility 13, which the list tests above do not expect.
describe('Query & Download CSV text written by PostgreSQL', () => {
  it('formats text cells in SQL exactly as the contracts CSV writer does (formula neutralising, quoting)', async () => {
    const special = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', 'a', 'é', '\\');
    const texts = fc.array(
      fc.oneof(
        fc.string(),
        fc.array(special, { maxLength: 8 }).map((cs) => cs.join('')),
      ),
      { minLength: 1, maxLength: 50 },
    );
    await fc.assert(
      fc.asyncProperty(texts, async (values) => {
        const { rows } = await sql<{
          cell: string;
        }>`select ${csvTextCellSql(sql.ref('u.v'))} as cell from unnest(${values}::text[]) with ordinality u(v, i) order by u.i`.execute(
          h.t.db,
        );
        expect(rows.map((r) => r.cell)).toEqual(values.map(csvTextCell));
      }),
      { numRuns: 30 },
    );
    const { rows } = await sql<{ cell: string }>`select ${csvTextCellSql(sql`null::text`)} as cell`.execute(h.t.db);
    expect(rows[0].cell).toBe(csvTextCell(null));
  });

  it('writes values as JavaScript does (exponents, -0) and neutralises and quotes sources and qualifiers', async () => {
    await makeLocation(h.t.db, {
      location_ndx: 4,
      location_id: 'ODD-1',
      location_display_label: 'O1',
      location_name: 'Odd Well',
      location_type_ndx: 1,
      waterbody_ndx: 1,
      latitude: 40.2,
      longitude: -104.7,
    });
    await makeFacility(h.t.db, {
      facility_ndx: 13,
      facility_name: '=Odd, "values"',
      facility_type_ndx: 1,
      display_order: 3,
      locations: [4],
    });
    await makeDataSource(h.t.db, { datasrc_ndx: 3, data_source: '@Field, "sheet"', kind: 'manual' });
    const values = [0.5, 1e-7, 0.00005, 1.5e16, 1e21, -0, 123456.789, -2.25];
    const at = (i: number, resultValue: number, qualifiers: string | null) => ({
      locationNdx: 4,
      parameterNdx: 1,
      collectTimestamp: new Date(Date.parse('2026-03-10T12:00:00Z') + i * MIN15),
      resultValue,
      datasrcNdx: i % 2 === 0 ? 3 : 1,
      qualifiers,
    });
    await ingestObservations(
      h.t.db,
      values.map((v, i) => at(i, v, i === 1 ? '-P "x"' : i === 2 ? 'A' : null)),
    );
    const body = { facilities: [13], parameterGroups: [1], startDate: '03/10/2026', endDate: '03/10/2026' };
    const rows = lines((await call('POST', 'data-15min', ADMIN, body)).body).slice(1, -1);
    const lead = `"'=Odd, ""values""",Wells,ODD-1,Odd Well,Water Level,ft`;
    expect(rows).toEqual(
      values.map((v, i) => {
        const source = i % 2 === 0 ? `"'@Field, ""sheet"""` : 'Logger File Import';
        const qualifiers = i === 1 ? `"'-P ""x"""` : i === 2 ? 'A' : '';
        return `${lead},03/10/2026 ${String(6 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')},-06:00,${String(v)},${source},${qualifiers}`;
      }),
    );
    // Only the batches that need it are formatted in JavaScript: in batches of 1 the file is the same.
    const request = queryDownloadRequestSchemaFor('15min').parse(body);
    const series = await resolveDownload(h.t.db, { sub: 'usr_admin', roles: ADMIN, email: null, claims: {} }, request);
    let text = '';
    for await (const chunk of csvStream(h.t.db, '15min', series, request, 1)) text += String(chunk);
    expect(lines(text).slice(1, -1)).toEqual(rows);
  });
});
