import type { Db } from '../../db/client';
import { reportObservationsWritten } from './observations-written';
import {
  createTouchedTable,
  deleteSeriesBefore,
  dropTouchedTable,
  lockSeries,
  recomputeRollups,
  upsertChunk,
  type ChunkArrays,
} from './timeseries.repository';

export { localDateOf } from '../../db/local-day';

export interface ObservationInput {
  locationNdx: number;
  parameterNdx: number;
  collectTimestamp: Date;
  resultValue: number;
  datasrcNdx?: number | null;
  importNdx?: number | null;
  /** The source's marks on the value (USGS 'P', 'e', 'Ice'; CDSS flags), comma-separated; null = none. */
  qualifiers?: string | null;
}
export interface IngestResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Rows per upsert statement: big enough to amortize round trips, small enough to bound memory. */
const CHUNK = 50_000;

/** Runs `fn` in the caller's transaction, or in a new one when `db` is not a transaction. */
async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}

/**
 * Writes observations and keeps series_latest and observation_daily exact, in one transaction,
 * then reports what it wrote to the subscribers of onObservationsWritten in that transaction.
 */
export async function ingestObservations(db: Db, rows: readonly ObservationInput[]): Promise<IngestResult> {
  const unique = dedupeLastWins(rows);
  if (unique.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  for (const r of unique) validate(r);
  const series = distinctSeries(unique);
  return inTransaction(db, async (trx) => {
    await lockSeries(trx, series.locations, series.parameters);
    await createTouchedTable(trx);
    let inserted = 0;
    let updated = 0;
    for (let start = 0; start < unique.length; start += CHUNK) {
      const r = await upsertChunk(trx, toArrays(unique, start, Math.min(start + CHUNK, unique.length)));
      inserted += r.inserted;
      updated += r.updated;
    }
    await recomputeRollups(trx, false);
    await dropTouchedTable(trx);
    await reportObservationsWritten({ db: trx, inserted, updated, series: series.pairs });
    return { inserted, updated, unchanged: unique.length - inserted - updated };
  });
}

/** Deletes one series' observations older than `before` and recomputes its rollups; returns rows deleted. */
export async function deleteObservationsBefore(db: Db, locationNdx: number, parameterNdx: number, before: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    await lockSeries(trx, `{${locationNdx}}`, `{${parameterNdx}}`);
    await createTouchedTable(trx);
    const deleted = await deleteSeriesBefore(trx, locationNdx, parameterNdx, before);
    if (deleted > 0) await recomputeRollups(trx, true);
    await dropTouchedTable(trx);
    return deleted;
  });
}

function validate(r: ObservationInput): void {
  if (!Number.isInteger(r.locationNdx) || !Number.isInteger(r.parameterNdx)) {
    throw new TypeError(`Observation keys must be integers (location ${r.locationNdx}, parameter ${r.parameterNdx})`);
  }
  if (!Number.isFinite(r.collectTimestamp.getTime())) throw new TypeError('Observation has an invalid collectTimestamp');
  if ((r.datasrcNdx != null && !Number.isInteger(r.datasrcNdx)) || (r.importNdx != null && !Number.isInteger(r.importNdx))) {
    throw new TypeError('Observation datasrcNdx and importNdx must be integers or null');
  }
  if (r.qualifiers != null && (typeof r.qualifiers !== 'string' || r.qualifiers.length === 0 || r.qualifiers.length > 200)) {
    throw new TypeError('Observation qualifiers must be null or text of 1 to 200 characters');
  }
  if (!Number.isFinite(r.resultValue)) throw new TypeError(`Observation value must be a finite number, got ${r.resultValue}`);
}

/**
 * Keeps the last row per (location, parameter, timestamp); one upsert statement may not touch a
 * row twice. Input sorted by key (the usual case for files and generators) is detected in one pass.
 */
function dedupeLastWins(rows: readonly ObservationInput[]): readonly ObservationInput[] {
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) {
    const a = rows[i - 1];
    const b = rows[i];
    sorted =
      a.locationNdx < b.locationNdx ||
      (a.locationNdx === b.locationNdx &&
        (a.parameterNdx < b.parameterNdx ||
          (a.parameterNdx === b.parameterNdx && a.collectTimestamp.getTime() < b.collectTimestamp.getTime())));
  }
  if (sorted) return rows;
  const last = new Map<number, Map<number, Map<number, number>>>();
  rows.forEach((r, i) => {
    let byParam = last.get(r.locationNdx);
    if (!byParam) last.set(r.locationNdx, (byParam = new Map()));
    let byTime = byParam.get(r.parameterNdx);
    if (!byTime) byParam.set(r.parameterNdx, (byTime = new Map()));
    byTime.set(r.collectTimestamp.getTime(), i);
  });
  const keep: ObservationInput[] = [];
  for (const byParam of last.values()) for (const byTime of byParam.values()) for (const i of byTime.values()) keep.push(rows[i]);
  return keep;
}

function distinctSeries(rows: readonly ObservationInput[]): {
  locations: string;
  parameters: string;
  pairs: { locationNdx: number; parameterNdx: number }[];
} {
  const seen = new Map<number, Set<number>>();
  let prevL = NaN;
  let prevP = NaN;
  for (const r of rows) {
    if (r.locationNdx === prevL && r.parameterNdx === prevP) continue;
    prevL = r.locationNdx;
    prevP = r.parameterNdx;
    let ps = seen.get(prevL);
    if (!ps) seen.set(prevL, (ps = new Set()));
    ps.add(prevP);
  }
  const ls: number[] = [];
  const pss: number[] = [];
  const pairs: { locationNdx: number; parameterNdx: number }[] = [];
  for (const [l, ps] of seen)
    for (const p of ps) {
      ls.push(l);
      pss.push(p);
      pairs.push({ locationNdx: l, parameterNdx: p });
    }
  return { locations: `{${ls.join(',')}}`, parameters: `{${pss.join(',')}}`, pairs };
}

/** Builds Postgres array literals directly: far cheaper than pg's per-element array serializer. */
function toArrays(rows: readonly ObservationInput[], from: number, to: number): ChunkArrays {
  const n = to - from;
  const l = new Array<number>(n);
  const p = new Array<number>(n);
  const t = new Array<number>(n);
  const v = new Array<number>(n);
  const d = new Array<string>(n);
  const im = new Array<string>(n);
  const q = new Array<string>(n);
  for (let k = 0; k < n; k++) {
    const r = rows[from + k];
    l[k] = r.locationNdx;
    p[k] = r.parameterNdx;
    t[k] = r.collectTimestamp.getTime();
    v[k] = r.resultValue;
    d[k] = r.datasrcNdx == null ? 'NULL' : String(r.datasrcNdx);
    im[k] = r.importNdx == null ? 'NULL' : String(r.importNdx);
    q[k] = r.qualifiers == null ? 'NULL' : quoteArrayText(r.qualifiers);
  }
  const lit = (xs: unknown[]) => `{${xs.join(',')}}`;
  return { locations: lit(l), parameters: lit(p), epochMs: lit(t), values: lit(v), datasrcs: lit(d), imports: lit(im), qualifiers: lit(q) };
}

/** One element of a Postgres text[] literal: always quoted, with backslash and double quote escaped. */
function quoteArrayText(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
