import { SignJWT, importJWK, type JWK } from 'jose';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadIdpSecrets } from '../apps/server/src/auth/idp-secrets';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, sample } from './lib';
import { recordFigure } from './results';

/**
 * The staff map feed GET /api/public-map/united with 10,000 locations (each with two series,
 * facilities, county and symbol fields), through the whole Fastify app with a real staff
 * token, both when the data changed before every request (a full rebuild) and when it did not
 * (the version-checked cache). Baseline, same run: PostgreSQL's own json_agg of the same 10,000 location rows
 * (no joins) - the least any JSON feed of these rows can cost - plus a `select 1` round trip.
 */
export async function benchMapFeed(locations = Number(process.env.BENCH_MAP_LOCATIONS ?? 10_000), requests = 50): Promise<void> {
  const db = await benchDatabase();
  try {
    await seedLocations(db.db, locations);
    const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
    const app = await buildApp({ config, db: db.db, logger: false, webDist: '/nonexistent' });
    await app.ready();
    const token = await staffToken(db.db, config.oidc);
    const headers = { authorization: `Bearer ${token}` };

    const feed = async () => {
      const res = await app.inject({ url: '/api/public-map/united', headers });
      if (res.statusCode !== 200) throw new Error(`united feed answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res.rawPayload.length;
    };
    // Forces a rebuild: the same as any write to a table the feed reads.
    const feedUncached = async () => {
      await sql`select nextval('map_feed_version')`.execute(db.db);
      return feed();
    };
    const sources = async () => (await app.inject({ url: '/api/public-map/sources' })).rawPayload.length;
    const baseline = async () => {
      const { rows } = await sql<{ j: string }>`select json_agg(l)::text as j from location l`.execute(db.db);
      return rows[0].j.length;
    };
    const roundTrip = async () => (await sql`select 1`.execute(db.db)).rows.length;

    const coldStats = await sample(feedUncached, 20);
    const feedStats = await sample(feed, requests);
    const baseStats = await sample(baseline, requests);
    const pingStats = await sample(roundTrip, requests);
    const sourceStats = await sample(sources, 20);
    await app.close();

    const mb = (n: number) => `${(n / 1_048_576).toFixed(2)} MB`;
    report(`map feed: GET /api/public-map/united, ${locations.toLocaleString('en-US')} locations, ${requests} requests`, [
      ['select 1 round trip p50', `${pingStats.p50.toFixed(2)} ms`],
      ['baseline: json_agg(location) p50 / p95', `${baseStats.p50.toFixed(1)} / ${baseStats.p95.toFixed(1)} ms  (${mb(baseStats.value)})`],
      ['united feed, rebuilt each time, p50 / p95', `${coldStats.p50.toFixed(1)} / ${coldStats.p95.toFixed(1)} ms  (${mb(coldStats.value)})`],
      ['ratio rebuilt feed p50 / baseline p50', (coldStats.p50 / baseStats.p50).toFixed(2)],
      ['united feed, unchanged data, p50 / p95 (target p50 < 100 ms)', `${feedStats.p50.toFixed(1)} / ${feedStats.p95.toFixed(1)} ms  (${mb(feedStats.value)})`],
      ['ratio feed p50 / baseline p50', (feedStats.p50 / baseStats.p50).toFixed(2)],
      ['public sources (all layers) p50 / p95', `${sourceStats.p50.toFixed(1)} / ${sourceStats.p95.toFixed(1)} ms  (${mb(sourceStats.value)})`],
    ]);
    const n = `${locations.toLocaleString('en-US')} locations`;
    const p = (s: { p50: number; p95: number; value: number }) => `p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (${mb(s.value)})`;
    const baselineText = `json_agg(location): p50 ${baseStats.p50.toFixed(1)} ms`;
    recordFigure({ bench: 'map-feed', what: 'select 1 round trip', value: `p50 ${pingStats.p50.toFixed(2)} ms` });
    recordFigure({ bench: 'map-feed', what: `United feed rebuilt each time, ${n}`, value: p(coldStats), baseline: baselineText, ratio: coldStats.p50 / baseStats.p50 });
    recordFigure({
      bench: 'map-feed',
      what: `United feed, unchanged data, ${n}`,
      value: p(feedStats),
      baseline: baselineText,
      ratio: feedStats.p50 / baseStats.p50,
      target: 'p50 < 100 ms',
      met: feedStats.p50 < 100,
    });
    recordFigure({ bench: 'map-feed', what: `Public sources (all layers), ${n}`, value: p(sourceStats) });
  } finally {
    await db.stop();
  }
}


/** A real access token of the embedded IdP for a User (staff). */
async function staffToken(db: Db, oidc: { rolesClaim: string; issuer: string; audience: string }): Promise<string> {
  const secrets = await loadIdpSecrets(db);
  const jwk = secrets.jwks.keys[0] as JWK;
  return new SignJWT({ [oidc.rolesClaim]: ['User'] })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject('usr_bench')
    .setIssuer(oidc.issuer)
    .setAudience(oidc.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}

/** 10,000 locations over eastern Colorado, 1-2 facilities each, flow + stage or level + battery series. */
export async function seedLocations(db: Db, n: number): Promise<void> {
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Wells'), (2, 'Surface Water');
    insert into location_type (location_type_ndx, location_type_desc, map_color) values
      (1, 'Well', '#1F78B4'), (2, 'Stream Gauge', '#33A02C'), (3, 'Reservoir', '#6A3D9A'), (4, 'Diversion Structure', '#FF7F00');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte River'), (2, 'South Platte Alluvial Aquifer');
    insert into county (county_ndx, county_name) values (1, 'Weld'), (2, 'Adams'), (3, 'Larimer');
    insert into map_symbol_category (map_symbol_category_ndx, map_symbol_category) values (1, 'Well'), (2, 'Gauge');
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs'), (2, 'ft'), (3, 'V');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field, display_order) values
      (1, 'Flow', 1, 'flow_cfs', 1), (2, 'Stage', 2, 'stage_ft', 2), (3, 'Water Level', 2, 'level_ft', 3), (4, 'Battery Voltage', 3, null, 4);
    insert into facility (facility_ndx, facility_name, facility_type_ndx, display_order)
      select g, 'Facility ' || g, 1 + g % 2, g from generate_series(1, 500) g;
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx,
                          county_ndx, huc12_name, display_order, latitude, longitude, is_public, cuwcd_well_number,
                          map_sym_fill_color, map_sym_stroke_color, map_sym_stroke_width, map_sym_pixel_size,
                          map_sym_legend_pixel_size, map_sym_shape, map_symbol_category_ndx)
      select g, 'LOC-' || g, 'L' || g, 'Bench Location ' || g, 1 + g % 4, 1 + g % 2, 1 + g % 3, 'Lower Box Elder Creek', g,
             39.8 + (g % 100) * 0.01, -105.2 + (g / 100) * 0.012, g % 3 <> 0, 'W-' || g,
             '#1F78B4', '#FFFFFF', 1, 10, 12, (array['circle','square','triangle','diamond','star'])[1 + g % 5], 1 + g % 2
      from generate_series(1, ${sql.lit(n)}) g;
    insert into facility_location (facility_ndx, location_ndx)
      select 1 + g % 500, g from generate_series(1, ${sql.lit(n)}) g
      union all select 1 + (g * 7) % 500, g from generate_series(1, ${sql.lit(n)}) g where g % 4 = 0 and (g * 7) % 500 <> g % 500;
    insert into location_parameter (location_ndx, parameter_ndx, unit_ndx)
      select g, p, case p when 1 then 1 when 4 then 3 else 2 end
      from generate_series(1, ${sql.lit(n)}) g, lateral (values (case when g % 4 = 0 then 3 else 1 end), (case when g % 4 = 1 then 2 else 4 end)) v(p);
  `.execute(db);
  const rows: ObservationInput[] = [];
  const now = Date.now();
  const lp = await sql<{ location_ndx: number; parameter_ndx: number }>`select location_ndx, parameter_ndx from location_parameter`.execute(db);
  for (const r of lp.rows) {
    // Most sites report now; every tenth is days behind and every fiftieth weeks behind.
    const age = r.location_ndx % 50 === 0 ? 20 * 86_400_000 : r.location_ndx % 10 === 0 ? 3 * 86_400_000 : 900_000;
    rows.push({ locationNdx: r.location_ndx, parameterNdx: r.parameter_ndx, collectTimestamp: new Date(now - age), resultValue: 100 + (r.location_ndx % 97) * 1.37 });
  }
  await ingestObservations(db, rows);
  await sql`analyze`.execute(db);
}
