import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { makeParameter, makeSeries, makeUnit } from '../../../test/factories';

describe('Parameter Codes: the USGS parameter code of each parameter', () => {
  let h: TestApp;
  let admin: string;
  let user: string;
  let flow: number;
  let stage: number;

  beforeAll(async () => {
    h = await createTestApp();
    const cfs = await makeUnit(h.t.db, { unit_desc: 'cfs' });
    flow = (await makeParameter(h.t.db, { parameter_name: 'Flow', unit_ndx: cfs.unit_ndx })).parameter_ndx;
    stage = (await makeParameter(h.t.db, { parameter_name: 'Stage', usgs_parameter_code: '00065' })).parameter_ndx;
    await makeSeries(h.t.db, { parameterNdx: flow, observations: [['2026-03-01T12:00:00Z', 12.5]] });
    admin = await h.tokenFor({ sub: 'usr_codes_admin', roles: ['Administrator'] });
    user = await h.tokenFor({ sub: 'usr_codes_user', roles: ['User'] });
  }, 60_000);
  afterAll(async () => h?.close());

  const put = (ndx: number, body: unknown, token = admin) =>
    h.app.inject({
      method: 'PUT',
      url: `/api/parameter-codes/${ndx}`,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  it('lists every parameter with its unit and code, for administrators only', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/parameter-codes', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { parameter_ndx: flow, parameter_name: 'Flow', unit_desc: 'cfs', usgs_parameter_code: null },
        expect.objectContaining({ parameter_ndx: stage, usgs_parameter_code: '00065' }),
      ]),
    );
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/parameter-codes', headers: { authorization: `Bearer ${user}` } })).statusCode,
    ).toBe(403);
    expect((await put(flow, { usgs_parameter_code: '00060' }, user)).statusCode).toBe(403);
  });

  it('sets a code, audits it, and the open data API serves and finds the series by it', async () => {
    const res = await put(flow, { usgs_parameter_code: ' 00060 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ parameter_ndx: flow, usgs_parameter_code: '00060' });
    const audit = await h.t.db
      .selectFrom('audit_log')
      .select(['actor_sub', 'action', 'row_key', 'before', 'after'])
      .where('table_name', '=', 'parameter')
      .execute();
    expect(audit).toEqual([
      {
        actor_sub: 'usr_codes_admin',
        action: 'update',
        row_key: String(flow),
        before: { usgs_parameter_code: null },
        after: { usgs_parameter_code: '00060' },
      },
    ]);
    const page = (
      await h.app.inject({ method: 'GET', url: '/ogcapi/v0/collections/latest-continuous/items?parameter_code=00060' })
    ).json() as { features: { properties: { parameter_code: string; value: string } }[] };
    expect(page.features.map((f) => [f.properties.parameter_code, f.properties.value])).toEqual([['00060', '12.5']]);
  });

  it.each([['0060'], ['000600'], ['abcde'], [12345], [undefined]])('refuses %s with a readable 400', async (code) => {
    const res = await put(flow, code === undefined ? {} : { usgs_parameter_code: code });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/select|update|stack/i);
  });

  it('keeps one parameter per code (409 naming the holder), clears with an empty code, and 404s a missing parameter', async () => {
    const taken = await put(flow, { usgs_parameter_code: '00065' });
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { message: string }).message).toContain('Stage');
    const cleared = await put(stage, { usgs_parameter_code: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ usgs_parameter_code: null });
    expect((await put(flow, { usgs_parameter_code: '00065' })).statusCode).toBe(200);
    expect((await put(999_999, { usgs_parameter_code: null })).statusCode).toBe(404);
  });
});
