import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { sendJson, startLocalServer, type LocalServer } from '../../../../test/local-http';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { cdssPage, usgsResponse } from '../../../../test/web-service-fixtures';
import { runImportSource, type ImportDeps } from './run-import';

// USGS Water Services and Colorado DWR (CDSS) end to end against a local HTTP server that
// answers in their documented formats. Nothing leaves 127.0.0.1.

const NOW = new Date('2026-11-05T12:00:00Z');

describe('web service imports', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let server: LocalServer;
  let deps: ImportDeps;
  let releaseSlowSite: () => void = () => {};
  let slowSiteGate = Promise.resolve();

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    server = await startLocalServer(async (url, res) => {
      const q = url.searchParams;
      if (url.pathname === '/nwis/iv/') {
        if (q.get('sites') === '06700000') return sendJson(res, 500, { error: 'internal' });
        if (q.get('sites') === '06711111') await slowSiteGate;
        return sendJson(
          res,
          200,
          usgsResponse({
            site: q.get('sites')!,
            parameterCd: '00060',
            emptyFirstBlock: true,
            values: [
              { dateTime: '2026-11-01T00:45:00.000-06:00', value: '412' },
              { dateTime: '2026-11-01T01:00:00.000-06:00', value: '415' },
              { dateTime: '2026-11-01T01:00:00.000-07:00', value: '-999999', qualifiers: ['P', 'Ice'] },
              { dateTime: '2026-11-01T01:15:00.000-07:00', value: '420' },
            ],
          }),
        );
      }
      if (url.pathname === '/nwis/dv/') {
        return sendJson(
          res,
          200,
          usgsResponse({
            site: q.get('sites')!,
            parameterCd: '00060',
            statCd: '00003',
            values: [
              { dateTime: '2026-10-31T00:00:00.000', value: '401' },
              { dateTime: '2026-11-01T00:00:00.000', value: '418' },
            ],
          }),
        );
      }
      if (url.pathname === '/cdss/telemetrystations/telemetrytimeseriesraw/') {
        if (q.get('abbrev') === 'NOSUCH') return sendJson(res, 400, 'Error: (abbrev) not found for this search');
        // Three pages across the fall-back hour: local times without offset, the repeated 01:xx in order.
        const pages = [
          [
            { measDateTime: '2026-11-01 00:45:00', measValue: 500 },
            { measDateTime: '2026-11-01 01:00:00', measValue: 501 },
          ],
          [
            { measDateTime: '2026-11-01 01:45:00', measValue: 502 },
            { measDateTime: '2026-11-01 01:00:00', measValue: 503 },
          ],
          [
            { measDateTime: '2026-11-01 01:15:00', measValue: null },
            { measDateTime: '2026-11-01 02:00:00', measValue: 505.5 },
          ],
        ];
        const i = Number(q.get('pageIndex'));
        return sendJson(res, 200, cdssPage(i, pages.length, pages[i - 1]));
      }
      sendJson(res, 404, 'not found');
    });
    deps = { importRoot: '/nonexistent', usgsBaseUrl: `${server.url}/nwis`, cdssBaseUrl: `${server.url}/cdss/`, now: () => NOW };
  });
  afterAll(async () => {
    await server.close();
    await t.drop();
  });
  beforeEach(async () => {
    await sql`truncate observation, observation_daily, series_latest, import_run, import_source cascade`.execute(t.db);
    server.requests.length = 0;
  });
  const stored = () => seriesRows(t.db, f.locations[0], f.parameterNdx);

  it('USGS instantaneous values: offsets kept, noData ignored, the window follows history_days; re-run is unchanged', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: '00060', history_days: 20 });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 4, rowsInserted: 3, rowsIgnored: 1, rowsSkipped: 0 });
    const q = server.requests[0].searchParams;
    expect([server.requests[0].pathname, q.get('sites'), q.get('parameterCd'), q.get('startDT'), q.get('format')]).toEqual([
      '/nwis/iv/',
      '06754000',
      '00060',
      '2026-10-16',
      'json',
    ]);
    expect(await stored()).toEqual([
      ['2026-11-01T06:45:00.000Z', 412],
      ['2026-11-01T07:00:00.000Z', 415],
      ['2026-11-01T08:15:00.000Z', 420],
    ]);
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 0, rowsUpdated: 0, rowsUnchanged: 3 });
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('USGS daily values: dv:00060 asks for the daily mean and stores each day at local midnight', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'Discharge dv:00060' });
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 2 });
    expect(server.requests[0].pathname).toBe('/nwis/dv/');
    expect(server.requests[0].searchParams.get('statCd')).toBe('00003');
    expect(await stored()).toEqual([
      ['2026-10-31T06:00:00.000Z', 401],
      ['2026-11-01T06:00:00.000Z', 418],
    ]);
    const days = await sql<{ d: string }>`select local_date::text as d from observation_daily order by 1`.execute(t.db);
    expect(days.rows.map((x) => x.d)).toEqual(['2026-10-31', '2026-11-01']);
  });

  it('USGS HTTP 500 and a missing parameter code fail the run with a clear message and write nothing', async () => {
    const down = await addImportSource(t.db, f, 'usgs', { source_site_id: '06700000', source_site_metadata: 'iv:00060' });
    const r = await runImportSource(t.db, down, deps);
    expect(r.status).toBe('failed');
    expect(r.message).toMatch(
      /^USGS Water Services answered HTTP 500 Internal Server Error \(content type application\/json; charset=utf-8\): \{"error":"internal"\} \(http:\/\/127\.0\.0\.1/,
    );
    const vague = await addImportSource(t.db, f, 'usgs', {
      source_site_id: '06754000',
      source_site_metadata: 'SOUTH PLATTE RIVER NEAR KERSEY, CO',
    });
    expect((await runImportSource(t.db, vague, deps)).message).toBe(
      'Source Site Metadata must name the USGS parameter code, e.g. 00060, iv:00060 or dv:00060:00003 (found "SOUTH PLATTE RIVER NEAR KERSEY, CO")',
    );
    expect(await stored()).toEqual([]);
    const runs = await t.db.selectFrom('import_run').select(['status', 'first_errors']).orderBy('import_run_ndx').execute();
    expect(runs.map((x) => x.status)).toEqual(['failed', 'failed']);
    expect(runs[0].first_errors).toEqual([{ line: null, message: r.message }]);
  });

  it('CDSS telemetry: reads every page in one transaction; local times cross the repeated hour', async () => {
    const n = await addImportSource(t.db, f, 'cdss', {
      source_site_id: 'plakerco',
      source_site_metadata: 'DISCHRG',
      interval_period: '15 minutes',
      history_days: 20,
    });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 6, rowsInserted: 5, rowsIgnored: 1 });
    expect(server.requests.map((u) => u.searchParams.get('pageIndex'))).toEqual(['1', '2', '3']);
    const q = server.requests[0].searchParams;
    expect([q.get('abbrev'), q.get('parameter'), q.get('startDate'), q.get('dateFormat')]).toEqual([
      'PLAKERCO',
      'DISCHRG',
      '10-16-2026',
      'spaceSepToSeconds',
    ]);
    expect(await stored()).toEqual([
      ['2026-11-01T06:45:00.000Z', 500],
      ['2026-11-01T07:00:00.000Z', 501],
      ['2026-11-01T07:45:00.000Z', 502],
      ['2026-11-01T08:00:00.000Z', 503],
      ['2026-11-01T09:00:00.000Z', 505.5],
    ]);
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('CDSS error answers (a bare JSON string) fail the run', async () => {
    const n = await addImportSource(t.db, f, 'cdss', { source_site_id: 'NOSUCH', source_site_metadata: 'DISCHRG:raw' });
    const r = await runImportSource(t.db, n, deps);
    expect(r.status).toBe('failed');
    expect(r.message).toContain(
      'Colorado DWR (CDSS) answered HTTP 400 Bad Request (content type application/json; charset=utf-8): Error: (abbrev) not found for this search',
    );
  });

  it('two workers racing on one source: exactly one runs, the other is skipped and touches nothing', async () => {
    slowSiteGate = new Promise((resolve) => (releaseSlowSite = resolve));
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '06711111', source_site_metadata: '00060' });
    const a = runImportSource(t.db, n, deps);
    const b = runImportSource(t.db, n, deps);
    // The runner holding the lock waits on the (held) USGS answer, so the first to finish is the skipped one.
    const first = await Promise.race([a, b]);
    expect(first.status).toBe('skipped');
    expect(first.message).toMatch(/^Another worker is already running import \d+/);
    releaseSlowSite();
    const results = await Promise.all([a, b]);
    expect(results.map((x) => x.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(results.find((x) => x.status === 'succeeded')).toMatchObject({ rowsInserted: 3 });
    expect(await t.db.selectFrom('import_run').select('status').execute()).toEqual([{ status: 'succeeded' }]);
    expect(server.requests).toHaveLength(1);
    expect(await rollupsAreExact(t.db)).toBe(true);
  });
});
