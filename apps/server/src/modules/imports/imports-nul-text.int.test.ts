import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoDistrict } from '../../seed/seed-demo';

/** PostgreSQL refuses NUL characters in text; such input is the caller's mistake (400), not a server fault (500). */
describe('import source text with a NUL character', () => {
  let h: TestApp;
  let body: Record<string, unknown>;
  let auth: Record<string, string>;

  beforeAll(async () => {
    h = await createTestApp();
    await seedDemoDistrict(h.t.db, { anchor: new Date('2026-03-01T12:00:00Z'), demoPassword: 'test-password', fifteenMinuteDays: 2, dailyYears: 0.05 });
    const loc = await h.t.db.selectFrom('location').select('location_ndx').orderBy('location_ndx').executeTakeFirstOrThrow();
    const par = await h.t.db.selectFrom('parameter').select('parameter_ndx').where('parameter_name', '=', 'Flow').executeTakeFirstOrThrow();
    const unit = await h.t.db.selectFrom('unit').select('unit_ndx').where('unit_desc', '=', 'cfs').executeTakeFirstOrThrow();
    const ds = await h.t.db.selectFrom('data_source').select('datasrc_ndx').where('kind', '=', 'file').executeTakeFirstOrThrow();
    body = { location_ndx: loc.location_ndx, parameter_ndx: par.parameter_ndx, datasrc_ndx: ds.datasrc_ndx, unit_ndx: unit.unit_ndx };
    auth = { authorization: `Bearer ${await h.tokenFor({ roles: ['Administrator'] })}` };
  }, 120_000);
  afterAll(async () => h.close());

  it.each(['notes', 'file_name', 'source_site_id'])('answers 400 with a readable message for %s', async (field) => {
    const res = await h.app.inject({ method: 'POST', url: '/api/import-data-sources', headers: auth, payload: { ...body, [field]: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message: 'A value has the wrong format or is out of range' });
  });
});
