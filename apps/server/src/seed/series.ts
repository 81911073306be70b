import { TZDate } from '@date-fns/tz';
import { districtTimeZone } from '../db/local-day';
import { rngFor, type Rng } from './prng';
import { clampValue, signalAt, type SeriesShape } from './series-shapes';

/** One series to generate: database keys plus the shape that produces its values. */
export interface SeriesJob {
  locationId: string;
  locationNdx: number;
  parameterNdx: number;
  shape: SeriesShape;
  /** Days before the anchor when this station stopped reporting (0 = reporting now). */
  staleDays: number;
}

export interface ObservationRow {
  locationNdx: number;
  parameterNdx: number;
  collectTimestamp: Date;
  resultValue: number;
  datasrcNdx: number | null;
}

export interface SeriesWindow {
  /** End of the 15-minute data (inclusive), already floored to 15 minutes by the caller. */
  anchor: Date;
  fifteenMinuteDays: number;
  dailyYears: number;
  /**
   * Years of daily history of the gauges' and wells' series (flow, stage, water level), when more
   * than dailyYears: enough years for their days of year to be ranked by percentiles. One reading
   * a day, so twenty years cost about as much as two months of 15-minute data.
   */
  historyYears?: number;
  seed: number;
  datasrcNdx: number | null;
}

const MIN15 = 15 * 60_000;
const DAY = 86_400_000;
/** Multiplicative noise suits quantities that scale (flows, volumes); the rest get noise in their unit. */
const RELATIVE_NOISE = new Set(['flow', 'volume', 'pumping', 'pctfull']);

/** AR(1) noise: sensors drift and wander rather than jump independently every 15 minutes. */
class Noise {
  private e = 0;
  constructor(
    private readonly rng: Rng,
    private readonly sd: number,
    private readonly phi: number,
  ) {}
  next(): number {
    if (this.sd === 0) return 0;
    this.e = this.phi * this.e + this.rng.normal(this.sd * Math.sqrt(1 - this.phi * this.phi));
    return this.e;
  }
}

function finish(shape: SeriesShape, signal: number, noise: number): number {
  const noisy = RELATIVE_NOISE.has(shape.kind) ? signal * (1 + noise) : signal + noise;
  const f = 10 ** shape.decimals;
  return Math.round(clampValue(shape.kind, noisy) * f) / f;
}

/** The local noon of every district day from `from` up to (not including) `to`. */
function* localNoons(from: number, to: number): Generator<number> {
  const TZ = districtTimeZone();
  const start = new TZDate(from, TZ);
  let day = new TZDate(start.getFullYear(), start.getMonth(), start.getDate(), 12, 0, 0, TZ);
  while (day.getTime() < to) {
    if (day.getTime() >= from) yield day.getTime();
    day = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + 1, 12, 0, 0, TZ);
  }
}

/** The series whose daily history goes back historyYears: the gauges' and the wells'. */
export const HISTORY_KINDS: ReadonlySet<string> = new Set(['flow', 'stage', 'level']);

/** Years before the anchor's year that were a drought and a wet year in the history. */
export const DROUGHT_YEARS_AGO = 7;
export const WET_YEARS_AGO = 12;

/** How much more (or less) water a year brought than usual: the flow's multiplier. */
export function yearWetness(t: number, anchor: number): number {
  const yearsAgo = new Date(anchor).getUTCFullYear() - new Date(t).getUTCFullYear();
  if (yearsAgo === DROUGHT_YEARS_AGO) return 0.35;
  if (yearsAgo === WET_YEARS_AGO) return 2.2;
  return 1;
}

/** A signal in a drier or wetter year: flows scale, stages follow the rating curve, water lies deeper in a drought. */
function inYear(shape: SeriesShape, signal: number, wetness: number): number {
  if (wetness === 1) return signal;
  switch (shape.kind) {
    case 'flow':
      return signal * wetness;
    case 'stage':
      // Stage is scale + 0.32 q^0.45 for a gauge: scaling q scales the part above the datum.
      return shape.role === 'recharge' ? signal : shape.scale + (signal - shape.scale) * Math.pow(wetness, 0.45);
    case 'level':
      return signal + (1 - wetness) * 0.5 * Math.max(shape.amp, 1);
    default:
      return signal;
  }
}

/** Daily totals make sense for rain; every other parameter reports its noon reading. */
function dailyValue(shape: SeriesShape, noon: number, noise: number, wetness = 1): number {
  if (shape.kind !== 'precip') return finish(shape, inYear(shape, signalAt(shape, noon), wetness), noise);
  let total = 0;
  for (let t = noon - 12 * 3_600_000; t < noon + 12 * 3_600_000; t += MIN15) total += signalAt(shape, t);
  return finish(shape, total, 0);
}

/** Time span of the 15-minute data and of the daily history before it, for one window. */
export function windowBounds(w: SeriesWindow, kind?: string): { dailyStart: number; fifteenStart: number; end: number } {
  const end = w.anchor.getTime();
  const fifteenStart = end - w.fifteenMinuteDays * DAY + MIN15;
  const years = kind !== undefined && HISTORY_KINDS.has(kind) ? Math.max(w.dailyYears, w.historyYears ?? 0) : w.dailyYears;
  const dailyStart = fifteenStart - Math.round(years * 365.25) * DAY;
  return { dailyStart, fifteenStart, end };
}

/**
 * Rows of one series, oldest first: daily history, then 15-minute data, with random gaps and
 * the station's stale tail cut off. Staleness is capped at half the 15-minute window so a
 * small test seed still gives every series recent data to find.
 */
export function* seriesRows(job: SeriesJob, w: SeriesWindow): Generator<ObservationRow> {
  const rng = rngFor(w.seed, `series:${job.locationId}:${job.shape.kind}`);
  const { dailyStart, fifteenStart, end } = windowBounds(w, job.shape.kind);
  const stale = Math.min(job.staleDays, w.fifteenMinuteDays / 2) * DAY;
  const last = end - Math.round(stale / MIN15) * MIN15;
  const row = (t: number, v: number): ObservationRow => ({
    locationNdx: job.locationNdx,
    parameterNdx: job.parameterNdx,
    collectTimestamp: new Date(t),
    resultValue: v,
    datasrcNdx: w.datasrcNdx,
  });

  // Daily history: noise is independent day to day; a missing day now and then, rarely a week.
  const dailyNoise = new Noise(rng, job.shape.noiseSd * 2, 0.3);
  let skip = 0;
  for (const noon of localNoons(dailyStart, fifteenStart)) {
    const n = dailyNoise.next();
    if (skip > 0) {
      skip--;
      continue;
    }
    if (rng.chance(0.002)) {
      skip = rng.int(3, 9);
      continue;
    }
    if (rng.chance(0.01)) continue;
    yield row(noon, dailyValue(job.shape, noon, n, yearWetness(noon, end)));
  }

  // 15-minute data: on average one outage every ~10 days, lasting 30 minutes to half a day,
  // and once in a while a day or two (a dead radio).
  const noise = new Noise(rng, job.shape.noiseSd, 0.97);
  let gap = 0;
  for (let t = fifteenStart; t <= last; t += MIN15) {
    const n = noise.next();
    if (gap > 0) {
      gap--;
      continue;
    }
    if (rng.chance(1 / 960)) {
      gap = rng.chance(0.1) ? rng.int(96, 192) : rng.int(2, 48);
      continue;
    }
    yield row(t, finish(job.shape, signalAt(job.shape, t), n));
  }
}

/**
 * Streams all series through `write` in batches, so memory holds one batch per lane. Lanes
 * take disjoint series and run concurrently: ingest locks per series, so two lanes never wait
 * on each other for a shared series, and PostgreSQL gets a second core while Node generates.
 */
export async function writeSeries(
  jobs: readonly SeriesJob[],
  w: SeriesWindow,
  write: (rows: ObservationRow[]) => Promise<void>,
  opts: { batchSize?: number; lanes?: number; onBatch?: (written: number) => void } = {},
): Promise<number> {
  const batchSize = opts.batchSize ?? 50_000;
  const lanes = Math.max(1, opts.lanes ?? 2);
  let written = 0;
  const flush = async (batch: ObservationRow[]) => {
    await write(batch);
    written += batch.length;
    opts.onBatch?.(written);
  };
  const runLane = async (lane: number) => {
    let batch: ObservationRow[] = [];
    for (let j = lane; j < jobs.length; j += lanes) {
      for (const r of seriesRows(jobs[j], w)) {
        batch.push(r);
        if (batch.length >= batchSize) {
          await flush(batch);
          batch = [];
        }
      }
    }
    if (batch.length > 0) await flush(batch);
  };
  await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
  return written;
}
