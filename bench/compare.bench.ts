import { SignJWT, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import { DEFAULT_DISTRICT_TIME_ZONE, startOfDay, type CalendarDay } from '@portal/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadIdpSecrets } from '../apps/server/src/identity-provider/idp-secrets';
import { loadConfig } from '../apps/server/src/config';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, sample } from './lib';
import { recordFigure } from './results';

const ROWS = 35_040; // one year of 15-minute readings
const START = startOfDay('2025-01-01' as CalendarDay, DEFAULT_DISTRICT_TIME_ZONE).getTime();
const RANGE = '2025-01-01/2025-12-31';

/**
 * Time Series Comparisons and the facility Data Drill Down over 365 days of 15-minute data,
 * through the whole Fastify app: a comparison of two series (the left and the right axis, asked
 * together as the page does), and the drill-down table and graph of a facility holding those two
 * series and a third. Baseline, same run: the bare select of the same rows through pg.
 */
export async function benchCompare(requests = 30): Promise<void> {
  const db = await benchDatabase();
  try {
    await sql`
      insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Wells');
      insert into facility (facility_ndx, facility_name, facility_type_ndx) values (1, 'Well Field', 1);
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Well');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte River');
      insert into unit (unit_ndx, unit_desc) values (1, 'ft'), (2, 'gpm');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field) values (1, 'Water Level', 1, 'level_ft'), (2, 'Pumping Rate', 2, null);
      insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file');
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, is_public, exclude_from_map)
        values (1, 'TW-1', 'TW-1', 'Well 1', 1, 1, true, false), (2, 'TW-2', 'TW-2', 'Well 2', 1, 1, true, false);
      insert into facility_location (facility_ndx, location_ndx) values (1, 1), (1, 2);
    `.execute(db.db);
    const series = (location: number, parameter: number, base: number): ObservationInput[] =>
      Array.from({ length: ROWS }, (_, i) => ({
        locationNdx: location,
        parameterNdx: parameter,
        collectTimestamp: new Date(START + i * 900_000),
        resultValue: Math.round((base + 20 * Math.sin(i / 3000) + 4 * Math.sin(i / 15 + location)) * 100) / 100,
        datasrcNdx: 1,
      }));
    await ingestObservations(db.db, [...series(1, 1, 60), ...series(2, 1, 70), ...series(1, 2, 300)]);
    await sql`analyze observation`.execute(db.db);

    const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
    const app = await buildApp({ config, db: db.db, logger: false, webDist: '/nonexistent' });
    await app.ready();
    const secrets = await loadIdpSecrets(db.db);
    const jwk = secrets.jwks.keys[0] as JWK;
    const token = await new SignJWT({ [config.oidc.rolesClaim]: ['Administrator'] })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setSubject('usr_bench')
      .setIssuer(config.oidc.issuer)
      .setAudience(config.oidc.audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importJWK(jwk, 'RS256'));

    const get = async (url: string, auth = false) => {
      const res = await app.inject({ method: 'GET', url, headers: auth ? { authorization: `Bearer ${token}` } : {} });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res.rawPayload.length;
    };
    const comparison = async () => {
      const [left, right] = await Promise.all([get(`/api/ts-compare-raw-data/1/1/${RANGE}`), get(`/api/ts-compare-raw-data/1/2/${RANGE}`)]);
      return left + right;
    };
    const table = () => get(`/api/get-display-facility/table-15min/1/${RANGE}`, true);
    const graph = () => get(`/api/get-display-facility/graph-15min/1/${RANGE}/1,2`, true);
    const bare = (keys: [number, number][]) => async () => {
      let n = 0;
      for (const [l, p] of keys) {
        const r = await sql`select collect_timestamp, result_value from observation
          where location_ndx = ${l} and parameter_ndx = ${p} and collect_timestamp >= ${new Date(START)} and collect_timestamp < ${new Date(START + ROWS * 900_000)}
          order by collect_timestamp`.execute(db.db);
        n += r.rows.length;
      }
      if (n !== keys.length * ROWS) throw new Error(`baseline read ${n} rows`);
      return n;
    };

    // The answers hold every row (checked once) before anything is timed.
    const check = JSON.parse((await app.inject({ method: 'GET', url: `/api/ts-compare-raw-data/1/1,2/${RANGE}` })).body) as {
      series: { rows: unknown[] }[];
    };
    const rowCount = check.series.reduce((n, s) => n + s.rows.length, 0);
    if (rowCount !== 2 * ROWS) throw new Error(`comparison answered ${rowCount} rows`);

    const twoSeries = await sample(
      bare([
        [1, 1],
        [2, 1],
      ]),
      requests,
    );
    const threeSeries = await sample(
      bare([
        [1, 1],
        [1, 2],
        [2, 1],
      ]),
      requests,
    );
    const compareStats = await sample(comparison, requests);
    const tableStats = await sample(table, requests);
    const graphStats = await sample(graph, requests);
    await app.close();

    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    const ms = (s: { p50: number; p95: number }) => `${s.p50.toFixed(1)} / ${s.p95.toFixed(1)} ms`;
    report(`comparisons and drill-down: 365 days of 15-minute data (${ROWS.toLocaleString('en-US')} rows a series), ${requests} requests`, [
      ['baseline: bare select of 2 series through pg p50 / p95', ms(twoSeries)],
      [
        'comparison, left + right axis (2 series, every row + LTTB chart) p50 / p95 (target p50 < 100 ms)',
        `${ms(compareStats)}  (${kb(compareStats.value)})`,
      ],
      ['ratio comparison p50 / baseline p50', (compareStats.p50 / twoSeries.p50).toFixed(2)],
      ["baseline: bare select of the facility's 3 series p50 / p95", ms(threeSeries)],
      ['drill-down table (3 series merged by instant) p50 / p95 (target p50 < 100 ms)', `${ms(tableStats)}  (${kb(tableStats.value)})`],
      ['ratio table p50 / baseline p50', (tableStats.p50 / threeSeries.p50).toFixed(2)],
      [
        'drill-down graph (2 locations, 3 series, LTTB to 2,000) p50 / p95 (target p50 < 100 ms)',
        `${ms(graphStats)}  (${kb(graphStats.value)})`,
      ],
      ['ratio graph p50 / baseline p50', (graphStats.p50 / threeSeries.p50).toFixed(2)],
    ]);
    const figure = (what: string, stats: { p50: number; p95: number; value: number }, baseline: { p50: number }, series: number) =>
      recordFigure({
        bench: 'compare',
        what: `${what}, 365 days of 15-minute data`,
        value: `p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms (${kb(stats.value)})`,
        baseline: `bare select of the ${series} series through pg: p50 ${baseline.p50.toFixed(1)} ms`,
        ratio: stats.p50 / baseline.p50,
        target: 'p50 < 100 ms',
        met: stats.p50 < 100,
      });
    figure('Comparison, left + right axis (2 series, every row + LTTB chart)', compareStats, twoSeries, 2);
    figure('Drill-down table (3 series merged by instant)', tableStats, threeSeries, 3);
    figure('Drill-down graph (2 locations, 3 series, LTTB to 2,000)', graphStats, threeSeries, 3);
  } finally {
    await db.stop();
  }
}
