import type { Db } from '../db/client';
import { ingestObservations } from '../modules/timeseries/ingest';
import { hashDemoPasswords, writeAccounts } from './accounts';
import { writeAdminData } from './admin-data';
import { planDistrict } from './district';
import { writeMapData } from './map-layers';
import { shapesForLocation } from './series-shapes';
import { writeTriggerWells } from './trigger-wells';
import { writeSeries, type SeriesJob } from './series';
import { writeDistrict } from './write-district';
import { writeFlowCalculations } from './flow-calculations';
import { writeReference } from './write-reference';
import { writeReviewDemo } from './review-demo';
import { recomputeAllStatistics } from '../modules/statistics/statistics.service';

export interface SeedDemoOptions {
  /** End of the 15-minute data; callers pass "now" floored to 15 minutes. */
  anchor: Date;
  demoPassword: string;
  seed?: number;
  /** Days of 15-minute data before the anchor (default 120). */
  fifteenMinuteDays?: number;
  /** Years of daily data before the 15-minute window (default 3). */
  dailyYears?: number;
  /**
   * Years of daily history of the gauges and wells, with a drought and a wet year, so their days
   * of year are ranked (default 20 when dailyYears is left to its default, else dailyYears: a
   * test that asks for a small seed keeps it small).
   */
  historyYears?: number;
  /** Years a day of year needs before it is ranked by percentiles (STATS_MIN_YEARS; default 10). */
  statsMinYears?: number;
  log?: (msg: string) => void;
}

export interface SeedDemoResult {
  facilities: number;
  locations: number;
  series: number;
  observations: number;
}

export const DEFAULT_SEED = 4027;
const MIN15 = 15 * 60_000;

/** True when nothing has been set up yet: no facility and no user. Start-up seeds only then. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const f = await db.selectFrom('facility').select('facility_ndx').limit(1).executeTakeFirst();
  if (f) return false;
  const u = await db.selectFrom('app_user').select('user_id').limit(1).executeTakeFirst();
  return !u;
}

/**
 * Writes the deterministic demo district: reference data, facilities, locations, map layers,
 * admin data and demo accounts in one transaction, then the time series in ingest batches
 * (each its own transaction, so memory and lock time stay bounded).
 */
/** Years a day of year needs to be ranked, unless the caller's configuration says otherwise. */
const DEFAULT_STATS_MIN_YEARS = 10;
/** Years of daily history of the gauges and wells in the demo: twice what ranking needs. */
const DEFAULT_HISTORY_YEARS = 20;

export async function seedDemoDistrict(db: Db, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? DEFAULT_SEED;
  // Floor defensively: an unfloored anchor would give timestamps off the 15-minute grid.
  const anchor = new Date(Math.floor(opts.anchor.getTime() / MIN15) * MIN15);
  const fifteenMinuteDays = opts.fifteenMinuteDays ?? 120;
  const dailyYears = opts.dailyYears ?? 3;
  const historyYears = opts.historyYears ?? (opts.dailyYears === undefined ? DEFAULT_HISTORY_YEARS : dailyYears);

  const plan = planDistrict(seed);
  const hashes = await hashDemoPasswords(opts.demoPassword);
  const { keys, demoSource } = await db.transaction().execute(async (trx) => {
    const ref = await writeReference(trx);
    const district = await writeDistrict(trx, plan, ref);
    await writeTriggerWells(trx, district.facility.get('wf1')!, district.location);
    await writeAdminData(trx, ref, district.location);
    await writeFlowCalculations(trx, plan.locations, district.location);
    await writeMapData(trx, seed, anchor);
    await writeAccounts(trx, hashes, district.facility);
    return { keys: district, demoSource: ref.dataSource.get('demo') ?? null };
  });
  log(`demo district: ${plan.facilities.length} facilities, ${plan.locations.length} locations, ${keys.series.length} series`);

  const byId = new Map(plan.locations.map((l) => [l.locationId, l]));
  const shapes = new Map(plan.locations.map((l) => [l.locationId, shapesForLocation(seed, l)]));
  const jobs: SeriesJob[] = keys.series.map((s) => ({
    locationId: s.locationId,
    locationNdx: s.locationNdx,
    parameterNdx: s.parameterNdx,
    shape: shapes.get(s.locationId)!.get(s.parameter)!,
    staleDays: byId.get(s.locationId)!.staleDays,
  }));

  const started = Date.now();
  let lastLog = started;
  const observations = await writeSeries(
    jobs,
    { anchor, fifteenMinuteDays, dailyYears, historyYears, seed, datasrcNdx: demoSource },
    async (rows) => {
      await ingestObservations(db, rows);
    },
    {
      batchSize: 50_000,
      lanes: 2,
      onBatch: (written) => {
        if (Date.now() - lastLog > 10_000) {
          lastLog = Date.now();
          log(`demo time series: ${written.toLocaleString('en-US')} observations written`);
        }
      },
    },
  );
  log(`demo time series: ${observations.toLocaleString('en-US')} observations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await writeReviewDemo(db, keys, anchor, demoSource);
  // The seed writes before any worker listens: its statistics are computed once here.
  const ranked = await recomputeAllStatistics(db, opts.statsMinYears ?? DEFAULT_STATS_MIN_YEARS);
  log(`demo statistics: ${ranked} series`);

  // The planned facilities and facility 37 (trigger-wells.ts).
  return { facilities: plan.facilities.length + 1, locations: plan.locations.length, series: jobs.length, observations };
}
