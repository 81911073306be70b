import os from 'node:os';
import { sql } from 'kysely';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { benchDatabase, report, type BenchDatabase } from './lib';
import { recordFigure } from './results';
import { startBenchServer } from './server-process';

const READINGS = 60_000;
const HEAVY = 30;
const PAGE = 50_000;

/**
 * Thirty anonymous requests for 50,000-feature open data pages at once from one address, against
 * the real server process, while /api/config is asked one request after another: its p95 under
 * that load (target under 1 s), against the same with the bound on heavy pages lifted (64 at
 * once) and against /api/config with no load, all in the same run. A figure taken at a 1-minute
 * load average above 1.5 is marked as such: the machine was busy and it is not a result.
 */
export async function benchHeavyPages(): Promise<void> {
  const db = await benchDatabase();
  try {
    await seed(db);
    const bounded = await underLoad(db, {});
    const unbounded = await underLoad(db, { HEAVY_PAGES_AT_ONCE: '64', HEAVY_PAGES_PER_CALLER: '64' });
    const busy = (load: number) => (load > 1.5 ? ` (load ${load.toFixed(1)} at start: machine busy, not a result)` : '');
    for (const [name, run] of [
      ['bound on (defaults)', bounded],
      ['bound lifted (64 at once)', unbounded],
    ] as const) {
      report(`heavy-pages: ${HEAVY} anonymous pages of ${PAGE.toLocaleString('en-US')} features at once, ${name}`, [
        ['/api/config with no load, p95', ms(run.idleP95)],
        ['/api/config under the load, p50 / p95 / max', `${ms(run.p50)} / ${ms(run.p95)} / ${ms(run.max)} (${run.configs} requests)`],
        ['heavy answers: whole / 429 / cut or failed', `${run.whole} / ${run.refused} / ${run.cut}`],
        ['all heavy answers done after', ms(run.wallMs)],
        ['load average (1 min) at start', run.loadAtStart.toFixed(2)],
      ]);
    }
    recordFigure({
      bench: 'heavy-pages',
      what: `/api/config p95 while ${HEAVY} anonymous 50,000-feature open data pages are asked at once from one address`,
      value: `${ms(bounded.p95)} (max ${ms(bounded.max)}; heavy: ${bounded.whole} whole, ${bounded.refused} × 429, ${bounded.cut} cut)${busy(bounded.loadAtStart)}`,
      baseline: `bound lifted: p95 ${ms(unbounded.p95)} (heavy: ${unbounded.whole} whole, ${unbounded.cut} cut); no load: p95 ${ms(bounded.idleP95)}`,
      ratio: bounded.p95 / unbounded.p95,
      target: '< 1 s, no cut answer',
      met: bounded.p95 < 1000 && bounded.cut === 0 && bounded.loadAtStart <= 1.5,
    });
  } finally {
    await db.stop();
  }
}

interface LoadRun {
  idleP95: number;
  p50: number;
  p95: number;
  max: number;
  configs: number;
  whole: number;
  refused: number;
  cut: number;
  wallMs: number;
  loadAtStart: number;
}

async function underLoad(db: BenchDatabase, env: Record<string, string>): Promise<LoadRun> {
  const server = await startBenchServer(db, { env, settleMs: 2000 });
  try {
    const config = async () => {
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/config`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/config answered ${res.status}`);
      return performance.now() - started;
    };
    const idle: number[] = [];
    for (let i = 0; i < 40; i++) idle.push(await config());
    const loadAtStart = os.loadavg()[0];
    const started = performance.now();
    let done = false;
    const heavy = Promise.all(
      Array.from({ length: HEAVY }, async () => {
        try {
          const res = await fetch(`${server.origin}/ogcapi/collections/continuous/items?limit=${PAGE}`);
          const text = await res.text();
          if (res.status === 429) return 'refused' as const;
          const body = JSON.parse(text) as { features: unknown[] };
          return res.ok && body.features.length === PAGE ? ('whole' as const) : ('cut' as const);
        } catch {
          return 'cut' as const;
        }
      }),
    ).finally(() => (done = true));
    const times: number[] = [];
    while (!done) times.push(await config().catch(() => 60_000));
    const outcomes = await heavy;
    const wallMs = performance.now() - started;
    return {
      idleP95: percentile(idle, 0.95),
      p50: percentile(times, 0.5),
      p95: percentile(times, 0.95),
      max: Math.max(...times),
      configs: times.length,
      whole: outcomes.filter((o) => o === 'whole').length,
      refused: outcomes.filter((o) => o === 'refused').length,
      cut: outcomes.filter((o) => o === 'cut').length,
      wallMs,
      loadAtStart,
    };
  } finally {
    await server.stop();
  }
}

/** One public gage with 60,000 15-minute discharge values (more than a page), written by SQL. */
async function seed(db: BenchDatabase): Promise<void> {
  await sql`
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Stream Gage');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude)
      values (1, 'SG-1', 'SG1', 'Stream Gage 1', 1, 1, 40.4, -104.6);
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, decimals) values (1, 'Discharge', 1, 1);
  `.execute(db.db);
  await sql`
    insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value, qualifiers)
    select 1, 1, ('2025-01-01'::timestamp at time zone ${DEFAULT_DISTRICT_TIME_ZONE}) + i * interval '15 minutes',
           round((40 + 10 * sin(i / 3000.0))::numeric, 2)::float8, 'A'
    from generate_series(0, ${READINGS - 1}) i`.execute(db.db);
  await sql`
    insert into series_latest (location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, observation_count)
    select location_ndx, parameter_ndx, min(collect_timestamp), max(collect_timestamp), 0, count(*) from observation group by 1, 2`.execute(
    db.db,
  );
  await sql`vacuum analyze`.execute(db.db);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);
