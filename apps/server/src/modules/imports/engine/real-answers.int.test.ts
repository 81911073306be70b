import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { sendJson, startLocalServer, type LocalServer } from '../../../../test/local-http';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { cdssPage, usgsAnswer } from '../../../../test/web-service-fixtures';
import { runImportSource, type ImportDeps } from './run-import';

// Imports against the shapes real USGS and CDSS answers take: outages, answers holding several
// sites or methods, qualifiers, empty answers. The local server honours startDT like the service,
// so a request window that starts too late really loses data here.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-10-10T12:00:00Z');

describe('imports against real service answers', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let server: LocalServer;
  let deps: ImportDeps;
  let clock = T0;
  let outage = false;

  /** Every 6 hours from local midnight of startDT up to the test clock, as USGS iv would answer. */
  function sixHourly(startDT: string): { dateTime: string; value: string; qualifiers: string[] }[] {
    const out = [];
    for (let ms = Date.parse(`${startDT}T00:00:00-06:00`); ms <= clock; ms += 6 * HOUR) {
      out.push({ dateTime: new Date(ms).toISOString(), value: String((ms / HOUR) % 1000), qualifiers: ['P'] });
    }
    return out;
  }

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    server = await startLocalServer((url, res) => {
      const q = url.searchParams;
      const site = q.get('sites');
      if (url.pathname === '/nwis/iv/') {
        if (site === '06754000') {
          if (outage) {
            // What a proxy in front of a service in maintenance sends: an HTML page with status 200.
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.end(
              '<!DOCTYPE html><html><head><title>Service Unavailable</title></head><body>Water Services is down for maintenance</body></html>',
            );
            return;
          }
          return sendJson(
            res,
            200,
            usgsAnswer([{ site, parameterCd: '00060', blocks: [{ methodId: 1, values: sixHourly(q.get('startDT')!) }] }]),
          );
        }
        if (site === '01645000') {
          // The answer of dataretrieval-python's recorded two-site request: both sites, both parameters.
          const v = (value: string, qualifiers = ['A']) => [
            { dateTime: '2019-02-14T00:00:00.000-05:00', value, qualifiers },
            { dateTime: '2019-02-14T00:15:00.000-05:00', value, qualifiers },
          ];
          return sendJson(
            res,
            200,
            usgsAnswer([
              { site: '01491000', parameterCd: '00060', blocks: [{ methodId: 69512, values: v('974') }] },
              { site: '01491000', parameterCd: '00065', blocks: [{ methodId: 69513, values: v('6.48') }] },
              { site: '01645000', parameterCd: '00060', blocks: [{ methodId: 69925, values: v('474') }] },
              { site: '01645000', parameterCd: '00065', blocks: [{ methodId: 69926, values: v('3.13') }] },
            ]),
          );
        }
        if (site === '444306122144600') {
          // One site, one parameter, two methods (sensors at two depths), as in hydrofunctions' multi_meth.
          return sendJson(
            res,
            200,
            usgsAnswer([
              {
                site,
                parameterCd: '63680',
                blocks: [
                  {
                    methodId: 254051,
                    description: '[1 Meter Below The Surface]',
                    values: [{ dateTime: '2020-04-18T00:26:00.000-07:00', value: '1.4', qualifiers: ['P'] }],
                  },
                  {
                    methodId: 254060,
                    description: 'Variable Depth Profile Data',
                    values: [
                      { dateTime: '2020-04-18T01:01:00.000-07:00', value: '2.1', qualifiers: ['P'] },
                      { dateTime: '2020-04-18T01:03:00.000-07:00', value: '2.2', qualifiers: ['P'] },
                    ],
                  },
                ],
              },
            ]),
          );
        }
        if (site === '01542500') {
          const approved = q.get('approved') !== null;
          return sendJson(
            res,
            200,
            usgsAnswer([
              {
                site,
                parameterCd: '00060',
                blocks: [
                  {
                    methodId: 121832,
                    values: [
                      { dateTime: '2019-01-24T00:00:00.000-05:00', value: '2230', qualifiers: approved ? ['A'] : ['P'] },
                      { dateTime: '2019-01-24T00:15:00.000-05:00', value: '2210', qualifiers: ['P', 'e'] },
                      { dateTime: '2019-01-24T00:30:00.000-05:00', value: '-999999', qualifiers: ['P', 'Ice'] },
                      { dateTime: '2019-01-24T00:45:00.000-05:00', value: '2100', qualifiers: ['P', 'Ice'] },
                    ],
                  },
                ],
              },
            ]),
          );
        }
        // A site or parameter the service does not know: USGS answers 200 with no time series.
        return sendJson(res, 200, usgsAnswer([]));
      }
      if (url.pathname === '/cdss/telemetrystations/telemetrytimeseriesraw/') {
        const abbrev = q.get('abbrev');
        const page = Number(q.get('pageIndex'));
        if (abbrev === 'PLAKERCO') {
          return sendJson(
            res,
            200,
            cdssPage(1, 1, [
              { measDateTime: '2026-10-05 00:00:00', measValue: 460, flagA: 'P', flagB: null },
              { measDateTime: '2026-10-05 00:15:00', measValue: 455, flagA: 'O', flagB: 'Ice' },
              { measDateTime: '2026-10-05 00:30:00', measValue: 450, flagA: null, flagB: null },
            ]),
          );
        }
        if (abbrev === 'FLAKY') {
          if (page === 3) {
            res.writeHead(502, { 'content-type': 'text/html' });
            res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
            return;
          }
          const rows = [0, 1].map((i) => ({ measDateTime: `2026-10-0${page} 0${i}:00:00`, measValue: page * 10 + i }));
          return sendJson(res, 200, cdssPage(page, 3, rows, 'FLAKY'));
        }
        return sendJson(res, 200, cdssPage(1, 1, [], abbrev ?? ''));
      }
      sendJson(res, 404, 'not found');
    });
    deps = { importRoot: '/nonexistent', usgsBaseUrl: `${server.url}/nwis`, cdssBaseUrl: `${server.url}/cdss`, now: () => new Date(clock) };
  });
  afterAll(async () => {
    await server.close();
    await t.drop();
  });
  beforeEach(async () => {
    await sql`truncate observation, observation_daily, series_latest, import_run, import_source cascade`.execute(t.db);
    server.requests.length = 0;
    clock = T0;
    outage = false;
  });
  const stored = () => seriesRows(t.db, f.locations[0], f.parameterNdx);
  const qualifiers = async () =>
    (
      await t.db
        .selectFrom('observation')
        .select(['collect_timestamp', 'result_value', 'qualifiers'])
        .where('location_ndx', '=', f.locations[0])
        .orderBy('collect_timestamp')
        .execute()
    ).map((r) => [r.collect_timestamp.toISOString(), r.result_value, r.qualifiers]);

  it('an outage does not move the window: ten days of failed runs, then one run imports all ten days', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: 'iv:00060', history_days: 0 });
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded' });
    const before = (await stored()).length;
    outage = true;
    for (let day = 1; day < 10; day++) {
      clock = T0 + day * DAY;
      const r = await runImportSource(t.db, n, deps);
      expect(r.status).toBe('failed');
      expect(r.message).toMatch(
        /^USGS Water Services sent an HTML page instead of JSON \(HTTP 200 OK, content type text\/html; charset=utf-8\): <!DOCTYPE html><html><head><title>Service Unavailable/,
      );
    }
    outage = false;
    clock = T0 + 10 * DAY;
    server.requests.length = 0;
    const r = await runImportSource(t.db, n, deps);
    expect(r.status).toBe('succeeded');
    // From where the stored data stops (T0) with one day of overlap, not from "yesterday".
    expect(server.requests[0].searchParams.get('startDT')).toBe('2026-10-09');
    const rows = await stored();
    expect(rows.length).toBe(before + 40);
    // Every six-hour value of the ten days after T0 is there.
    expect(rows.filter(([ts]) => Date.parse(ts) > T0).map(([ts]) => Date.parse(ts))).toEqual(
      Array.from({ length: 40 }, (_, i) => T0 + (i + 1) * 6 * HOUR),
    );
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('a source whose first run fails still asks for its whole first window next time', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '06754000', source_site_metadata: '00060', history_days: 0 });
    outage = true;
    expect((await runImportSource(t.db, n, deps)).status).toBe('failed');
    outage = false;
    clock = T0 + DAY;
    expect((await runImportSource(t.db, n, deps)).status).toBe('succeeded');
    expect(server.requests.map((u) => u.searchParams.get('startDT'))).toEqual(['2026-09-20', '2026-09-21']);
    const src = await t.db.selectFrom('import_source').select(['imported_through', 'last_retrieval']).executeTakeFirstOrThrow();
    expect(src.imported_through?.getTime()).toBe(T0 + DAY);
  });

  it('an answer with two sites stores only the configured site (2019-02-14 05:00Z: 3.13, not 6.48)', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '01645000', source_site_metadata: 'iv:00065', history_days: 0 });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 2, rowsInserted: 2 });
    expect(await stored()).toEqual([
      ['2019-02-14T05:00:00.000Z', 3.13],
      ['2019-02-14T05:15:00.000Z', 3.13],
    ]);
  });

  it('a site with two methods follows the configured method; without one it says which it took; a wrong one fails', async () => {
    const fields = { source_site_id: '444306122144600', source_site_metadata: 'iv:63680', history_days: 0 };
    const chosen = await addImportSource(t.db, f, 'usgs', { ...fields, source_method_id: 254060 });
    expect(await runImportSource(t.db, chosen, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 2 });
    expect(await stored()).toEqual([
      ['2020-04-18T08:01:00.000Z', 2.1],
      ['2020-04-18T08:03:00.000Z', 2.2],
    ]);
    await sql`truncate observation, observation_daily, series_latest`.execute(t.db);
    const unset = await addImportSource(t.db, f, 'usgs', fields);
    const r = await runImportSource(t.db, unset, deps);
    expect(r.status).toBe('warning');
    expect(r.message).toContain(
      'the site has 2 methods (sensors) with values: 254051 [1 Meter Below The Surface] (1 values), 254060 Variable Depth Profile Data (2 values); imported method 254051 only. Set Source Method ID to choose',
    );
    expect(await stored()).toEqual([['2020-04-18T07:26:00.000Z', 1.4]]);
    const wrong = await addImportSource(t.db, f, 'usgs', { ...fields, location_ndx: f.locations[1], source_method_id: 999 });
    const w = await runImportSource(t.db, wrong, deps);
    expect(w.status).toBe('failed');
    expect(w.message).toContain('method 999 is not in the answer; the site has 254051 [1 Meter Below The Surface] (1 values), 254060');
  });

  it('USGS qualifiers are kept per value and in series_latest; an approval alone updates the row; no-data stays ignored', async () => {
    const n = await addImportSource(t.db, f, 'usgs', { source_site_id: '01542500', source_site_metadata: 'iv:00060', history_days: 0 });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 4, rowsInserted: 3, rowsIgnored: 1 });
    expect(await qualifiers()).toEqual([
      ['2019-01-24T05:00:00.000Z', 2230, 'P'],
      ['2019-01-24T05:15:00.000Z', 2210, 'P,e'],
      ['2019-01-24T05:45:00.000Z', 2100, 'P,Ice'],
    ]);
    expect(await t.db.selectFrom('series_latest').select(['last_value', 'last_qualifiers']).execute()).toEqual([
      { last_value: 2100, last_qualifiers: 'P,Ice' },
    ]);
    // The same values approved later: only the qualifier changes, and the row follows.
    const approved = await runImportSource(t.db, n, {
      ...deps,
      fetchImpl: (input, init) => fetch(`${String(input as string)}&approved=1`, init),
    });
    expect(approved).toMatchObject({ status: 'succeeded', rowsUpdated: 1, rowsUnchanged: 2 });
    expect((await qualifiers())[0]).toEqual(['2019-01-24T05:00:00.000Z', 2230, 'A']);
    expect(await rollupsAreExact(t.db)).toBe(true);
  });

  it('CDSS flags are kept as qualifiers and the request carries includeThirdParty=true', async () => {
    const n = await addImportSource(t.db, f, 'cdss', { source_site_id: 'PLAKERCO', source_site_metadata: 'DISCHRG:raw', history_days: 0 });
    expect(await runImportSource(t.db, n, deps)).toMatchObject({ status: 'succeeded', rowsInserted: 3 });
    expect(server.requests[0].searchParams.get('includeThirdParty')).toBe('true');
    expect((await qualifiers()).map((x) => x[2])).toEqual(['P', 'O,Ice', null]);
  });

  it('an empty answer is a warning that says what was asked, and nothing is written', async () => {
    const usgs = await addImportSource(t.db, f, 'usgs', { source_site_id: '09999999', source_site_metadata: 'iv:00060', history_days: 0 });
    const r = await runImportSource(t.db, usgs, deps);
    expect(r).toMatchObject({ status: 'warning', rowsRead: 0 });
    expect(r.message).toBe(
      'USGS 09999999 iv:00060 since 2026-09-20: the answer has no time series for this site and parameter; check the Source Site ID and Source Site Metadata',
    );
    const cdss = await addImportSource(t.db, f, 'cdss', {
      source_site_id: 'NOSTATION',
      source_site_metadata: 'DISCHRG:raw',
      history_days: 0,
    });
    const c = await runImportSource(t.db, cdss, deps);
    expect(c.status).toBe('warning');
    expect(c.message).toBe(
      'CDSS NOSTATION DISCHRG (raw) since 09-20-2026: the service answered with no records; check the station abbreviation and parameter',
    );
    const runs = await t.db.selectFrom('import_run').select(['status', 'message']).orderBy('import_run_ndx').execute();
    expect(runs).toEqual([
      { status: 'warning', message: r.message },
      { status: 'warning', message: c.message },
    ]);
    expect(await stored()).toEqual([]);
  });

  it('a paged CDSS run that fails on page 3 records the rows it read and writes none', async () => {
    const n = await addImportSource(t.db, f, 'cdss', { source_site_id: 'FLAKY', source_site_metadata: 'DISCHRG:raw', history_days: 0 });
    const r = await runImportSource(t.db, n, deps);
    expect(r).toMatchObject({ status: 'failed', rowsRead: 4, rowsInserted: 0 });
    expect(r.message).toMatch(
      /^Colorado DWR \(CDSS\) answered HTTP 502 Bad Gateway \(content type text\/html\): 502 Bad Gateway \(http:.*\)\. Page 3 of 3 failed after 4 rows were read from the pages before it; nothing was written$/,
    );
    expect(await stored()).toEqual([]);
    const run = await t.db.selectFrom('import_run').select(['rows_read', 'status']).executeTakeFirstOrThrow();
    expect(run).toEqual({ rows_read: 4, status: 'failed' });
    expect((await t.db.selectFrom('import_source').select('imported_through').executeTakeFirstOrThrow()).imported_through).toBeNull();
  });
});
