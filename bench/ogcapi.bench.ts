import http from 'node:http';
import { sql } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { benchDatabase, report, type BenchDatabase } from './lib';
import { countStream, cpuSeconds, postgresCpu, postgresCpuSince, postmasterPid, residentBytes } from './export.bench';
import { recordFigure } from './results';
import { startBenchServer } from './server-process';

const ZONE = DEFAULT_DISTRICT_TIME_ZONE;
/** Readings per series from 2025-01-01 local midnight: the year 2025 is the first 35,040. */
const READINGS = 100_000;
const SERIES = 10;
const YEAR = 35_040;

/**
 * The open data API (issue 21) through the real server process, anonymous as the public reads it:
 * - one page of a year of one series' 15-minute values (35,040 GeoJSON features, limit=50000) against
 *   PostgreSQL's own json_agg of the same features (same members, text, order), read as text by a
 *   pg client; target: at most 1.5x, with the server's memory growth sampled (VmRSS every 50 ms);
 * - 1,000,000 values as CSV (f=csv, pages of 50,000 followed by their Link headers) against COPY of
 *   the same rows and columns TO STDOUT CSV, one per series.
 */
export async function benchOgcapi(): Promise<void> {
  const db = await benchDatabase();
  let stopServer: (() => Promise<void>) | undefined;
  try {
    await seedOgcSeries(db);
    const server = await startBenchServer(db, { settleMs: 3000 });
    stopServer = server.stop;
    const { origin, pid } = server;
    const probe = new pg.Client({ connectionString: db.url });
    await probe.connect();
    const postmaster = await postmasterPid(probe).finally(() => probe.end());

    // A year of one series in one page.
    const pageUrl = `${origin}/ogcapi/collections/continuous/items?monitoring_location_id=1&parameter_code=1&datetime=2025-01-01/2025-12-31&limit=50000`;
    const warm = await fetchPage(pageUrl, pid, postmaster);
    if (warm.features !== YEAR) throw new Error(`the page held ${warm.features} features, expected ${YEAR}`);
    const pages: Fetched[] = [];
    const aggs: Fetched[] = [];
    for (let i = 0; i < 5; i++) {
      aggs.push(await jsonAgg(db.url, postmaster));
      pages.push(await fetchPage(pageUrl, pid, postmaster));
    }
    const page = best(pages);
    const agg = best(aggs);
    if (agg.features !== YEAR) throw new Error(`json_agg held ${agg.features} features`);
    const ratio = page.ms / agg.ms;
    const growth = Math.max(...pages.map((p) => p.rssGrowth));
    report('ogcapi: one page of 35,040 continuous features (a year of one series), best of 5, alternating', [
      [
        'baseline: json_agg of the same features, as text',
        `${ms(agg.ms)}  (${mb(agg.bytes)}, CPU: PostgreSQL ${agg.postgresCpu.toFixed(2)} s)`,
      ],
      [
        'GET items through the server process',
        `${ms(page.ms)}  (${mb(page.bytes)}, CPU: PostgreSQL ${page.postgresCpu.toFixed(2)} s + server ${page.serverCpu.toFixed(2)} s)`,
      ],
      ['ratio page / json_agg (target <= 1.5)', ratio.toFixed(2)],
      ['server peak RSS growth during a page', `${mb(growth)}  (RSS before: ${mb(pages[0].rssBefore)})`],
    ]);
    recordFigure({
      bench: 'ogcapi',
      what: 'One page of 35,040 continuous features (a year of one series, GeoJSON)',
      value: `${ms(page.ms)} (${mb(page.bytes)}; CPU: PostgreSQL ${page.postgresCpu.toFixed(2)} s + server ${page.serverCpu.toFixed(2)} s)`,
      baseline: `json_agg of the same features as text: ${ms(agg.ms)} (${mb(agg.bytes)})`,
      ratio,
      target: '≤ 1.5x json_agg',
      met: ratio <= 1.5,
    });
    recordFigure({
      bench: 'ogcapi',
      what: 'Server peak RSS growth during that page',
      value: mb(growth),
      baseline: `RSS before: ${mb(pages[0].rssBefore)}`,
      target: '< 100 MB',
      met: growth < 100 * 1_048_576,
    });

    // 1,000,000 values as CSV, page by page.
    const csvUrl = `${origin}/ogcapi/collections/continuous/items?f=csv&skipGeometry=true&limit=50000`;
    const csvRuns: Fetched[] = [];
    const copies: Fetched[] = [];
    for (let i = 0; i < 2; i++) {
      copies.push(await copyCsv(db.url, postmaster));
      csvRuns.push(await fetchCsvPages(csvUrl, pid, postmaster));
    }
    const csv = best(csvRuns);
    const copy = best(copies);
    for (const run of [...csvRuns, ...copies]) {
      if (run.features !== SERIES * READINGS) throw new Error(`a CSV run wrote ${run.features} rows, expected ${SERIES * READINGS}`);
    }
    assertSameRows(csv.head, copy.head);
    const csvRatio = csv.ms / copy.ms;
    const csvGrowth = Math.max(...csvRuns.map((r) => r.rssGrowth));
    report(`ogcapi: 1,000,000 continuous values as CSV in ${csv.pages} pages of 50,000, best of 2, alternating`, [
      ['baseline: COPY (same rows and columns, one per series) TO STDOUT CSV', `${sec(copy.ms)}  (${mb(copy.bytes)})`],
      [
        'GET items?f=csv, following the Link headers',
        `${sec(csv.ms)}  (${mb(csv.bytes)}, CPU: PostgreSQL ${csv.postgresCpu.toFixed(1)} s + server ${csv.serverCpu.toFixed(1)} s)`,
      ],
      ['ratio CSV pages / COPY (target <= 1.2)', csvRatio.toFixed(2)],
      ['server peak RSS growth', mb(csvGrowth)],
    ]);
    recordFigure({
      bench: 'ogcapi',
      what: `1,000,000 continuous values as CSV (${csv.pages} pages of 50,000 by their Link headers)`,
      value: `${sec(csv.ms)} (${mb(csv.bytes)}; CPU: PostgreSQL ${csv.postgresCpu.toFixed(1)} s + server ${csv.serverCpu.toFixed(1)} s; RSS growth ${mb(csvGrowth)})`,
      baseline: `COPY (same rows and columns, one per series) TO STDOUT CSV: ${sec(copy.ms)}`,
      ratio: csvRatio,
      target: '≤ 1.2x COPY',
      met: csvRatio <= 1.2,
    });
  } finally {
    await stopServer?.();
    await db.stop();
  }
}

interface Fetched {
  ms: number;
  bytes: number;
  features: number;
  pages: number;
  head: string;
  postgresCpu: number;
  serverCpu: number;
  rssBefore: number;
  rssGrowth: number;
}

/** Ten public locations, one 15-minute series each from 2025-01-01 local midnight, some provisional. */
export async function seedOgcSeries(db: BenchDatabase): Promise<void> {
  await sql`
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Stream Gage');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude)
      select g, 'SG-' || g, 'SG' || g, 'Stream Gage ' || g, 1, 1, 40 + g / 100.0, -104.5 - g / 100.0 from generate_series(1, ${sql.lit(SERIES)}) g;
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, decimals) values (1, 'Discharge', 1, 1);
  `.execute(db.db);
  await sql`
    insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value, qualifiers)
    select l, 1, ('2025-01-01'::timestamp at time zone ${ZONE}) + i * interval '15 minutes', round((40 + 10 * sin(i / 3000.0) + l / 7.0)::numeric, 2)::float8,
           case when i % 1000 = 0 then 'P,Ice' when i % 10 = 0 then 'P' else 'A' end
    from generate_series(1, ${sql.lit(SERIES)}) l, generate_series(0, ${READINGS - 1}) i`.execute(db.db);
  await sql`
    insert into series_latest (location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, observation_count)
    select location_ndx, parameter_ndx, min(collect_timestamp), max(collect_timestamp), 0, count(*) from observation group by 1, 2`.execute(
    db.db,
  );
  await sql`vacuum analyze`.execute(db.db);
}

/** The features of the page, built by json_build_object and aggregated by json_agg: PostgreSQL's own JSON of the same rows. */
async function jsonAgg(url: string, postmaster: number): Promise<Fetched> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const utc = (ts: string) => `to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
    const query = `
      select json_agg(json_build_object(
        'type', 'Feature',
        'id', o.location_ndx || '-' || o.parameter_ndx || '-' || floor(extract(epoch from o.collect_timestamp) * 1000)::bigint,
        'geometry', json_build_object('type', 'Point', 'coordinates', json_build_array(l.longitude, l.latitude)),
        'properties', json_build_object(
          'time_series_id', o.location_ndx || '-' || o.parameter_ndx || '-15min', 'monitoring_location_id', 'RWSD-' || o.location_ndx,
          'parameter_code', o.parameter_ndx::text, 'statistic_id', '00011', 'time', ${utc('o.collect_timestamp')},
          'value', o.result_value::text, 'unit_of_measure', u.unit_desc,
          'approval_status', case when o.qualifiers ~ '(^|,)\\s*A\\s*(,|$)' then 'Approved' else 'Provisional' end,
          'qualifier', regexp_split_to_array(o.qualifiers, '\\s*,\\s*'), 'last_modified', ${utc('coalesce(o.updated_at, o.inserted_at)')}))
        order by o.collect_timestamp)::text as fc, count(*)::int as n
      from observation o
      join location l on l.location_ndx = o.location_ndx
      join parameter p on p.parameter_ndx = o.parameter_ndx
      join unit u on u.unit_ndx = p.unit_ndx
      where o.location_ndx = 1 and o.parameter_ndx = 1
        and o.collect_timestamp >= ('2025-01-01'::timestamp at time zone '${ZONE}') and o.collect_timestamp < ('2026-01-01'::timestamp at time zone '${ZONE}')`;
    const cpuBefore = postgresCpu(postmaster);
    const started = process.hrtime.bigint();
    const { rows } = await client.query<{ fc: string; n: number }>(query);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    return {
      ms: elapsed,
      bytes: Buffer.byteLength(rows[0].fc),
      features: rows[0].n,
      pages: 1,
      head: '',
      postgresCpu: postgresCpuSince(postmaster, cpuBefore),
      serverCpu: 0,
      rssBefore: 0,
      rssGrowth: 0,
    };
  } finally {
    await client.end();
  }
}

/** GET a URL (no compression asked, as pg's text is not compressed) while sampling the server's RSS and CPU. */
async function measured<T>(pid: number, postmaster: number, read: () => Promise<T>) {
  const rssBefore = residentBytes(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 50);
  const postgresBefore = postgresCpu(postmaster);
  const serverBefore = cpuSeconds(pid);
  try {
    const started = process.hrtime.bigint();
    const value = await read();
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    peak = Math.max(peak, residentBytes(pid));
    return {
      value,
      ms: elapsed,
      postgresCpu: postgresCpuSince(postmaster, postgresBefore),
      serverCpu: cpuSeconds(pid) - serverBefore,
      rssBefore,
      rssGrowth: peak - rssBefore,
    };
  } finally {
    clearInterval(sampler);
  }
}

function get(url: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { 'accept-encoding': 'identity' } }, resolve).on('error', reject);
  });
}

async function fetchPage(url: string, pid: number, postmaster: number): Promise<Fetched> {
  const m = await measured(pid, postmaster, async () => {
    const res = await get(url);
    if (res.statusCode !== 200) throw new Error(`items answered ${res.statusCode}`);
    const chunks: Buffer[] = [];
    for await (const chunk of res as AsyncIterable<Buffer>) chunks.push(chunk);
    return Buffer.concat(chunks);
  });
  const body = JSON.parse(m.value.toString('utf8')) as { numberReturned: number; features: unknown[] };
  if (body.features.length !== body.numberReturned) throw new Error('numberReturned differs from the features');
  return { ...m, bytes: m.value.length, features: body.numberReturned, pages: 1, head: '' };
}

async function fetchCsvPages(firstUrl: string, pid: number, postmaster: number): Promise<Fetched> {
  const m = await measured(pid, postmaster, async () => {
    let next: string | undefined = firstUrl;
    let bytes = 0;
    let lines = 0;
    let pages = 0;
    let head = '';
    while (next) {
      const res = await get(next);
      if (res.statusCode !== 200) throw new Error(`items?f=csv answered ${res.statusCode}`);
      next = /^<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
      const counted = await countStream(res);
      if (pages === 0) head = counted.head;
      bytes += counted.bytes;
      lines += counted.lines - 1; // each page has a header
      pages++;
    }
    return { bytes, lines, pages, head };
  });
  return { ...m, bytes: m.value.bytes, features: m.value.lines, pages: m.value.pages, head: m.value.head };
}

/** COPY of the CSV's rows and columns, one per series in the API's order. */
async function copyCsv(url: string, postmaster: number): Promise<Fetched> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const utc = (ts: string) => `to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
    const query = (l: number) => `copy (
      select o.location_ndx || '-' || o.parameter_ndx || '-' || floor(extract(epoch from o.collect_timestamp) * 1000)::bigint,
             o.location_ndx || '-' || o.parameter_ndx || '-15min', 'RWSD-' || o.location_ndx, o.parameter_ndx, '00011', ${utc('o.collect_timestamp')},
             o.result_value::text, u.unit_desc,
             case when o.qualifiers ~ '(^|,)\\s*A\\s*(,|$)' then 'Approved' else 'Provisional' end,
             o.qualifiers, ${utc('coalesce(o.updated_at, o.inserted_at)')}
      from observation o
      join parameter p on p.parameter_ndx = o.parameter_ndx
      join unit u on u.unit_ndx = p.unit_ndx
      where o.location_ndx = ${l} and o.parameter_ndx = 1
      order by o.collect_timestamp
    ) to stdout with (format csv, header ${l === 1})`;
    const cpuBefore = postgresCpu(postmaster);
    const started = process.hrtime.bigint();
    let bytes = 0;
    let lines = 0;
    let head = '';
    for (let l = 1; l <= SERIES; l++) {
      const counted = await countStream(client.query(copyTo(query(l))));
      bytes += counted.bytes;
      lines += counted.lines;
      if (l === 1) head = counted.head;
    }
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    return {
      ms: elapsed,
      bytes,
      features: lines - 1,
      pages: SERIES,
      head,
      postgresCpu: postgresCpuSince(postmaster, cpuBefore),
      serverCpu: 0,
      rssBefore: 0,
      rssGrowth: 0,
    };
  } finally {
    await client.end();
  }
}

/** The API's CSV and COPY's (both written by COPY, LF) hold the same data rows at the start, so the baseline is the same work. */
function assertSameRows(api: string, copied: string): void {
  const a = api.split('\n').slice(1, -1);
  const c = copied.split('\n').slice(1, -1);
  const n = Math.min(a.length, c.length);
  if (n < 100) throw new Error(`too few rows to compare (${n})`);
  for (let i = 0; i < n; i++) if (a[i] !== c[i]) throw new Error(`row ${i + 1} differs:\n  API:  ${a[i]}\n  COPY: ${c[i]}`);
}

const best = (runs: Fetched[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const ms = (v: number) => `${v.toFixed(0)} ms`;
const sec = (v: number) => `${(v / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
