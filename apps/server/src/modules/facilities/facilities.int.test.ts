import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationType,
  makeParameter,
  makeSeries,
  makeUnit,
  makeUser,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

const ndxOf = (rows: { facility_ndx: number }[]) => rows.map((f) => f.facility_ndx);

describe('GET /api/display-list-facilities', () => {
  let h: TestApp;
  let storageType: number;
  const fac = { wellField3: 0, wellField1: 0, milton: 0 };
  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    const wells = (await makeFacilityType(db, { facility_type_desc: 'Wells' })).facility_type_ndx;
    storageType = (await makeFacilityType(db, { facility_type_desc: 'Storage/Reservoirs' })).facility_type_ndx;
    const facility = async (facility_name: string, facility_type_ndx: number, display_order: number) =>
      (await makeFacility(db, { facility_name, facility_type_ndx, display_order })).facility_ndx;
    fac.wellField3 = await facility('Well Field 3', wells, 2);
    fac.wellField1 = await facility('Well Field 1', wells, 1);
    fac.milton = await facility('Milton Reservoir Storage', storageType, 1);
    await makeUser(db, { user_id: 'usr_u', facilities: [fac.milton, fac.wellField3] });
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  it('lists every facility for an administrator, ordered by type then display order', async () => {
    const res = await get('/api/display-list-facilities', ['Administrator'], 'usr_admin');
    expect(res.statusCode).toBe(200);
    expect(ndxOf(res.json())).toEqual([fac.milton, fac.wellField1, fac.wellField3]);
    expect(res.json()[0]).toEqual({
      facility_ndx: fac.milton,
      facility_name: 'Milton Reservoir Storage',
      facility_type_ndx: storageType,
      facility_type_desc: 'Storage/Reservoirs',
      facility_type_icon: null,
      display_order: 1,
    });
  });

  it('limits a User to the facilities they are authorised for', async () => {
    const res = await get('/api/display-list-facilities', ['User']);
    expect(ndxOf(res.json())).toEqual([fac.milton, fac.wellField3]);
    expect((await get(`/api/display-list-facilities/${fac.wellField1}`, ['User'])).statusCode).toBe(404);
    expect((await get(`/api/display-list-facilities/${fac.wellField3}`, ['User'])).json().facility_name).toBe('Well Field 3');
  });

  it('answers 400 with a readable message for a bad facility number', async () => {
    for (const bad of ['abc', '-1', '1.5', '0', '2147483648']) {
      const res = await get(`/api/display-list-facilities/${bad}`, ['Administrator']);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Bad Request');
      expect(res.json().message).toMatch(/facility number/);
    }
  });
});

describe('GET /api/display-list-facilities/{ndx} and /api/facility-summary/{ndx}', () => {
  let h: TestApp;
  let wellsType: number;
  const fac = { wellField1: 0, empty: 0 };
  const loc = { tw13: 0, tw11: 0 };
  const param = { level: 0, pumping: 0 };
  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    wellsType = (await makeFacilityType(db, { facility_type_desc: 'Wells' })).facility_type_ndx;
    const well = (await makeLocationType(db, { location_type_desc: 'Well' })).location_type_ndx;
    const gage = (await makeLocationType(db, { location_type_desc: 'Stream Gage' })).location_type_ndx;
    const location = async (
      location_id: string,
      location_display_label: string,
      location_name: string,
      at: [number, number],
      display_order: number,
      location_type_ndx = well,
    ) =>
      (
        await makeLocation(db, {
          location_id,
          location_display_label,
          location_name,
          location_type_ndx,
          latitude: at[0],
          longitude: at[1],
          display_order,
        })
      ).location_ndx;
    loc.tw13 = await location('TW-13', 'TW13', 'Test Well 13', [40.251, -104.701], 2);
    loc.tw11 = await location('TW-11', 'TW11', 'Test Well 11', [40.252, -104.702], 1);
    const gage1 = await location('GAGE-1', 'G1', 'River Gage', [40.3, -104.6], 0, gage);
    fac.wellField1 = (
      await makeFacility(db, {
        facility_name: 'Well Field 1',
        facility: 'WF1',
        facility_type_ndx: wellsType,
        widget_order: ['000_ytd', '002_lastfew'],
        fp_mapcenter_lat: 40.25,
        fp_mapcenter_lon: -104.7,
        fp_mapzoom_level: 13.5,
        notes: 'North field',
        locations: [loc.tw13, loc.tw11],
      })
    ).facility_ndx;
    fac.empty = (await makeFacility(db, { facility_name: 'Empty Field', facility_type_ndx: wellsType, widget_order: [] })).facility_ndx;
    const ft = (await makeUnit(db, { unit_desc: 'ft' })).unit_ndx;
    const gpm = (await makeUnit(db, { unit_desc: 'gpm' })).unit_ndx;
    const belowGround = (await makeUnit(db, { unit_desc: 'ft below ground' })).unit_ndx;
    param.level = (await makeParameter(db, { parameter_name: 'Water Level', unit_ndx: ft, display_order: 1 })).parameter_ndx;
    param.pumping = (await makeParameter(db, { parameter_name: 'Pumping Rate', unit_ndx: gpm, display_order: 2 })).parameter_ndx;
    await makeUser(db, { user_id: 'usr_u', facilities: [fac.wellField1] });
    await makeSeries(db, {
      locationNdx: loc.tw13,
      parameterNdx: param.level,
      locationParameter: { unit_ndx: belowGround },
      observations: [
        ['2026-11-20T15:00:00Z', 4981.25],
        ['2026-11-21T15:00:00Z', 4981.5],
      ],
    });
    await makeSeries(db, { locationNdx: loc.tw13, parameterNdx: param.pumping, observations: [['2026-11-21T12:00:00Z', 410]] });
    // Another facility's location: must not count towards this facility's last report.
    await makeSeries(db, { locationNdx: gage1, parameterNdx: param.level, observations: [['2026-11-22T00:00:00Z', 3]] });
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  it('answers one facility with its map view and widget order', async () => {
    const res = await get(`/api/display-list-facilities/${fac.wellField1}`, ['User']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facility_ndx: fac.wellField1,
      facility_name: 'Well Field 1',
      facility_type_ndx: wellsType,
      facility_type_desc: 'Wells',
      facility_type_icon: null,
      display_order: 0,
      facility: 'WF1',
      notes: 'North field',
      widget_order: ['000_ytd', '002_lastfew'],
      fp_mapcenter_lat: 40.25,
      fp_mapcenter_lon: -104.7,
      fp_mapzoom_level: 13.5,
      // Empty by default; the drill-down lists them (decision 0017).
      array_location_ndx: [],
      array_parameter_ndx: [],
    });
    const empty = (await get(`/api/display-list-facilities/${fac.empty}`, ['Administrator'], 'usr_admin')).json();
    expect(empty).toMatchObject({ fp_mapcenter_lat: null, fp_mapcenter_lon: null, fp_mapzoom_level: null, widget_order: [] });
  });

  it("summarises the facility's locations with their newest values, series unit first", async () => {
    const res = await get(`/api/facility-summary/${fac.wellField1}`, ['User']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facility_ndx: fac.wellField1,
      location_count: 2,
      last_report_timestamp: '2026-11-21T15:00:00.000Z',
      locations: [
        {
          location_ndx: loc.tw11,
          location_id: 'TW-11',
          location_display_label: 'TW11',
          location_name: 'Test Well 11',
          location_type_desc: 'Well',
          latitude: 40.252,
          longitude: -104.702,
          latest: [],
        },
        {
          location_ndx: loc.tw13,
          location_id: 'TW-13',
          location_display_label: 'TW13',
          location_name: 'Test Well 13',
          location_type_desc: 'Well',
          latitude: 40.251,
          longitude: -104.701,
          latest: [
            {
              parameter_ndx: param.level,
              parameter_name: 'Water Level',
              result_value: 4981.5,
              unit_desc: 'ft below ground',
              collect_timestamp: '2026-11-21T15:00:00.000Z',
            },
            {
              parameter_ndx: param.pumping,
              parameter_name: 'Pumping Rate',
              result_value: 410,
              unit_desc: 'gpm',
              collect_timestamp: '2026-11-21T12:00:00.000Z',
            },
          ],
        },
      ],
    });
    expect((await get(`/api/facility-summary/${fac.empty}`, ['Administrator'], 'usr_admin')).json()).toEqual({
      facility_ndx: fac.empty,
      location_count: 0,
      last_report_timestamp: null,
      locations: [],
    });
  });

  it('keeps facilities a User is not authorised for, and bad numbers, out', async () => {
    for (const url of [`/api/facility-summary/${fac.empty}`, `/api/display-list-facilities/${fac.empty}`, '/api/facility-summary/999']) {
      const res = await get(url, ['User']);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/does not exist or you are not authorised/);
    }
    expect((await get('/api/facility-summary/abc', ['User'])).statusCode).toBe(400);
    expect((await h.app.inject({ url: `/api/facility-summary/${fac.wellField1}` })).statusCode).toBe(401);
    expect((await get(`/api/facility-summary/${fac.wellField1}`, [])).statusCode).toBe(403);
  });
});

describe('generic lookups GET /api/{name} and /api/{name}/{id}', () => {
  let h: TestApp;
  let wells: number;
  let hidden: number;
  beforeAll(async () => {
    h = await createTestApp();
    wells = (await makeFacilityType(h.t.db, { facility_type_desc: 'Wells', icon_name: 'well', united_list_include: true }))
      .facility_type_ndx;
    hidden = (await makeFacilityType(h.t.db, { facility_type_desc: 'Hidden', united_list_include: false })).facility_type_ndx;
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles = ['User']) =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ roles })}` } });

  it('serves allowlisted lists and items', async () => {
    const res = await get('/api/list_facility_types_united_only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ facility_type_ndx: wells, facility_type_desc: 'Wells', icon_name: 'well' }]);
    // list-import-delimiter (like list-units, -sources, -locations, -parameters) is admin-only: the imports module serves it.
    expect((await get('/api/list-import-delimiter', ['Administrator'])).json()[1]).toMatchObject({ delimiter_ndx: 2 });
    expect((await get('/api/list-import-delimiter')).statusCode).toBe(403);
    expect((await get(`/api/list-facility-types-united-only/${wells}`)).json()).toMatchObject({ facility_type_desc: 'Wells' });
  });

  it('answers 404 for names not on the allowlist and for missing items, never running them as SQL', async () => {
    for (const name of ['app_user', 'pg_user', 'list-units;drop table unit', '..%2F..%2Fetc']) {
      const res = await get(`/api/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error).toBe('Not Found');
    }
    expect((await get(`/api/list-facility-types-united-only/${hidden}`)).statusCode).toBe(404);
    // An item follows its list's access: list-units is administrators only.
    expect((await get('/api/list-units/abc', ['Administrator'])).statusCode).toBe(400);
    expect((await get('/api/list-units/1')).statusCode).toBe(403);
  });

  it('needs a token and a staff role', async () => {
    expect((await h.app.inject({ url: '/api/list-units' })).statusCode).toBe(401);
    expect((await get('/api/list-units', [])).statusCode).toBe(403);
  });
});
