import type { Db } from '../../db/client';
import { reportObservationsDeleted, reportObservationsWritten } from './observations-written';
import {
  copyNewObservations,
  createTouchedTable,
  deleteSeriesBefore,
  dropTouchedTable,
  lockSeries,
  markSpansTouched,
  recomputeRollups,
  seriesWithRowsInSpan,
  stageObservations,
  upsertStaged,
  type SeriesSpans,
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

/** Rows per COPY data message sent to PostgreSQL: big enough to amortize writes, small enough to stream. */
const COPY_CHUNK_ROWS = 2_000;

/** Runs `fn` in the caller's transaction, or in a new one when `db` is not a transaction. */
async function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute(fn);
}

/**
 * Writes observations and keeps series_latest and observation_daily exact, in one transaction,
 * then reports what it wrote to the subscribers of onObservationsWritten in that transaction.
 * Rows of a series that holds nothing between the batch's first and last instant of that series
 * (new data, the usual case) are copied straight into observation and counted as inserted; the
 * others are copied into a scratch table and upserted in one statement.
 */
export async function ingestObservations(db: Db, rows: readonly ObservationInput[]): Promise<IngestResult> {
  const unique = dedupeLastWins(rows);
  if (unique.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  for (const r of unique) validate(r);
  const series = seriesOf(unique);
  return inTransaction(db, async (trx) => {
    await lockSeries(trx, series.spans.locations, series.spans.parameters);
    await createTouchedTable(trx);
    const stored = await seriesWithRowsInSpan(trx, series.spans);
    const isNew = newSeriesTest(stored);
    let inserted = 0;
    let updated = 0;
    if (stored.size < series.pairs.length) {
      inserted += await copyNewObservations(trx, copyText(unique, isNew));
      await markSpansTouched(trx, spansOf(series.pairs.filter(isNew)));
    }
    if (stored.size > 0) {
      const isNewToo = newSeriesTest(stored); // a test of its own: each remembers the last series it saw
      await stageObservations(
        trx,
        copyText(unique, (r) => !isNewToo(r)),
      );
      const r = await upsertStaged(trx);
      inserted += r.inserted;
      updated += r.updated;
    }
    await recomputeRollups(trx, false);
    await dropTouchedTable(trx);
    const pairs = series.pairs.map(({ locationNdx, parameterNdx, first, last }) => ({
      locationNdx,
      parameterNdx,
      first: new Date(first),
      last: new Date(last),
    }));
    await reportObservationsWritten({ db: trx, inserted, updated, series: pairs });
    return { inserted, updated, unchanged: unique.length - inserted - updated };
  });
}

/** Deletes one series' observations older than `before`, recomputes its rollups and reports the deletion; returns rows deleted. */
export async function deleteObservationsBefore(db: Db, locationNdx: number, parameterNdx: number, before: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    await lockSeries(trx, `{${locationNdx}}`, `{${parameterNdx}}`);
    await createTouchedTable(trx);
    const { deleted, first, last } = await deleteSeriesBefore(trx, locationNdx, parameterNdx, before);
    if (deleted > 0) await recomputeRollups(trx, true);
    await dropTouchedTable(trx);
    if (first && last) await reportObservationsDeleted({ db: trx, deleted, series: { locationNdx, parameterNdx, first, last } });
    return deleted;
  });
}

/** One series and the instants (inclusive) a write path other than ingest rewrote. */
export interface SeriesSpanWritten {
  locationNdx: number;
  parameterNdx: number;
  first: Date;
  last: Date;
}

/**
 * For a write path that rewrites a series' observations in place (review changes): holds the
 * series' write lock while `rewrite` runs, then recomputes observation_daily and series_latest for
 * every local day of the span and reports the write (statistics pending, alerts), all in one
 * transaction. `rewrite` returns how many observations it inserted, changed or deleted.
 */
export async function rewriteSeriesSpan(db: Db, span: SeriesSpanWritten, rewrite: (trx: Db) => Promise<number>): Promise<number> {
  return inTransaction(db, async (trx) => {
    const spans = spansOf([{ ...span, first: span.first.getTime(), last: span.last.getTime() }]);
    await lockSeries(trx, spans.locations, spans.parameters);
    const changed = await rewrite(trx);
    if (changed === 0) return 0;
    await createTouchedTable(trx);
    await markSpansTouched(trx, spans);
    await recomputeRollups(trx, true);
    await dropTouchedTable(trx);
    await reportObservationsWritten({ db: trx, inserted: 0, updated: changed, series: [span] });
    return changed;
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

/** One series of a batch and the first and last instant (epoch milliseconds) it has in the batch. */
interface SeriesSpan {
  locationNdx: number;
  parameterNdx: number;
  first: number;
  last: number;
}

/** The batch's series, each once in order of first appearance, with their spans. */
function seriesOf(rows: readonly ObservationInput[]): { pairs: SeriesSpan[]; spans: SeriesSpans } {
  const byKey = new Map<string, SeriesSpan>();
  let current: SeriesSpan | undefined;
  for (const r of rows) {
    if (!current || r.locationNdx !== current.locationNdx || r.parameterNdx !== current.parameterNdx) {
      const key = `${r.locationNdx}:${r.parameterNdx}`;
      current = byKey.get(key);
      if (!current) {
        current = { locationNdx: r.locationNdx, parameterNdx: r.parameterNdx, first: Infinity, last: -Infinity };
        byKey.set(key, current);
      }
    }
    const ms = r.collectTimestamp.getTime();
    if (ms < current.first) current.first = ms;
    if (ms > current.last) current.last = ms;
  }
  const pairs = [...byKey.values()];
  return { pairs, spans: spansOf(pairs) };
}

/** Whether a row's series is not in `stored` ('location:parameter'); remembers the last series asked about. */
function newSeriesTest(stored: ReadonlySet<string>): (r: { locationNdx: number; parameterNdx: number }) => boolean {
  let location = NaN;
  let parameter = NaN;
  let answer = true;
  return (r) => {
    if (r.locationNdx !== location || r.parameterNdx !== parameter) {
      location = r.locationNdx;
      parameter = r.parameterNdx;
      answer = !stored.has(`${location}:${parameter}`);
    }
    return answer;
  };
}

function spansOf(pairs: readonly SeriesSpan[]): SeriesSpans {
  const lit = (xs: unknown[]) => `{${xs.join(',')}}`;
  return {
    locations: lit(pairs.map((s) => s.locationNdx)),
    parameters: lit(pairs.map((s) => s.parameterNdx)),
    firsts: lit(pairs.map((s) => new Date(s.first).toISOString())),
    lasts: lit(pairs.map((s) => new Date(s.last).toISOString())),
  };
}

/** The rows that pass `keep` as PostgreSQL COPY text (tab-separated, \N for null), a few thousand rows per piece. */
function* copyText(rows: readonly ObservationInput[], keep: (r: ObservationInput) => boolean): Generator<string> {
  let piece = '';
  let n = 0;
  for (const r of rows) {
    if (!keep(r)) continue;
    const d = r.datasrcNdx == null ? '\\N' : r.datasrcNdx;
    const i = r.importNdx == null ? '\\N' : r.importNdx;
    const q = r.qualifiers == null ? '\\N' : escapeCopyText(r.qualifiers);
    piece += `${r.locationNdx}\t${r.parameterNdx}\t${r.collectTimestamp.toISOString()}\t${r.resultValue}\t${d}\t${i}\t${q}\n`;
    if (++n === COPY_CHUNK_ROWS) {
      yield piece;
      piece = '';
      n = 0;
    }
  }
  if (piece) yield piece;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text as one COPY text field: backslash, newline, carriage return and tab escaped. */
function escapeCopyText(text: string): string {
  return text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]);
}
