import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { copyFrom } from '../apps/server/src/db/copy-from';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { mapFeedCaches, unitedBody } from '../apps/server/src/modules/public-map/public-map.service';
import { adminToken } from './export.bench';
import { sample, timed, type BenchDatabase } from './lib';
import { recordFigure } from './results';
import { Cluster, settle } from './scale-cluster';
import { grow, PER_FACILITY, seedReferenceRows, YEAR, yearStart } from './scale-data';
import { gb, label, printStep, recordAll, type Measured } from './scale-figures';

/** Bytes a generated row costs on disk with its share of the indexes, WAL and rollups, with room to spare. */
const BYTES_PER_ROW_NEEDED = 400;
/** Rows of the ingest step: new quarter hours after the generated year, in 20 series (the same at every size). */
const INGEST_ROWS = 100_000;
const INGEST_SERIES = 20;
/** Ingests of INGEST_ROWS each at every size; the fastest counts (the machine is shared). */
const INGEST_SAMPLES = 2;
const COLD_SAMPLES = 3;
const WARM_SAMPLES = 15;

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
