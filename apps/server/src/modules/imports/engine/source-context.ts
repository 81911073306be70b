import type { Db } from '../../../db/client';
import { afterImportWritten, reviewImportedRows } from '../../data-review/index';
import { ingestObservations } from '../../timeseries/index';
import { advanceImportedThrough, type EngineSource } from './import-engine.repository';
import { LocalTimeResolver } from './local-time';
import type { ImportDeps } from './import-deps';
import { Batch, type RunTally } from './run-tally';

/** What a source reader (file, USGS, CDSS) gets for one run. */
export interface SourceContext {
  db: Db;
  source: EngineSource;
  deps: ImportDeps;
  fetchImpl: typeof fetch;
  tally: RunTally;
  /** history_days as a cut-off instant: older rows are ignored; null = no limit (history_days 0, files). */
  cutoffMs: number | null;
  /** Where a web request window starts (see runImportSource). */
  windowStart: Date;
}

/** A new batch (one file or one web response) with its own wall-clock resolver. */
export function newBatch(ctx: SourceContext, label: string | null): Batch {
  const s = ctx.source;
  return new Batch(
    ctx.tally,
    label,
    { locationNdx: s.locationNdx, parameterNdx: s.parameterNdx, datasrcNdx: s.datasrcNdx, importNdx: s.importNdx },
    ctx.cutoffMs,
    new LocalTimeResolver(s.applyDaylightsavingsOffset),
  );
}

/**
 * Writes one batch in one transaction through the ingest path (series_latest and
 * observation_daily stay exact). A batch with bad rows and no good row writes nothing and
 * counts as a failed unit: an unreadable file must not look like an empty one.
 */
export async function commitBatch(ctx: SourceContext, batch: Batch, label: string): Promise<void> {
  const t = ctx.tally;
  batch.countInto(t);
  if (batch.rows.length === 0 && batch.bad > 0) {
    t.failedUnits++;
    t.notes.push(`${label}: no readable rows (${batch.bad} bad); nothing imported`);
    return;
  }
  // The rows and the source's high-water mark commit together: a run that fails later (or crashes)
  // leaves the mark where the stored data ends, so the next web request asks from there.
  const newestMs = batch.newestMs;
  const r = await ctx.db.transaction().execute(async (trx) => {
    // Values in an approved range are held back; ranges under review keep their corrections.
    const reviewed = await reviewImportedRows(trx, batch.rows);
    const written = await ingestObservations(trx, reviewed.rows);
    const flagged = await afterImportWritten(trx, reviewed);
    if (newestMs !== null) await advanceImportedThrough(trx, ctx.source.importNdx, new Date(newestMs));
    return { ...written, heldBack: reviewed.heldBack, flagged };
  });
  t.inserted += r.inserted;
  t.updated += r.updated;
  t.unchanged += r.unchanged;
  t.heldBack += r.heldBack;
  t.flagged += r.flagged;
  // Rows repeating a timestamp of the same batch collapse into one (the last wins): count them as ignored
  // so that read = inserted + updated + unchanged + held back + skipped + ignored.
  t.ignored += batch.rows.length - r.heldBack - (r.inserted + r.updated + r.unchanged);
  t.importedUnits++;
}
