import type { InjectOptions } from 'fastify';
import { Kysely, Migrator, PostgresDialect, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, type JWK } from 'jose';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { loadIdpSecrets } from '../identity-provider/idp-secrets';
import { seedDemoDistrict } from '../seed/seed-demo';
import { ingestObservations } from '../modules/timeseries/index';
import { migrations } from './migrations';
import type { Database } from './schema';

const provider: MigrationProvider = { getMigrations: async (): Promise<Record<string, Migration>> => migrations };
const LAYOUT_MIGRATION = '0260_observation_covering_key';
const names = Object.keys(migrations).sort();
const BEFORE_LAYOUT = names[names.indexOf(LAYOUT_MIGRATION) - 1];

const anchor = new Date(Date.UTC(2026, 4, 20, 17, 45));

let t: TestDatabase;
let before: Fingerprint;
let after: Fingerprint;

/** Counts and md5 checksums of every observation row and rollup, in key order. */
interface Fingerprint {
  observations: number;
  observationSum: string;
  dailySum: string;
  latestSum: string;
}

async function fingerprint(db: Kysely<Database>): Promise<Fingerprint> {
  const { rows } = await sql<Fingerprint>`
    select (select count(*)::int from observation) as observations,
           (select md5(string_agg(o::text, '|' order by o.location_ndx, o.parameter_ndx, o.collect_timestamp)) from observation o) as "observationSum",
           (select md5(string_agg(d::text, '|' order by d.location_ndx, d.parameter_ndx, d.local_date)) from observation_daily d) as "dailySum",
           (select md5(string_agg(s::text, '|' order by s.location_ndx, s.parameter_ndx)) from series_latest s) as "latestSum"`.execute(db);
  return rows[0];
}

// The demo district on the layout before the change, then migrated. The seed writes today's
// schema, so it is written first and the database taken down to the old layout with its rows.
beforeAll(async () => {
  t = await createTestDatabase();
  const migrator = new Migrator({ db: t.db, provider });
  await seedDemoDistrict(t.db, { anchor, demoPassword: 'demo-password-for-tests', fifteenMinuteDays: 10, dailyYears: 0.2 });
  const down = await migrator.migrateTo(BEFORE_LAYOUT);
  if (down.error) throw down.error;
  before = await fingerprint(t.db);
  const up = await migrator.migrateToLatest();
  if (up.error) throw up.error;
  after = await fingerprint(t.db);
}, 240_000);
afterAll(async () => {
  await t?.drop();
});

describe('observation layout: the primary key covers the read columns', () => {
  it('moves the demo database without losing or changing a row or a rollup', () => {
    expect(before.observations).toBeGreaterThan(10_000);
    expect(after).toEqual(before);
  });

  it('keeps the key ingest upserts on, with the read columns included', async () => {
    const { rows } = await sql<{ def: string; primary: boolean }>`
      select pg_get_indexdef(i.indexrelid) as def, i.indisprimary as primary
      from pg_index i where i.indrelid = 'observation'::regclass order by i.indisprimary desc`.execute(t.db);
    // Besides the key, only the partial index of the values the automatic checks flagged (a few
    // rows; the list of flagged periods reads it), never an index every reading is written to.
    expect(rows).toEqual([
      {
        primary: true,
        def: expect.stringContaining(
          '(location_ndx, parameter_ndx, collect_timestamp) INCLUDE (result_value, datasrc_ndx, qualifiers, inserted_at, updated_at)',
        ) as string,
      },
      { primary: false, def: expect.stringMatching(/^CREATE INDEX observation_flagged .* WHERE \(qualifiers ~ /) as string },
    ]);
    const one = (
      await sql<{ l: number; p: number; ts: Date; v: number }>`
      select location_ndx as l, parameter_ndx as p, collect_timestamp as ts, result_value as v from observation order by collect_timestamp desc limit 1`.execute(
        t.db,
      )
    ).rows[0];
    const r = await ingestObservations(t.db, [
      { locationNdx: one.l, parameterNdx: one.p, collectTimestamp: one.ts, resultValue: one.v + 1 },
    ]);
    expect(r).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    await ingestObservations(t.db, [{ locationNdx: one.l, parameterNdx: one.p, collectTimestamp: one.ts, resultValue: one.v }]);
  });

  it('reads one series for the graph, Query & Download and OGC API items from the key alone (index-only, no heap fetch)', async () => {
    await sql`vacuum analyze observation`.execute(t.db);
    const captured: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    const logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: t.pool }),
      log: (event) => {
        if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
    const app: App = await buildApp({ config, db: logged, logger: false, webDist: '/nonexistent' });
    await app.ready();
    try {
      const { rows } = await sql<{ location: number; parameter: number; facility: number; grp: number }>`
        select sl.location_ndx as location, sl.parameter_ndx as parameter, fl.facility_ndx as facility, pgm.parameter_group_ndx as grp
        from series_latest sl
        join location l on l.location_ndx = sl.location_ndx and l.is_public
        join parameter p on p.parameter_ndx = sl.parameter_ndx and p.value_field = 'flow_cfs'
        join facility_location fl on fl.location_ndx = sl.location_ndx
        join parameter_group_member pgm on pgm.parameter_ndx = sl.parameter_ndx
        order by sl.observation_count desc limit 1`.execute(t.db);
      const s = rows[0];
      const token = await adminToken(config.oidc);
      const read = async (name: string, request: InjectOptions) => {
        captured.length = 0;
        const res = await app.inject(request);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.body.length, name).toBeGreaterThan(10_000);
        const reads = captured.filter((q) => /\bobservation\s+(as\s+)?o\b/.test(q.sql));
        expect(reads.length, `${name} read observation`).toBeGreaterThan(0);
        for (const q of reads)
          expect(await observationScans(q.sql, q.parameters), `${name}: ${q.sql}`).toEqual(['Index Only Scan, 0 heap fetches']);
      };
      await read('graph', {
        method: 'POST',
        url: `/api/graph-flow-data15-min/${s.location}`,
        payload: { startDate: '05/01/2026', endDate: '05/20/2026', interval: '15min' },
      });
      await read('Query & Download', {
        method: 'POST',
        url: '/api/facility-query-download/data-15min',
        headers: { authorization: `Bearer ${token}` },
        payload: { facilities: [s.facility], parameterGroups: [s.grp], startDate: '2026-05-01', endDate: '2026-05-20' },
      });
      await read('OGC API items', {
        url: `/ogcapi/collections/continuous/items?monitoring_location_id=${s.location}&parameter_code=${s.parameter}&datetime=2026-05-01/2026-05-21&limit=50000`,
      });
    } finally {
      await app.close();
    }
  });
});

/** How each scan of observation in the statement's executed plan read it: node type and heap fetches. */
async function observationScans(statement: string, parameters: readonly unknown[]): Promise<string[]> {
  const { rows } = await t.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`explain (analyze, format json) ${statement}`, [
    ...parameters,
  ]);
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'observation') scans.push(`${node['Node Type']}, ${node['Heap Fetches'] ?? 'all'} heap fetches`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return [...new Set(scans)];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

async function adminToken(oidc: { rolesClaim: string; issuer: string; audience: string }): Promise<string> {
  const secrets = await loadIdpSecrets(t.db);
  const jwk = secrets.jwks.keys[0] as JWK;
  return new SignJWT({ [oidc.rolesClaim]: ['Administrator'] })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' })
    .setSubject('usr_layout_test')
    .setIssuer(oidc.issuer)
    .setAudience(oidc.audience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(jwk, 'RS256'));
}
