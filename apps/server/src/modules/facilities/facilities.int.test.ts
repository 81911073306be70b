import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ingestObservations } from '../timeseries/ingest';

describe('GET /api/display-list-facilities', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
    await sql`
      insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Wells'), (2, 'Storage/Reservoirs');
      insert into facility (facility_ndx, facility_name, facility_type_ndx, display_order) values
        (10, 'Well Field 3', 1, 2), (11, 'Well Field 1', 1, 1), (12, 'Milton Reservoir Storage', 2, 1);
      insert into app_user (user_id, name, nickname, email) values ('usr_u', 'U', 'u', 'u@example.org');
      insert into user_facility (user_id, facility_ndx) values ('usr_u', 12), ('usr_u', 10);
    `.execute(h.t.db);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  it('lists every facility for an administrator, ordered by type then display order', async () => {
    const res = await get('/api/display-list-facilities', ['Administrator'], 'usr_admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { facility_ndx: number }) => f.facility_ndx)).toEqual([12, 11, 10]);
    expect(res.json()[0]).toEqual({
      facility_ndx: 12,
      facility_name: 'Milton Reservoir Storage',
      facility_type_ndx: 2,
      facility_type_desc: 'Storage/Reservoirs',
      facility_type_icon: null,
      display_order: 1,
    });
  });

  it('limits a User to the facilities they are authorised for', async () => {
    const res = await get('/api/display-list-facilities', ['User']);
    expect(res.json().map((f: { facility_ndx: number }) => f.facility_ndx)).toEqual([12, 10]);
    expect((await get('/api/display-list-facilities/11', ['User'])).statusCode).toBe(404);
    expect((await get('/api/display-list-facilities/10', ['User'])).json().facility_name).toBe('Well Field 3');
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
  beforeAll(async () => {
    h = await createTestApp();
    await sql`
      insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Wells');
      insert into facility (facility_ndx, facility_name, facility, facility_type_ndx, widget_order, fp_mapcenter_lat, fp_mapcenter_lon, fp_mapzoom_level, notes) values
        (10, 'Well Field 1', 'WF1', 1, '{000_ytd,002_lastfew}', 40.25, -104.7, 13.5, 'North field'),
        (11, 'Empty Field', null, 1, '{}', null, null, null, null);
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Well'), (2, 'Stream Gage');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude, display_order) values
        (1, 'TW-13', 'TW13', 'Test Well 13', 1, 1, 40.251, -104.701, 2),
        (2, 'TW-11', 'TW11', 'Test Well 11', 1, 1, 40.252, -104.702, 1),
        (3, 'GAGE-1', 'G1', 'River Gage', 2, 1, 40.3, -104.6, 0);
      insert into facility_location (facility_ndx, location_ndx) values (10, 1), (10, 2);
      insert into unit (unit_ndx, unit_desc) values (1, 'ft'), (2, 'gpm'), (3, 'ft below ground');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx, display_order) values (1, 'Water Level', 1, 1), (2, 'Pumping Rate', 2, 2);
      insert into location_parameter (location_ndx, parameter_ndx, unit_ndx) values (1, 1, 3);
      insert into app_user (user_id, name, nickname, email) values ('usr_u', 'U', 'u', 'u@example.org');
      insert into user_facility (user_id, facility_ndx) values ('usr_u', 10);
    `.execute(h.t.db);
    await ingestObservations(h.t.db, [
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: new Date('2026-11-20T15:00:00Z'), resultValue: 4981.25 },
      { locationNdx: 1, parameterNdx: 1, collectTimestamp: new Date('2026-11-21T15:00:00Z'), resultValue: 4981.5 },
      { locationNdx: 1, parameterNdx: 2, collectTimestamp: new Date('2026-11-21T12:00:00Z'), resultValue: 410 },
      // Another facility's location: must not count towards this facility's last report.
      { locationNdx: 3, parameterNdx: 1, collectTimestamp: new Date('2026-11-22T00:00:00Z'), resultValue: 3 },
    ]);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  it('answers one facility with its map view and widget order', async () => {
    const res = await get('/api/display-list-facilities/10', ['User']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facility_ndx: 10,
      facility_name: 'Well Field 1',
      facility_type_ndx: 1,
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
    const empty = (await get('/api/display-list-facilities/11', ['Administrator'], 'usr_admin')).json();
    expect(empty).toMatchObject({ fp_mapcenter_lat: null, fp_mapcenter_lon: null, fp_mapzoom_level: null, widget_order: [] });
  });

  it("summarises the facility's locations with their newest values, series unit first", async () => {
    const res = await get('/api/facility-summary/10', ['User']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      facility_ndx: 10,
      location_count: 2,
      last_report_timestamp: '2026-11-21T15:00:00.000Z',
      locations: [
        {
          location_ndx: 2,
          location_id: 'TW-11',
          location_display_label: 'TW11',
          location_name: 'Test Well 11',
          location_type_desc: 'Well',
          latitude: 40.252,
          longitude: -104.702,
          latest: [],
        },
        {
          location_ndx: 1,
          location_id: 'TW-13',
          location_display_label: 'TW13',
          location_name: 'Test Well 13',
          location_type_desc: 'Well',
          latitude: 40.251,
          longitude: -104.701,
          latest: [
            {
              parameter_ndx: 1,
              parameter_name: 'Water Level',
              result_value: 4981.5,
              unit_desc: 'ft below ground',
              collect_timestamp: '2026-11-21T15:00:00.000Z',
            },
            {
              parameter_ndx: 2,
              parameter_name: 'Pumping Rate',
              result_value: 410,
              unit_desc: 'gpm',
              collect_timestamp: '2026-11-21T12:00:00.000Z',
            },
          ],
        },
      ],
    });
    expect((await get('/api/facility-summary/11', ['Administrator'], 'usr_admin')).json()).toEqual({
      facility_ndx: 11,
      location_count: 0,
      last_report_timestamp: null,
      locations: [],
    });
  });

  it('keeps facilities a User is not authorised for, and bad numbers, out', async () => {
    for (const url of ['/api/facility-summary/11', '/api/display-list-facilities/11', '/api/facility-summary/999']) {
      const res = await get(url, ['User']);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/does not exist or you are not authorised/);
    }
    expect((await get('/api/facility-summary/abc', ['User'])).statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/facility-summary/10' })).statusCode).toBe(401);
    expect((await get('/api/facility-summary/10', [])).statusCode).toBe(403);
  });
});

describe('generic lookups GET /api/{name} and /api/{name}/{id}', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
    await sql`insert into facility_type (facility_type_ndx, facility_type_desc, icon_name, united_list_include) values
      (1, 'Wells', 'well', true), (2, 'Hidden', null, false)`.execute(h.t.db);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles = ['User']) =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ roles })}` } });

  it('serves allowlisted lists and items', async () => {
    const res = await get('/api/list_facility_types_united_only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ facility_type_ndx: 1, facility_type_desc: 'Wells', icon_name: 'well' }]);
    // list-import-delimiter (like list-units, -sources, -locations, -parameters) is admin-only: the imports module serves it.
    expect((await get('/api/list-import-delimiter', ['Administrator'])).json()[1]).toMatchObject({ delimiter_ndx: 2 });
    expect((await get('/api/list-import-delimiter')).statusCode).toBe(403);
    expect((await get('/api/list-facility-types-united-only/1')).json()).toMatchObject({ facility_type_desc: 'Wells' });
  });

  it('answers 404 for names not on the allowlist and for missing items, never running them as SQL', async () => {
    for (const name of ['app_user', 'pg_user', 'list-units;drop table unit', '..%2F..%2Fetc']) {
      const res = await get(`/api/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error).toBe('Not Found');
    }
    expect((await get('/api/list-facility-types-united-only/2')).statusCode).toBe(404);
    // An item follows its list's access: list-units is administrators only.
    expect((await get('/api/list-units/abc', ['Administrator'])).statusCode).toBe(400);
    expect((await get('/api/list-units/1')).statusCode).toBe(403);
  });

  it('needs a token and a staff role', async () => {
    expect((await h.app.inject({ url: '/api/list-units' })).statusCode).toBe(401);
    expect((await get('/api/list-units', [])).statusCode).toBe(403);
  });
});
