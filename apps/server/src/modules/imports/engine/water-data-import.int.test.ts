import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import {
  startWaterDataService,
  waterDataFeature,
  type ItemsQuery,
  type ScriptedAnswer,
  type RecordedRequest,
  type WaterDataFeature,
  type WaterDataService,
} from '../../../../test/water-data-server';
import { runImportSource, type ImportDeps } from './run-import';

// The USGS Water Data OGC API end to end against a loopback server that answers in the shapes of
// the recorded answers: paging by next links, 429 and 403 answers, foreign features, bad values.

const NOW = new Date('2026-11-05T12:00:00Z');
const KEY = 'test-api-key-0123456789';
const SITE = 'USGS-06754000';

const cont = (time: string, value: string | null, extra: Partial<Parameters<typeof waterDataFeature>[0]> = {}) =>
  waterDataFeature({
    monitoring_location_id: SITE,
    parameter_code: '00060',
    statistic_id: '00011',
    time,
    value,
    approval_status: 'Approved',
    qualifier: null,
    ...extra,
  });

describe('USGS Water Data API imports', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let service: WaterDataService;
  let deps: ImportDeps;
  let waterData: number;
  /** What the next requests answer; reset before each test. */
  let items: (q: ItemsQuery) => WaterDataFeature[] = () => [];
  let intercept: (req: RecordedRequest, index: number) => ScriptedAnswer | undefined = () => undefined;

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    const ds = await t.db
      .insertInto('data_source')
      .values({ data_source: 'USGS Water Data API', kind: 'usgs-water-data' })
      .returning('datasrc_ndx')
      .executeTakeFirstOrThrow();
    waterData = ds.datasrc_ndx;
    service = await startWaterDataService({ items: (q) => items(q), intercept: (r, i) => intercept(r, i), pageSize: 2 });
    deps = {
      importRoot: '/nonexistent',
      usgsBaseUrl: 'http://127.0.0.1:9',
      cdssBaseUrl: 'http://127.0.0.1:9',
      usgsWaterDataUrl: service.url,
      usgsApiKey: KEY,
      now: () => NOW,
    };
  });
  afterAll(async () => {
    await service.close();
    await t.drop();
  });
  beforeEach(async () => {
    await sql`truncate observation, observation_daily, series_latest, import_run, import_source cascade`.execute(t.db);
    service.requests.length = 0;
    items = () => [];
    intercept = () => undefined;
  });

  const addSource = (fields: Record<string, unknown>) =>
    addImportSource(t.db, f, 'usgs', { datasrc_ndx: waterData, history_days: 20, ...fields });
  const stored = () => seriesRows(t.db, f.locations[0], f.parameterNdx);
  const qualifiers = async () =>
    (await sql<{ q: string | null }>`select qualifiers as q from observation order by collect_timestamp`.execute(t.db)).rows.map(
      (r) => r.q,
    );
  const everyRequestHasKey = () => service.requests.length > 0 && service.requests.every((r) => r.headers['x-api-key'] === KEY);

  it('follows next links over several pages, keeps only the source’s series, marks provisional values and keeps qualifiers', async () => {
    items = () => [
      cont('2026-11-04T06:00:00+00:00', '412.37'),
      cont('2026-11-04T06:15:00+00:00', '0.1', { approval_status: 'Provisional', qualifier: ['ICE', 'EQUIP'] }),
      waterDataFeature({
        monitoring_location_id: 'USGS-06700000',
        parameter_code: '00060',
        statistic_id: '00011',
        time: '2026-11-04T06:30:00+00:00',
        value: '999',
        approval_status: 'Approved',
        qualifier: null,
      }),
      cont('2026-11-04T06:30:00+00:00', '1.5e2', { approval_status: 'Provisional' }),
      cont('2026-11-04T06:45:00+00:00', '12,5'),
      cont('2026-11-04T07:00:00-06:00', '415', { approval_status: 'Provisional', qualifier: ['ESTIMATED'] }),
      cont('2026-11-04T07:15:00+00:00', null),
      waterDataFeature({
        monitoring_location_id: SITE,
        parameter_code: '00065',
        statistic_id: '00011',
        time: '2026-11-04T07:30:00+00:00',
        value: '3.2',
        approval_status: 'Approved',
        qualifier: null,
      }),
    ];
    const n = await addSource({ source_site_id: '06754000', source_site_metadata: 'continuous:00060' });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'partial', rowsRead: 6, rowsInserted: 4, rowsSkipped: 1, rowsIgnored: 1 });
    expect(r.firstErrors).toEqual([{ line: null, message: 'value "12,5" is not a number' }]);
    expect(r.message).toContain('2 features of another monitoring location, parameter or statistic left out');
    // Four pages of two features, each asked with the API key.
    expect(service.requests).toHaveLength(4);
    expect(everyRequestHasKey()).toBe(true);
    const q = service.requests[0].url.searchParams;
    expect(service.requests[0].url.pathname).toBe('/ogcapi/v0/collections/continuous/items');
    expect(Object.fromEntries(q)).toEqual({
      monitoring_location_id: SITE,
      parameter_code: '00060',
      time: '2026-10-16T12:00:00Z/2026-11-05T12:00:00Z',
      limit: '10000',
      skipGeometry: 'true',
    });
    expect(service.requests[1].url.searchParams.get('cursor')).toBe('2');
    expect(await stored()).toEqual([
      ['2026-11-04T06:00:00.000Z', 412.37],
      ['2026-11-04T06:15:00.000Z', 0.1],
      ['2026-11-04T06:30:00.000Z', 150],
      ['2026-11-04T13:00:00.000Z', 415],
    ]);
    expect(await qualifiers()).toEqual(['A', 'P,ICE,EQUIP', 'P', 'P,ESTIMATED']);
    // The text is parsed exactly: PostgreSQL holds the same double as the text reads.
    const exact = await sql<{
      ok: boolean;
    }>`select bool_and(result_value = any(array[412.37, 0.1, 150, 415]::float8[])) as ok from observation`.execute(t.db);
    expect(exact.rows[0].ok).toBe(true);
    // The same window again changes nothing.
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ rowsInserted: 0, rowsUpdated: 0, rowsUnchanged: 4 });
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('daily: asks for the daily mean by default, stores each day at local midnight and leaves other statistics out', async () => {
    items = (q) => [
      waterDataFeature({
        monitoring_location_id: SITE,
        parameter_code: '00060',
        statistic_id: '00003',
        time: '2026-10-31',
        value: '401',
        approval_status: 'Approved',
        qualifier: null,
      }),
      waterDataFeature({
        monitoring_location_id: SITE,
        parameter_code: '00060',
        statistic_id: '00001',
        time: '2026-10-31',
        value: '520',
        approval_status: 'Approved',
        qualifier: null,
      }),
      waterDataFeature({
        monitoring_location_id: SITE,
        parameter_code: '00060',
        statistic_id: q.statisticId ?? '00003',
        time: '2026-11-01',
        value: '418',
        approval_status: 'Provisional',
        qualifier: null,
      }),
    ];
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'daily:00060' });
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsInserted: 2 });
    const q = service.requests[0].url.searchParams;
    expect([service.requests[0].url.pathname, q.get('statistic_id'), q.get('time')]).toEqual([
      '/ogcapi/v0/collections/daily/items',
      '00003',
      '2026-10-16/2026-11-05',
    ]);
    expect(await stored()).toEqual([
      ['2026-10-31T06:00:00.000Z', 401],
      ['2026-11-01T06:00:00.000Z', 418],
    ]);
    expect(await qualifiers()).toEqual(['A', 'P']);
  });

  it('waits out a 429 as Retry-After says and retries within the run', async () => {
    items = () => [cont('2026-11-04T06:00:00+00:00', '7')];
    intercept = (_r, i) =>
      i === 0
        ? { status: 429, headers: { 'retry-after': '1' }, body: { error: { code: 'OVER_RATE_LIMIT', message: 'Too many requests' } } }
        : undefined;
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:00060' });
    const started = Date.now();
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(service.requests).toHaveLength(2);
    expect(everyRequestHasKey()).toBe(true);
  });

  it('gives up on a 429 that asks for a longer wait than a run may take, quoting the service', async () => {
    intercept = () => ({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: { error: { code: 'OVER_RATE_LIMIT', message: 'API rate limit exceeded' } },
    });
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:00060' });
    const r = await runImportSource(t.db, n, deps);
    expect(r.status).toBe('failed');
    expect(r.message).toContain('kept answering HTTP 429');
    expect(r.message).toContain('it asks to wait 3600 s');
    expect(r.message).toContain('OVER_RATE_LIMIT: API rate limit exceeded');
    expect(r.message).not.toContain(KEY);
  });

  it('splits a window that exceeds the server limits (403) and asks again for each half', async () => {
    items = (q) =>
      [cont('2026-10-20T00:00:00+00:00', '1'), cont('2026-11-02T00:00:00+00:00', '2')].filter((x) => {
        const at = Date.parse(x.properties.time as string);
        return at >= q.fromMs! && at <= q.toMs!;
      });
    intercept = (r) => {
      const [a, b] = r.url.searchParams.get('time')!.split('/');
      const days = (Date.parse(b) - Date.parse(a)) / 86_400_000;
      return days > 12 ? { status: 403, body: { code: 'Forbidden', description: 'Query exceeds server limits' } } : undefined;
    };
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:00060' });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'succeeded', rowsInserted: 2 });
    expect(service.requests.map((x) => x.url.searchParams.get('time'))).toEqual([
      '2026-10-16T12:00:00Z/2026-11-05T12:00:00Z',
      '2026-10-16T12:00:00Z/2026-10-26T12:00:00Z',
      '2026-10-26T12:00:01Z/2026-11-05T12:00:00Z',
    ]);
    expect(r.message).toContain("exceeded the service's limits; asked again in two halves");
    expect(await stored()).toEqual([
      ['2026-10-20T00:00:00.000Z', 1],
      ['2026-11-02T00:00:00.000Z', 2],
    ]);
  });

  it('a failed run leaves no gap: the next run asks again from the high-water mark and fills everything', async () => {
    // One value a week for four years: more than the 3 years one continuous request may cover.
    const all: WaterDataFeature[] = [];
    for (let d = Date.parse('2022-11-06T00:00:00Z'); d <= Date.parse('2026-11-05T00:00:00Z'); d += 7 * 86_400_000)
      all.push(cont(new Date(d).toISOString().replace('.000Z', '+00:00'), String(d / 86_400_000)));
    items = (q) =>
      all.filter((x) => {
        const at = Date.parse(x.properties.time as string);
        return at >= q.fromMs! && at <= q.toMs!;
      });
    let healthy = false;
    intercept = (r) =>
      !healthy && r.url.searchParams.get('time')!.startsWith('2025')
        ? { status: 500, body: { code: 'InternalError', description: 'database timeout' } }
        : undefined;
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:00060', history_days: 0 });
    await sql`update import_source set imported_through = ${new Date('2022-11-07T00:00:00Z')} where import_ndx = ${n}`.execute(t.db);
    const first = await runImportSource(t.db, n, deps);
    expect(first.status).toBe('partial');
    expect(first.message).toContain('answered HTTP 500');
    expect(first.message).toContain('InternalError: database timeout');
    const mark = (await t.db.selectFrom('import_source').select('imported_through').where('import_ndx', '=', n).executeTakeFirstOrThrow())
      .imported_through!;
    const firstStored = await stored();
    expect(firstStored.at(-1)![0]).toBe(mark.toISOString());
    expect(mark.getTime()).toBeLessThan(Date.parse('2026-01-01T00:00:00Z'));

    healthy = true;
    const second = await runImportSource(t.db, n, deps);
    expect(second.status).toBe('succeeded');
    // The next run starts a day before the mark, so nothing between the runs is missed.
    expect(service.requests.at(-2)!.url.searchParams.get('time')!.split('/')[0]).toBe(
      new Date(mark.getTime() - 86_400_000).toISOString().replace('.000Z', 'Z'),
    );
    expect(await stored()).toHaveLength(all.length);
    expect(await rollupsAreExact(t.db)).toBe(true);
    expect(everyRequestHasKey()).toBe(true);
  });

  it('refuses a source without a monitoring location id or with a malformed code, before asking', async () => {
    const noSite = await addSource({ source_site_id: 'Platte', source_site_metadata: 'continuous:00060' });
    expect((await runImportSource(t.db, noSite, deps)).message).toContain(
      'Source Site ID must be a monitoring location id such as USGS-06904500',
    );
    const badCode = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:0060' });
    expect((await runImportSource(t.db, badCode, deps)).message).toContain('The parameter code must be five digits');
    expect(service.requests).toHaveLength(0);
  });

  it('quotes any other failure (a 403 for a refused key) and writes nothing', async () => {
    intercept = () => ({ status: 403, body: { code: 'API_KEY_INVALID', description: 'An invalid api_key was supplied.' } });
    const n = await addSource({ source_site_id: SITE, source_site_metadata: 'continuous:00060' });
    const r = await runImportSource(t.db, n, deps);
    expect(r.status).toBe('failed');
    expect(r.message).toContain('answered HTTP 403 Forbidden: API_KEY_INVALID: An invalid api_key was supplied.');
    expect(service.requests).toHaveLength(1);
    expect(await stored()).toEqual([]);
  });
});
