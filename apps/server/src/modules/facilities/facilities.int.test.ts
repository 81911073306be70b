import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
    expect(res.json()[0]).toEqual({ facility_ndx: 12, facility_name: 'Milton Reservoir Storage', facility_type_ndx: 2, facility_type_desc: 'Storage/Reservoirs', display_order: 1 });
  });

  it('limits a User to the facilities they are authorised for', async () => {
    const res = await get('/api/display-list-facilities', ['User']);
    expect(res.json().map((f: { facility_ndx: number }) => f.facility_ndx)).toEqual([12, 10]);
    expect((await get('/api/display-list-facilities/11', ['User'])).statusCode).toBe(404);
    expect((await get('/api/display-list-facilities/10', ['User'])).json().facility_name).toBe('Well Field 3');
  });

  it('answers 400 with a readable message for a bad facility number', async () => {
    for (const bad of ['abc', '-1', '1.5', '0']) {
      const res = await get(`/api/display-list-facilities/${bad}`, ['Administrator']);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Bad Request');
      expect(res.json().message).toMatch(/facility number/);
    }
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

  const get = async (url: string, roles = ['User']) => h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ roles })}` } });

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
    expect((await get('/api/list-units/abc')).statusCode).toBe(400);
  });

  it('needs a token and a staff role', async () => {
    expect((await h.app.inject({ url: '/api/list-units' })).statusCode).toBe(401);
    expect((await get('/api/list-units', [])).statusCode).toBe(403);
  });
});
