import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import {
  generatedItems,
  monitoringLocationFeature,
  startWaterDataService,
  type WaterDataService,
} from '../../../../test/water-data-server';
import { runImportSource } from '../engine/run-import';
import { countEnabledWaterServicesSources } from './water-data-move.repository';

// Moving WaterServices sources to the Water Data API, the Water Data API source's fields, and
// "Fill from USGS", through the API as an administrator, against a loopback Water Data API.

const NOW = new Date('2026-11-05T12:00:00Z');
const KEY = 'move-test-key';

describe('USGS Water Data API: moving sources, source fields and Fill from USGS', () => {
  let service: WaterDataService;
  let h: TestApp;
  let f: ImportFixture;
  let admin: string;
  let waterData: number;

  beforeAll(async () => {
    service = await startWaterDataService({
      items: (q) => generatedItems(q, NOW),
      locations: {
        'USGS-06754000': monitoringLocationFeature('USGS-06754000', 'SOUTH PLATTE RIVER NEAR KERSEY, CO', -104.5627778, 40.4125),
      },
    });
    h = await createTestApp({ USGS_WATER_DATA_URL: service.url, USGS_API_KEY: KEY });
    f = await createImportFixture(h.t.db);
    admin = await h.tokenFor({ sub: 'usr_admin_move', roles: ['Administrator'], email: 'admin@example.org' });
  });
  afterAll(async () => {
    await h.close();
    await service.close();
  });
  beforeEach(async () => {
    await sql`truncate observation, observation_daily, series_latest, import_run, import_source, audit_log cascade`.execute(h.t.db);
    await sql`delete from data_source where kind = 'usgs-water-data'`.execute(h.t.db);
    service.requests.length = 0;
  });

  const post = (url: string, body?: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${admin}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const sourceRow = (n: number) =>
    h.t.db
      .selectFrom('import_source as s')
      .innerJoin('data_source as d', 'd.datasrc_ndx', 's.datasrc_ndx')
      .select(['d.data_source', 'd.kind', 's.source_site_id', 's.source_site_metadata', 's.source_method_id', 's.imported_through'])
      .where('s.import_ndx', '=', n)
      .executeTakeFirstOrThrow();

  it('moves one source in one step, keeps its high-water mark, audits it, and the next run continues from the mark', async () => {
    const mark = new Date('2026-11-03T18:45:00Z');
    const n = await addImportSource(h.t.db, f, 'usgs', {
      source_site_id: '06754000',
      source_site_metadata: 'iv:00060',
      source_method_id: 69512,
      history_days: 0,
    });
    await sql`update import_source set imported_through = ${mark} where import_ndx = ${n}`.execute(h.t.db);

    const res = await post(`/api/import-data-sources/${n}/move-to-water-data-api`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      moved: [
        { import_ndx: n, source_site_id: 'USGS-06754000', source_site_metadata: 'continuous:00060', imported_through: mark.toISOString() },
      ],
      not_moved: [],
    });
    expect(await sourceRow(n)).toEqual({
      data_source: 'USGS Water Data API',
      kind: 'usgs-water-data',
      source_site_id: 'USGS-06754000',
      source_site_metadata: 'continuous:00060',
      source_method_id: null,
      imported_through: mark,
    });
    const audit = await h.t.db.selectFrom('audit_log').selectAll().where('table_name', '=', 'import_source').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_sub: 'usr_admin_move', action: 'update', row_key: String(n) });
    expect(audit[0].before).toMatchObject({ source_site_id: '06754000', source_site_metadata: 'iv:00060', source_method_id: 69512 });
    expect(audit[0].after).toMatchObject({ source_site_id: 'USGS-06754000', source_site_metadata: 'continuous:00060' });

    const r = await runImportSource(h.t.db, n, {
      importRoot: '/nonexistent',
      usgsBaseUrl: 'http://127.0.0.1:9',
      cdssBaseUrl: 'http://127.0.0.1:9',
      usgsWaterDataUrl: service.url,
      usgsApiKey: KEY,
      now: () => NOW,
    });
    expect(r.status).toBe('succeeded');
    expect(service.requests[0].url.searchParams.get('time')).toBe('2026-11-02T18:45:00Z/2026-11-05T12:00:00Z');
    const first = await sql<{ t: Date }>`select min(collect_timestamp) as t from observation`.execute(h.t.db);
    expect(first.rows[0].t).toEqual(new Date('2026-11-02T18:45:00Z'));
  });

  it('the bulk action moves every WaterServices source it can and says why it left the others', async () => {
    const iv = await addImportSource(h.t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'iv:00060' });
    const dv = await addImportSource(h.t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'dv:00060', enabled: false });
    const vague = await addImportSource(h.t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'Discharge' });
    const cdss = await addImportSource(h.t.db, f, 'cdss', { source_site_id: 'PLAPLTCO', source_site_metadata: 'DISCHRG' });
    // The start-up notice counts the enabled ones.
    expect(await countEnabledWaterServicesSources(h.t.db)).toBe(2);
    const res = await post('/api/import-data-sources/move-to-water-data-api', {});
    expect(await countEnabledWaterServicesSources(h.t.db)).toBe(1);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      moved: { import_ndx: number; source_site_metadata: string }[];
      not_moved: { import_ndx: number; message: string }[];
    };
    expect(body.moved.map((m) => [m.import_ndx, m.source_site_metadata])).toEqual([
      [iv, 'continuous:00060'],
      [dv, 'daily:00060:00003'],
    ]);
    expect(body.not_moved).toEqual([
      { import_ndx: vague, message: 'Source Site Metadata "Discharge" names no USGS parameter code (e.g. iv:00060)' },
    ]);
    expect((await sourceRow(cdss)).kind).toBe('cdss');
    expect((await sourceRow(vague)).kind).toBe('usgs');
    expect(await h.t.db.selectFrom('audit_log').select('row_key').orderBy('row_key').execute()).toHaveLength(2);
    // Nothing left to move: a second press moves nothing.
    expect((await post('/api/import-data-sources/move-to-water-data-api')).json()).toEqual({
      moved: [],
      not_moved: [{ import_ndx: vague, message: expect.any(String) }],
    });
  });

  it('the one-source action answers 404, 409 and 400 with the reason', async () => {
    const cdss = await addImportSource(h.t.db, f, 'cdss', { source_site_id: 'PLAPLTCO', source_site_metadata: 'DISCHRG' });
    const vague = await addImportSource(h.t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'Discharge' });
    const missing = await post('/api/import-data-sources/999999/move-to-water-data-api');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Import configuration 999999 does not exist']);
    const notOld = await post(`/api/import-data-sources/${cdss}/move-to-water-data-api`);
    expect([notOld.statusCode, notOld.json().message]).toEqual([409, `Import configuration ${cdss} does not use USGS WaterServices`]);
    const bad = await post(`/api/import-data-sources/${vague}/move-to-water-data-api`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('names no USGS parameter code');
    const badBody = await post('/api/import-data-sources/move-to-water-data-api', { import_ndx: 'all' });
    expect([badBody.statusCode, badBody.json().message]).toEqual([400, 'body.import_ndx: import_ndx must be a list of import numbers']);
  });

  it('a Water Data API source is saved with its USGS- prefix and canonical metadata; malformed codes get a clear 400', async () => {
    await post('/api/import-data-sources/move-to-water-data-api'); // nothing to move; creates no data source
    waterData = (
      await h.t.db
        .insertInto('data_source')
        .values({ data_source: 'USGS Water Data API', kind: 'usgs-water-data' })
        .returning('datasrc_ndx')
        .executeTakeFirstOrThrow()
    ).datasrc_ndx;
    const body = {
      location_ndx: f.locations[0],
      parameter_ndx: f.parameterNdx,
      unit_ndx: f.unitNdx,
      datasrc_ndx: waterData,
      source_site_id: '06754000',
      source_site_metadata: 'Daily:00060',
    };
    const created = await post('/api/import-data-sources', body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      source_site_id: 'USGS-06754000',
      source_site_metadata: 'daily:00060:00003',
      datasrc_kind: 'usgs-water-data',
    });
    for (const [metadata, message] of [
      ['continuous:0060', 'The parameter code must be five digits, e.g. 00060 (discharge) or 00065 (gage height)'],
      ['hourly:00060', 'The collection must be continuous or daily'],
      ['daily:00060:3', 'The statistic code must be five digits, e.g. 00003 (daily mean)'],
      [
        '00060',
        'Source Site Metadata must be <collection>:<parameter code>[:<statistic code>], e.g. continuous:00065 or daily:00060:00003',
      ],
    ]) {
      const res = await post('/api/import-data-sources', { ...body, source_site_metadata: metadata });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    const noSite = await post('/api/import-data-sources', { ...body, source_site_id: 'Kersey' });
    expect([noSite.statusCode, noSite.json().message]).toEqual([
      400,
      'Source Site ID must be a monitoring location id such as USGS-06904500 (or the site number 06904500)',
    ]);
  });

  it('Fill from USGS: name and coordinates of a monitoring location, with the API key; 404 and 400 say why', async () => {
    const get = (q: string) =>
      h.app.inject({ method: 'GET', url: `/api/usgs-monitoring-location?${q}`, headers: { authorization: `Bearer ${admin}` } });
    const res = await get('monitoring_location_id=06754000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      monitoring_location_id: 'USGS-06754000',
      location_name: 'SOUTH PLATTE RIVER NEAR KERSEY, CO',
      latitude: 40.4125,
      longitude: -104.562778,
      site_type: 'Stream',
      state_name: 'Colorado',
    });
    expect(service.requests[0].url.pathname).toBe('/ogcapi/v0/collections/monitoring-locations/items/USGS-06754000');
    expect(service.requests[0].headers['x-api-key']).toBe(KEY);
    const unknown = await get('monitoring_location_id=USGS-09999999');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'USGS has no monitoring location USGS-09999999']);
    const bad = await get('monitoring_location_id=Kersey');
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'querystring.monitoring_location_id: The monitoring location id must look like USGS-06754000 (or the site number 06754000)',
    ]);
    const user = await h.tokenFor({ roles: ['User'] });
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/usgs-monitoring-location?monitoring_location_id=06754000',
          headers: { authorization: `Bearer ${user}` },
        })
      ).statusCode,
    ).toBe(403);
  });
});
