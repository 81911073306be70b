import { VALUE_CHANGING_ACTIONS } from '@portal/contracts';
import type { Db } from '../../db/client';
import { rewriteSeriesSpan, type ObservationInput, type SeriesSpanWritten } from '../timeseries/index';
import { approvedRanges, inRanges, type EditStep } from './data-review-apply';
import { flagChecks } from './data-review-checks.repository';
import { rebuildRange } from './data-review-rebuild';
import { activeSteps, seriesWithActiveEdits, upsertRaw, type ArrivedValue, type SeriesKey } from './data-review.repository';

/** What an import writes once approved ranges and reviewed ranges have been taken into account. */
export interface ReviewedImport {
  /** The rows to write through the ingest path. */
  rows: ObservationInput[];
  /** Rows whose time lies in an approved range: kept in the raw record only. */
  heldBack: number;
  /** Ranges with changes in force that the import wrote into: rebuilt from the raw record after the write. */
  rebuild: { series: SeriesKey; start: Date; end: Date; steps: EditStep[] }[];
  /** Each series' first and last instant written, where the automatic checks run. */
  written: SeriesSpanWritten[];
}

/** The first and last instant of some rows (no spread: a file may hold hundreds of thousands). */
function spanOf(rows: readonly ObservationInput[]): { first: Date; last: Date } {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    const ms = r.collectTimestamp.getTime();
    if (ms < lo) lo = ms;
    if (ms > hi) hi = ms;
  }
  return { first: new Date(lo), last: new Date(hi) };
}

const keyOf = (r: { locationNdx: number; parameterNdx: number }) => `${r.locationNdx}:${r.parameterNdx}`;
const arrived = (r: ObservationInput): ArrivedValue => ({
  ms: r.collectTimestamp.getTime(),
  value: r.resultValue,
  qualifiers: r.qualifiers ?? null,
  datasrcNdx: r.datasrcNdx ?? null,
  importNdx: r.importNdx ?? null,
});

/**
 * Before an import writes: a value whose time lies in an approved range is not published (the raw
 * record keeps it, the run counts it as held back); a value inside a range that changes in force
 * touch goes to the raw record too, and the range is rebuilt after the write so the correction stays.
 */
export async function reviewImportedRows(trx: Db, rows: readonly ObservationInput[]): Promise<ReviewedImport> {
  const bySeries = new Map<string, ObservationInput[]>();
  for (const r of rows) {
    const k = keyOf(r);
    let list = bySeries.get(k);
    if (!list) bySeries.set(k, (list = []));
    list.push(r);
  }
  const keys = [...bySeries.values()].map((l) => ({ locationNdx: l[0].locationNdx, parameterNdx: l[0].parameterNdx }));
  const reviewed = await seriesWithActiveEdits(trx, keys);
  const out: ReviewedImport = { rows: [], heldBack: 0, rebuild: [], written: [] };
  for (const list of bySeries.values()) {
    const series = { locationNdx: list[0].locationNdx, parameterNdx: list[0].parameterNdx };
    let kept = list;
    if (reviewed.has(keyOf(series))) {
      const steps = await activeSteps(trx, series);
      const approved = approvedRanges(steps);
      const changing = steps.filter((s) => VALUE_CHANGING_ACTIONS.includes(s.action) || s.action === 'approve');
      const held = list.filter((r) => inRanges(approved, r.collectTimestamp.getTime()));
      kept = list.filter((r) => !inRanges(approved, r.collectTimestamp.getTime()));
      const touched = kept.filter((r) =>
        changing.some((s) => s.startMs <= r.collectTimestamp.getTime() && r.collectTimestamp.getTime() <= s.endMs),
      );
      await upsertRaw(trx, series, [...held, ...touched].map(arrived));
      out.heldBack += held.length;
      if (touched.length > 0) {
        const span = spanOf(touched);
        out.rebuild.push({ series, start: span.first, end: span.last, steps });
      }
    }
    for (const r of kept) out.rows.push(r);
    if (kept.length > 0) {
      out.written.push({ ...series, ...spanOf(kept) });
    }
  }
  return out;
}

/**
 * After the import's write, in its transaction: reviewed ranges are rebuilt from the raw record
 * with their changes, then the automatic checks flag the written window. Returns the values flagged.
 */
export async function afterImportWritten(trx: Db, reviewed: ReviewedImport): Promise<number> {
  for (const r of reviewed.rebuild) {
    await rewriteSeriesSpan(trx, { ...r.series, first: r.start, last: r.end }, async (locked) => {
      const { changed } = await rebuildRange(locked, r.series, r.start, r.end, r.steps);
      return changed;
    });
  }
  let flagged = 0;
  for (const w of reviewed.written) flagged += await flagChecks(trx, w, w.first, w.last);
  return flagged;
}
