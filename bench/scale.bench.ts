import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, type Db } from '../apps/server/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { mapFeedCaches, unitedBody } from '../apps/server/src/modules/public-map/public-map.service';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { copyFrom } from '../apps/server/src/db/copy-from';
import { adminToken } from './export.bench';
import { report, sample, timed, type BenchDatabase } from './lib';
import { recordFigure } from './results';

const ZONE = DEFAULT_DISTRICT_TIME_ZONE;
/** One year of 15-minute readings: every series holds the local year 2025, as the graph bench's series. */
const YEAR = 35_040;
/** Locations per facility: Query & Download of one facility reads this many series. */
const PER_FACILITY = 4;
/** Rows generated per INSERT statement (one transaction each), so a step's WAL and locks stay bounded. */
const CHUNK_ROWS = 5_000_000;
/** Bytes a generated row costs on disk with its share of the indexes, WAL and rollups, with room to spare. */
const BYTES_PER_ROW_NEEDED = 400;
/** Rows of the ingest step: new quarter hours after the generated year, in 20 series (the same at every size). */
const INGEST_ROWS = 100_000;
const INGEST_SERIES = 20;
/** Ingests of INGEST_ROWS each at every size; the fastest counts (the machine is shared). */
const INGEST_SAMPLES = 2;
const COLD_SAMPLES = 3;
const WARM_SAMPLES = 15;

/** What one size measured, by figure name: milliseconds (or rows/s, bytes). */
type Measured = Record<string, number>;

/**
 * `npm run bench -- scale`: grows ONE database through the sizes of BENCH_SCALE_ROWS (default
 * 1M, 10M, 50M, 100M observations) and at each size measures the read paths of one series or one
 * facility for one year, the united map feed rebuild, an ingest of 100,000 new rows and the sizes
 * on disk; each figure is then held against its figure at the first size (target: reads within
 * 1.5x, ingest throughput at least 0.8x).
 *
 * The rows are generated in SQL the way real ingest writes them: every series holds the local
 * year 2025 at 15 minutes and the rows are inserted in time order with all series of a growth
 * step interleaved, so the rows of one series are spread over the heap (one quarter hour of
 * every series, then the next). Growth adds series (4 per facility), so the table at 100M holds
 * about 2,850 series: the shape of a large district (thousands of series), not of one series
 * over centuries. Rollups (observation_daily, series_latest) are built set-wise from the rows.
 * The measured series is the first one of the newest step, so it is as interleaved as that step.
 *
 * Cold figures restart PostgreSQL before each sample (its shared buffers empty); the operating
 * system's page cache cannot be dropped without root, so cold here means "not in PostgreSQL's
 * buffers", and reads from disk are only seen once the table outgrows the page cache.
 * BENCH_SCALE_KEEP=1 leaves the data folder behind (its path is printed) for EXPLAIN afterwards;
 * BENCH_SCALE_DATA=<that folder> measures it again without growing it.
 */
export async function benchScale(
  sizes = (process.env.BENCH_SCALE_ROWS ?? '1000000,10000000,50000000,100000000').split(',').map(Number),
): Promise<void | 'recorded nothing'> {
  for (const n of sizes) if (!(n >= YEAR * PER_FACILITY)) throw new Error(`BENCH_SCALE_ROWS: ${n} is below one facility-year`);
  const kept = process.env.BENCH_SCALE_DATA;
  if (kept) {
    await remeasure(kept);
    return 'recorded nothing';
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scale-'));
  fs.chmodSync(tmp, 0o755);
  const cluster = new Cluster(path.join(tmp, 'postgres'));
  await cluster.start();
  await migrateToLatest(cluster.db.db);
  // Checkpoints spaced as on a server that takes bulk loads (fewer full-page images in the WAL).
  await sql`alter system set max_wal_size = '4GB'`.execute(cluster.db.db);
  await sql`alter system set checkpoint_timeout = '30min'`.execute(cluster.db.db);
  await sql`select pg_reload_conf()`.execute(cluster.db.db);
  const measured: Array<{ label: string; rows: number; m: Measured }> = [];
  let seriesSoFar = 0;
  try {
    await seedReferenceRows(cluster.db);
    for (const size of sizes) {
      const series = Math.max(PER_FACILITY, Math.round(size / YEAR / PER_FACILITY) * PER_FACILITY);
      if (series <= seriesSoFar) continue;
      const free = fs.statfsSync(tmp);
      const freeBytes = free.bavail * free.bsize;
      const needed = (series - seriesSoFar) * YEAR * BYTES_PER_ROW_NEEDED;
      console.log(`scale: ${gb(freeBytes)} free on the bench disk; the step to ${label(size)} needs about ${gb(needed)}`);
      if (freeBytes < needed) {
        console.log(`scale: stopping before ${label(size)}: not enough disk`);
        recordFigure({ bench: 'scale', what: `Stopped before ${label(size)}`, value: `${gb(freeBytes)} free, about ${gb(needed)} needed` });
        break;
      }
      const grown = await timed(() => grow(cluster.db, seriesSoFar + 1, series));
      seriesSoFar = series;
      await settle(cluster.db);
      const rows = Number((await sql<{ n: string }>`select count(*) as n from observation`.execute(cluster.db.db)).rows[0].n);
      console.log(`scale: grew to ${rows.toLocaleString('en-US')} rows (${series} series) in ${(grown.ms / 1000).toFixed(0)} s`);
      const m = await measureAt(cluster, series, measured.length);
      m.growSeconds = grown.ms / 1000;
      measured.push({ label: label(size), rows, m });
      printStep(label(size), rows, m);
    }
    recordAll(measured);
  } finally {
    await cluster.stop();
    if (process.env.BENCH_SCALE_KEEP === '1') console.log(`scale: BENCH_SCALE_KEEP=1, the data folder stays at ${cluster.dir}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Waits until the growth's writes are on disk: a checkpoint, then the operating system's own
 * writeback (sync). Without it the first cold samples after a growth step of tens of gigabytes
 * share the disk with gigabytes of writeback and measure that, not the read.
 */
async function settle(db: BenchDatabase): Promise<void> {
  await sql`checkpoint`.execute(db.db);
  execFileSync('sync');
}

/**
 * BENCH_SCALE_DATA=<data folder kept by BENCH_SCALE_KEEP=1>: measures that database again at its
 * size, without growing it, and prints the figures (RESULTS.md keeps the rows it has: their
 * ratios belong to one run). For a second look at a size whose run was disturbed.
 */
async function remeasure(dir: string): Promise<void> {
  const cluster = new Cluster(dir);
  await cluster.start();
  try {
    const series = Number((await sql<{ n: number }>`select count(*)::int as n from series_latest`.execute(cluster.db.db)).rows[0].n);
    const rows = Number((await sql<{ n: string }>`select count(*) as n from observation`.execute(cluster.db.db)).rows[0].n);
    await settle(cluster.db);
    // Each earlier measurement ingested INGEST_SAMPLES x INGEST_ROWS rows after February 2026: go on after them.
    const ingested = Number(
      (await sql<{ n: string }>`select count(*) as n from observation where collect_timestamp >= '2026-02-01'`.execute(cluster.db.db))
        .rows[0].n,
    );
    const m = await measureAt(cluster, series, Math.ceil(ingested / (INGEST_ROWS * INGEST_SAMPLES)));
    m.growSeconds = 0;
    printStep(`re-measured ${label(rows)}`, rows, m);
  } finally {
    await cluster.stop();
  }
}

/** The embedded PostgreSQL of the bench, which can be restarted on the same data folder. */
class Cluster {
  private embedded?: EmbeddedDatabase;
  db!: BenchDatabase;
  constructor(readonly dir: string) {}

  async start(): Promise<void> {
    this.embedded = await startEmbeddedPostgres(this.dir, 'bench');
    const handle = createDb(this.embedded.url, 4);
    this.db = { ...handle, url: this.embedded.url, tmp: path.dirname(this.dir), stop: async () => {} };
  }

  /** Stops PostgreSQL (fast shutdown, a checkpoint) and starts it again: its shared buffers are empty. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.db?.close();
    await this.embedded?.stop();
  }
}

async function seedReferenceRows(db: BenchDatabase): Promise<void> {
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc, display_order, united_list_include) values (1, 'Stream Gages', 1, true);
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Stream Gage');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte River');
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field, display_order) values (1, 'Flow', 1, 'flow_cfs', 1);
    insert into parameter_group (parameter_group_ndx, parameter_group_name, display_order) values (1, 'Surface Water', 1);
    insert into parameter_group_member (parameter_group_ndx, parameter_ndx) values (1, 1);
    insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file'), (2, 'Manual Field Reading', 'manual');
  `.execute(db.db);
}

const yearStart = sql`('2025-01-01'::timestamp at time zone ${sql.lit(ZONE)})`;

/**
 * Adds series `first`..`last` (one location each, 4 per facility) with the local year 2025 at
 * 15 minutes, inserted in time order with the new series interleaved, then their daily rollups
 * and latest values from the inserted rows, then VACUUM ANALYZE (what autovacuum does after bulk
 * inserts: statistics and the visibility map).
 */
async function grow(db: BenchDatabase, first: number, last: number): Promise<void> {
  const facilityOf = (l: string) => sql.raw(`((${l} - 1) / ${PER_FACILITY} + 1)`);
  await sql`
    insert into facility (facility_ndx, facility_name, facility_type_ndx, display_order)
      select distinct ${facilityOf('g')}, 'Gage Group ' || ${facilityOf('g')}, 1, ${facilityOf('g')}
      from generate_series(${first}::int, ${last}::int) g on conflict do nothing`.execute(db.db);
  await sql`
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude, display_order)
      select g, 'SG-' || g, 'SG' || g, 'Stream Gage ' || g, 1, 1, 39 + (g % 300) / 100.0, -105.5 + (g / 300) / 100.0, g
      from generate_series(${first}::int, ${last}::int) g`.execute(db.db);
  await sql`
    insert into facility_location (facility_ndx, location_ndx) select ${facilityOf('g')}, g from generate_series(${first}::int, ${last}::int) g`.execute(
    db.db,
  );
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const perChunk = Math.max(1, Math.floor(CHUNK_ROWS / (last - first + 1)));
  for (let from = 0; from < YEAR; from += perChunk) {
    const to = Math.min(YEAR, from + perChunk) - 1;
    // The lateral series depends on i, so the planner keeps i outermost: time order, series interleaved.
    // The rows reference only the keys inserted above, so the foreign-key triggers (85% of the
    // insert's time) are skipped for the load, as pg_restore does (session_replication_role).
    await db.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
      insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx, qualifiers, inserted_at)
      select l, 1, ${yearStart} + i * interval '15 minutes',
             round((300 + 200 * sin(i / 3000.0) + 40 * sin(i / 15.0) + l / 7.0) * 100) / 100,
             case when i % 96 = 0 then 2 else 1 end, case when i % 1000 = 0 then 'P,e' when i % 10 = 0 then 'P' end,
             ${yearStart} + i * interval '15 minutes' + interval '20 minutes'
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral generate_series(${first}::int, ${last}::int + 0 * i) l`.execute(trx);
    });
    process.stdout.write(`\r  rows of ${first}..${last}: ${(((to + 1) / YEAR) * 100).toFixed(0)}%   `);
  }
  process.stdout.write(`\n  rows inserted at ${elapsed()}\n`);
  await sql`
    insert into observation_daily (location_ndx, parameter_ndx, local_date, min_value, max_value, mean_value, sum_value, value_count, last_timestamp, last_value)
    select location_ndx, parameter_ndx, (collect_timestamp at time zone ${ZONE})::date,
           min(result_value), max(result_value), avg(result_value), sum(result_value), count(*),
           max(collect_timestamp), (array_agg(result_value order by collect_timestamp desc))[1]
    from observation where location_ndx between ${first} and ${last}
    group by 1, 2, 3`.execute(db.db);
  await sql`
    insert into series_latest (location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, observation_count)
    select d.location_ndx, d.parameter_ndx, f.first_timestamp, max(d.last_timestamp),
           (array_agg(d.last_value order by d.local_date desc))[1], sum(d.value_count)
    from observation_daily d
    cross join lateral (select min(o.collect_timestamp) as first_timestamp from observation o
                        where o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx) f
    where d.location_ndx between ${first} and ${last}
    group by d.location_ndx, d.parameter_ndx, f.first_timestamp`.execute(db.db);
  console.log(`  rollups built at ${elapsed()}`);
  await sql`vacuum analyze`.execute(db.db);
  console.log(`  vacuumed at ${elapsed()}`);
}

interface Session {
  app: FastifyInstance;
  token: string;
}

async function openSession(cluster: Cluster): Promise<Session> {
  const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
  const app = await buildApp({ config, db: cluster.db.db, logger: false, webDist: '/nonexistent' });
  await app.ready();
  return { app, token: await adminToken(cluster.db, config.oidc) };
}

/** The reads of the bench, each returning the bytes of its answer; `location` is the measured series. */
function reads(s: Session, db: BenchDatabase, location: number) {
  const year = { startDate: '01/01/2025', endDate: '12/31/2025', interval: '15min' };
  const graph = (payload: object) => async () => {
    const res = await s.app.inject({ method: 'POST', url: `/api/graph-flow-data15-min/${location}`, payload });
    if (res.statusCode !== 200) throw new Error(`graph answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    return res.rawPayload.length;
  };
  return {
    bareSelect: async () => {
      const r = await sql`select collect_timestamp, result_value, datasrc_ndx, qualifiers from observation
        where location_ndx = ${location} and parameter_ndx = 1
          and collect_timestamp >= ${yearStart} and collect_timestamp < ${yearStart} + interval '1 year'
        order by collect_timestamp`.execute(db.db);
      if (r.rows.length !== YEAR) throw new Error(`the bare select read ${r.rows.length} rows`);
      return r.rows.length;
    },
    graphFull: graph(year),
    graphChart: graph({ ...year, chartOnly: true }),
    download: async () => {
      const facility = Math.floor((location - 1) / PER_FACILITY) + 1;
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/facility-query-download/data-15min',
        headers: { authorization: `Bearer ${s.token}` },
        payload: { facilities: [facility], parameterGroups: [1], startDate: '2025-01-01', endDate: '2025-12-31' },
      });
      if (res.statusCode !== 200) throw new Error(`data-15min answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const lines = res.body.split('\n').filter((line) => line.length > 0).length - 1;
      if (lines !== YEAR * PER_FACILITY) throw new Error(`the download held ${lines} rows`);
      return res.rawPayload.length;
    },
    ogcItems: async () => {
      const res = await s.app.inject({
        url: `/ogcapi/collections/continuous/items?monitoring_location_id=${location}&parameter_code=1&datetime=2025-01-01/2025-12-31&limit=50000`,
      });
      if (res.statusCode !== 200) throw new Error(`items answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const n = (JSON.parse(res.body) as { numberReturned: number }).numberReturned;
      if (n !== YEAR) throw new Error(`items held ${n} features`);
      return res.rawPayload.length;
    },
    mapFeed: async () => {
      const body = await unitedBody(db.db, 'staff', mapFeedCaches(db.db));
      await Promise.all([body.gzip, body.br]);
      return 0;
    },
  };
}

/** Every figure at the current size. `step` tells the ingest where its new rows go in time. */
async function measureAt(cluster: Cluster, series: number, step: number): Promise<Measured> {
  const location = Math.floor((series - 1) / PER_FACILITY) * PER_FACILITY + 1; // first series of the newest facility
  const other = 1 + PER_FACILITY; // another facility's first series: warms the code paths after a restart
  const m: Measured = {};

  // Cold: PostgreSQL restarted before each sample; one request of another series first, so the
  // app's own start-up (plans, lazily compiled code) is not in the figure.
  const coldNames = ['bareSelect', 'graphFull', 'graphChart', 'download', 'ogcItems'] as const;
  for (const name of coldNames) {
    const ms: number[] = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      await cluster.restart();
      const s = await openSession(cluster);
      const warmOther = reads(s, cluster.db, series > PER_FACILITY ? other : location);
      if (series > PER_FACILITY) await warmOther[name]();
      ms.push((await timed(reads(s, cluster.db, location)[name])).ms);
      await s.app.close();
    }
    ms.sort((a, b) => a - b);
    m[`cold.${name}`] = ms[Math.floor(ms.length / 2)];
  }

  // Warm: p50 after the sampler's own warm-up.
  const s = await openSession(cluster);
  const r = reads(s, cluster.db, location);
  for (const name of ['bareSelect', 'graphFull', 'graphChart', 'ogcItems'] as const)
    m[`warm.${name}`] = (await sample(r[name], WARM_SAMPLES)).p50;
  m['warm.download'] = (await sample(r.download, 5)).p50;
  m['warm.mapFeed'] = (await sample(r.mapFeed, 10)).p50;
  await s.app.close();

  // Ingest of 100,000 new rows through the real ingest path (upsert + daily + latest).
  // 20 series of the table, 5,000 new quarter hours each; every ingest writes after the previous one's rows.
  const ingestSeries = Math.min(INGEST_SERIES, series);
  const readings = Math.ceil(INGEST_ROWS / ingestSeries);
  // Baseline at the same size: PostgreSQL's COPY of the same rows into observation (its key and
  // foreign-key checks, no rollups), in a transaction rolled back so the table stays as it was.
  let fastest = Infinity;
  let fastestCopy = Infinity;
  for (let n = 0; n < INGEST_SAMPLES; n++) {
    const start = new Date('2026-02-01T00:00:00Z').getTime() + (step * INGEST_SAMPLES + n) * INGEST_ROWS * 900_000;
    const rows: ObservationInput[] = [];
    for (let i = 0; i < readings; i++) {
      for (let k = 0; k < ingestSeries && rows.length < INGEST_ROWS; k++) {
        rows.push({
          locationNdx: 1 + Math.floor((k * series) / ingestSeries),
          parameterNdx: 1,
          collectTimestamp: new Date(start + i * 900_000),
          resultValue: 300 + Math.sin(i / 96) * 20 + k,
          datasrcNdx: 1,
        });
      }
    }
    fastestCopy = Math.min(fastestCopy, (await timed(() => copyRolledBack(cluster.db, rows))).ms);
    const ingest = await timed(() => ingestObservations(cluster.db.db, rows));
    if (ingest.value.inserted !== rows.length) throw new Error(`ingest inserted ${ingest.value.inserted} of ${rows.length}`);
    fastest = Math.min(fastest, ingest.ms);
  }
  m.ingestRowsPerSecond = INGEST_ROWS / (fastest / 1000);
  m.copyRowsPerSecond = INGEST_ROWS / (fastestCopy / 1000);

  const sizes = await sql<{ database: string; heap: string; indexes: string; rollups: string }>`
    select pg_database_size(current_database()) as database,
           (select coalesce(sum(pg_table_size(c.oid)), 0) from pg_class c where c.relname = 'observation' or c.oid in (select inhrelid from pg_inherits where inhparent = 'observation'::regclass)) as heap,
           (select coalesce(sum(pg_indexes_size(c.oid)), 0) from pg_class c where c.relname = 'observation' or c.oid in (select inhrelid from pg_inherits where inhparent = 'observation'::regclass)) as indexes,
           pg_total_relation_size('observation_daily') + pg_total_relation_size('series_latest') as rollups`.execute(cluster.db.db);
  m.databaseBytes = Number(sizes.rows[0].database);
  m.heapBytes = Number(sizes.rows[0].heap);
  m.indexBytes = Number(sizes.rows[0].indexes);
  m.rollupBytes = Number(sizes.rows[0].rollups);
  return m;
}

/** COPY of `rows` into observation in a transaction that is then rolled back. */
async function copyRolledBack(db: BenchDatabase, rows: readonly ObservationInput[]): Promise<void> {
  const text = rows.map(
    (r) => `${r.locationNdx}\t${r.parameterNdx}\t${r.collectTimestamp.toISOString()}\t${r.resultValue}\t${r.datasrcNdx ?? '\\N'}\n`,
  );
  const rollBack = new Error('roll back');
  try {
    await db.db.transaction().execute(async (trx) => {
      const copied = await copyFrom(
        trx as Db,
        'copy observation (location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx) from stdin',
        chunked(text),
      );
      if (copied !== rows.length) throw new Error(`COPY copied ${copied} of ${rows.length}`);
      throw rollBack;
    });
  } catch (e) {
    if (e !== rollBack) throw e;
  }
}

function* chunked(lines: readonly string[]): Generator<string> {
  for (let i = 0; i < lines.length; i += 2000) yield lines.slice(i, i + 2000).join('');
}

const FIGURES: Array<{ key: string; what: string; kind: 'read' | 'ingest' | 'size' }> = [
  { key: 'warm.bareSelect', what: 'Bare select of one series-year (35,040 rows) through pg, warm p50', kind: 'read' },
  { key: 'cold.bareSelect', what: 'Bare select of one series-year, cold (PostgreSQL restarted), median of 3', kind: 'read' },
  { key: 'warm.graphFull', what: '15-minute graph, one series-year, full answer (rows + chart), warm p50', kind: 'read' },
  { key: 'cold.graphFull', what: '15-minute graph, one series-year, full answer, cold, median of 3', kind: 'read' },
  { key: 'warm.graphChart', what: '15-minute graph, one series-year, chart only, warm p50', kind: 'read' },
  { key: 'cold.graphChart', what: '15-minute graph, one series-year, chart only, cold, median of 3', kind: 'read' },
  { key: 'warm.download', what: 'Query & Download 15-minute CSV, one facility (4 series) for a year, warm p50', kind: 'read' },
  { key: 'cold.download', what: 'Query & Download, one facility for a year, cold, median of 3', kind: 'read' },
  { key: 'warm.ogcItems', what: 'OGC API continuous items, one series-year (35,040 features), warm p50', kind: 'read' },
  { key: 'cold.ogcItems', what: 'OGC API continuous items, one series-year, cold, median of 3', kind: 'read' },
  {
    key: 'warm.mapFeed',
    what: 'United map feed rebuild (SQL, body, ETag, gzip and brotli; one location per series, so it grows with them), p50',
    kind: 'read',
  },
  { key: 'ingestRowsPerSecond', what: 'Ingest of 100,000 new rows (20 series) through ingestObservations, best of 2', kind: 'ingest' },
  { key: 'copyRowsPerSecond', what: 'COPY of the same 100,000 rows into observation (rolled back; no rollups), best of 2', kind: 'ingest' },
  { key: 'databaseBytes', what: 'Database size on disk', kind: 'size' },
  { key: 'heapBytes', what: 'observation table (heap)', kind: 'size' },
  { key: 'indexBytes', what: 'observation indexes', kind: 'size' },
  { key: 'rollupBytes', what: 'observation_daily + series_latest (with indexes)', kind: 'size' },
];

function formatted(kind: 'read' | 'ingest' | 'size', v: number): string {
  if (kind === 'read') return `${v.toFixed(1)} ms`;
  if (kind === 'ingest') return `${Math.round(v).toLocaleString('en-US')} rows/s`;
  return gb(v);
}

function printStep(name: string, rows: number, m: Measured): void {
  report(
    `scale: ${name} (${rows.toLocaleString('en-US')} observations, grown in ${m.growSeconds.toFixed(0)} s)`,
    FIGURES.map((f) => [f.what, formatted(f.kind, m[f.key])]),
  );
}

/** One row per figure and size, each held against the same figure at the first size. */
function recordAll(measured: Array<{ label: string; rows: number; m: Measured }>): void {
  if (measured.length === 0) return;
  const first = measured[0];
  for (const f of FIGURES) {
    for (const step of measured) {
      const value = step.m[f.key];
      const base = first.m[f.key];
      const ratio = value / base;
      const target = f.kind === 'read' ? `≤ 1.5x at ${first.label}` : f.kind === 'ingest' ? `≥ 0.8x at ${first.label}` : undefined;
      const met = step === first || !target ? undefined : f.kind === 'read' ? ratio <= 1.5 : ratio >= 0.8;
      recordFigure({
        bench: 'scale',
        what: `${f.what}, at ${step.label} (${step.rows.toLocaleString('en-US')} rows)`,
        value: formatted(f.kind, value),
        baseline: step === first ? undefined : `at ${first.label}: ${formatted(f.kind, base)}`,
        ratio: step === first ? undefined : ratio,
        target: step === first ? undefined : target,
        met,
      });
    }
  }
  // The two goals at one size, held at every size: the full graph answer within 1.5x the bare
  // select of its rows, and ingest (with rollups) within 1.2x the time COPY takes for the same rows.
  for (const step of measured) {
    const graphRatio = step.m['warm.graphFull'] / step.m['warm.bareSelect'];
    recordFigure({
      bench: 'scale',
      what: `15-minute graph full answer against the bare select of its rows, warm p50, at ${step.label}`,
      value: formatted('read', step.m['warm.graphFull']),
      baseline: `bare select: ${formatted('read', step.m['warm.bareSelect'])}`,
      ratio: graphRatio,
      target: '≤ 1.5x bare select',
      met: graphRatio <= 1.5,
    });
    const ingestRatio = step.m.copyRowsPerSecond / step.m.ingestRowsPerSecond;
    recordFigure({
      bench: 'scale',
      what: `Ingest time against COPY of the same 100,000 rows, at ${step.label}`,
      value: formatted('ingest', step.m.ingestRowsPerSecond),
      baseline: `COPY: ${formatted('ingest', step.m.copyRowsPerSecond)}`,
      ratio: ingestRatio,
      target: '≤ 1.2x COPY',
      met: ingestRatio <= 1.2,
    });
  }
  for (const step of measured) {
    recordFigure({
      bench: 'scale',
      what: `Growth step to ${step.label}: generation + rollups + vacuum`,
      value: `${step.m.growSeconds.toFixed(0)} s`,
    });
  }
}

function label(rows: number): string {
  return rows >= 1_000_000 ? `${rows / 1_000_000}M` : `${rows / 1000}k`;
}

function gb(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GB` : `${(bytes / 2 ** 20).toFixed(0)} MB`;
}
