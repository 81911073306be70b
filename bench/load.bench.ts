import autocannon from 'autocannon';
import { SignJWT, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import { GRAPH_PATHS } from '@portal/contracts';
import { loadIdpSecrets } from '../apps/server/src/identity-provider/idp-secrets';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { seedDemoDistrict } from '../apps/server/src/seed/seed-demo';
import { benchDatabase, report } from './lib';
import { recordFigure } from './results';
import { startBenchServer } from './server-process';

const CONNECTIONS = 50;
/** What a browser sends; the feeds are stored compressed, so this is what they cost. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

interface Target {
  what: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** One bearer token per connection (each connection a different user), for per-user limits. */
  tokens?: string[];
  /** Held against the public-feed target. */
  feed: boolean;
  /** Held against this throughput instead: at least this many requests a second, no errors. */
  minPerSecond?: number;
  /** Why non-2xx answers are expected, when they are (a limit meant for this load). */
  note?: string;
}

/**
 * `npm run bench -- load`: the real server (`node apps/server/src/main.ts`, default log level)
 * on a database with the demo district, then autocannon at 50 connections for 30 s
 * (LOAD_SECONDS shortens it) against each public map request the map makes first, the staff
 * feed, a 15-minute graph of a public location (anonymous) and a Query & Download stream
 * (signed in). Target for the public feeds on a 2-core machine: 1,000 req/s, p99 < 100 ms, no errors.
 */
export async function benchLoad(seconds = Number(process.env.LOAD_SECONDS ?? 30)): Promise<void> {
  const db = await benchDatabase();
  let stopServer: (() => Promise<void>) | undefined;
  try {
    const anchor = new Date(Math.floor(Date.now() / 900_000) * 900_000);
    await seedDemoDistrict(db.db, { anchor, demoPassword: 'bench-demo-password', fifteenMinuteDays: 10, dailyYears: 1 });
    await sql`analyze`.execute(db.db);
    const picks = await pickTargets(db.db);
    // The server logs as deployed (LOG_LEVEL's default); its output is discarded, not echoed here.
    const server = await startBenchServer(db, { env: { LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'info' } });
    stopServer = server.stop;
    const { origin } = server;
    // The same configuration as the server's, so tokens carry its issuer and audience.
    const config = loadConfig(server.env);
    const sign = await tokenSigner(db.db, config.oidc);
    const staff = await sign('usr_load_staff', ['User']);
    const downloaders = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => sign(`usr_load_download_${i}`, ['All Data User'])));

    const graphBody = JSON.stringify({ startDate: picks.graphStart, endDate: picks.today, interval: '15min' });
    const downloadBody = JSON.stringify({
      facilities: [picks.facilityNdx],
      parameterGroups: [picks.parameterGroupNdx],
      startDate: picks.downloadStart,
      endDate: picks.today,
    });
    const targets: Target[] = [
      {
        what: 'GET /api/public-map/sources (public-locations + stored GeoJSON layers)',
        path: '/api/public-map/sources',
        headers: BROWSER,
        feed: true,
      },
      { what: 'GET /api/public-map/layers', path: '/api/public-map/layers', headers: BROWSER, feed: true },
      { what: 'GET /api/public-map/filters', path: '/api/public-map/filters', headers: BROWSER, feed: true },
      {
        what: 'GET /api/basemaps/data/counties.geojson (offline basemap)',
        path: '/api/basemaps/data/counties.geojson',
        headers: BROWSER,
        feed: true,
      },
      {
        what: 'GET /api/public-map/united (staff feed)',
        path: '/api/public-map/united',
        headers: { ...BROWSER, authorization: `Bearer ${staff}` },
        feed: false,
        // Signed in: every request's token is verified and its account's token version checked.
        minPerSecond: 6_000,
      },
      {
        what: `POST /api/${GRAPH_PATHS.flow}/:id (15-minute graph, 3 days, anonymous, public location)`,
        method: 'POST',
        path: `/api/${GRAPH_PATHS.flow}/${picks.graphLocationNdx}`,
        headers: { ...BROWSER, 'content-type': 'application/json' },
        body: graphBody,
        feed: false,
      },
      {
        what: 'POST /api/facility-query-download/data-15min (CSV stream, 3 days, one user per connection)',
        method: 'POST',
        path: '/api/facility-query-download/data-15min',
        headers: { ...BROWSER, 'content-type': 'application/json' },
        body: downloadBody,
        tokens: downloaders,
        feed: false,
        note: 'Query & Download is limited to 30 requests a minute per user (http/rate-limits.ts); 429s beyond that are the limit working',
      },
    ];

    // Each answer is checked once first (a wrong URL or body must not be measured as speed), then
    // every target is warmed for a few seconds so the figures are of a warm process (JIT, caches).
    for (const target of targets) await checkTarget(origin, target);
    for (const target of targets.filter((t) => !t.tokens)) await run(origin, target, Math.min(3, seconds));
    const rows: Array<[string, string]> = [];
    for (const target of targets) {
      const r = await run(origin, target, seconds);
      const reqs = r.requests.average;
      const p50 = r.latency.p50;
      const p99 = r.latency.p99;
      const bad = r.errors + r.timeouts + r.non2xx;
      const limited = r.statusCodeStats?.['429']?.count ?? 0;
      const line = `${Math.round(reqs).toLocaleString('en-US')} req/s, p50 ${p50} ms, p99 ${p99} ms, errors ${r.errors + r.timeouts}, non-2xx ${r.non2xx}${limited ? ` (429: ${limited})` : ''}, ${(r.throughput.average / 1_048_576).toFixed(1)} MB/s`;
      rows.push([target.what, line]);
      const floor = target.minPerSecond;
      const met = target.feed ? reqs >= 1000 && p99 < 100 && bad === 0 : floor ? reqs >= floor && bad === 0 : undefined;
      recordFigure({
        bench: 'load',
        what: `${target.what}, ${CONNECTIONS} connections × ${seconds} s`,
        value: line,
        target: target.feed
          ? '≥ 1,000 req/s, p99 < 100 ms, 0 errors'
          : floor
            ? `≥ ${floor.toLocaleString('en-US')} req/s, 0 errors`
            : target.note,
        met,
      });
    }
    report(`load: autocannon, ${CONNECTIONS} connections × ${seconds} s per target, real server process (demo district)`, rows);
  } finally {
    await stopServer?.();
    await db.stop();
  }
}

function run(origin: string, target: Target, seconds: number): Promise<autocannon.Result> {
  const tokens = target.tokens;
  let next = 0;
  return autocannon({
    url: `${origin}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    requests: tokens
      ? [
          {
            // Connection i is user i for the whole run.
            setupRequest: (req, context: object) => {
              const own = context as { token?: string };
              own.token ??= tokens[next++ % tokens.length];
              return { ...req, headers: { ...req.headers, authorization: `Bearer ${own.token}` } };
            },
          },
        ]
      : undefined,
  });
}

async function checkTarget(origin: string, target: Target): Promise<void> {
  const headers = { ...target.headers, ...(target.tokens ? { authorization: `Bearer ${target.tokens[0]}` } : {}) };
  const res = await fetch(`${origin}${target.path}`, { method: target.method ?? 'GET', headers, body: target.body });
  const text = await res.text();
  if (!res.ok || text.length < 10) throw new Error(`${target.what} answered ${res.status}: ${text.slice(0, 300)}`);
}

/** A public location with a flow series, and the facility and parameter group with the most 15-minute rows. */
async function pickTargets(db: Db) {
  const days = await sql<{ today: string; graph_start: string; download_start: string }>`
    select (now() at time zone 'America/Denver')::date::text as today,
           ((now() at time zone 'America/Denver')::date - 2)::text as graph_start,
           ((now() at time zone 'America/Denver')::date - 2)::text as download_start`.execute(db);
  const graph = await sql<{ location_ndx: number }>`
    select l.location_ndx from location l join series_latest sl using (location_ndx) join parameter p using (parameter_ndx)
    where l.is_public and not l.exclude_from_map and p.value_field = 'flow_cfs' order by l.location_ndx limit 1`.execute(db);
  const download = await sql<{ facility_ndx: number; parameter_group_ndx: number }>`
    select fl.facility_ndx, m.parameter_group_ndx
    from facility_location fl join series_latest sl using (location_ndx) join parameter_group_member m using (parameter_ndx)
    join facility f using (facility_ndx) join facility_type ft using (facility_type_ndx)
    where ft.united_list_include
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`.execute(db);
  if (!graph.rows[0] || !download.rows[0]) throw new Error('the demo district has no public flow location or no facility with data');
  return {
    today: days.rows[0].today,
    graphStart: days.rows[0].graph_start,
    downloadStart: days.rows[0].download_start,
    graphLocationNdx: graph.rows[0].location_ndx,
    facilityNdx: download.rows[0].facility_ndx,
    parameterGroupNdx: download.rows[0].parameter_group_ndx,
  };
}

/** Access tokens of the embedded IdP (its keys are in the database the server uses). */
async function tokenSigner(db: Db, oidc: { rolesClaim: string; issuer: string; audience: string }) {
  const secrets = await loadIdpSecrets(db);
  const jwk = secrets.jwks.keys[0] as JWK;
  const key = await importJWK(jwk, 'RS256');
  return (sub: string, roles: string[]) =>
    new SignJWT({ [oidc.rolesClaim]: roles })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
      .setSubject(sub)
      .setIssuer(oidc.issuer)
      .setAudience(oidc.audience)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(key);
}
