import type { Db } from '../../../db/client';
import { ImportFetchError } from './http-json';
import type { ImportDeps } from './import-deps';
import {
  failAbandonedRuns,
  findRunningRun,
  finishRun,
  insertRun,
  loadEngineSource,
  tryLockSource,
  unlockSource,
  updateSchedule,
  type EngineSource,
  type RunOutcome,
} from './import-engine.repository';
import { ImportPathError, withoutImportRoot } from './import-paths';
import { RunTally, type ImportError } from './run-tally';
import type { SourceContext } from './source-context';
import { readerFor } from '../sources/registry';

export type { ImportDeps };

export interface ImportRunSummary {
  importRunNdx: number;
  status: 'succeeded' | 'warning' | 'failed' | 'partial' | 'skipped';
  rowsRead: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  rowsSkipped: number;
  /** Rows not taken on purpose (older than history_days, or a no-reading marker); import_run.rows_ignored. */
  rowsIgnored: number;
  /** Rows whose time lies in an approved range (kept in the raw record, not published); import_run.rows_held_back. */
  rowsHeldBack: number;
  firstErrors: { line: number | null; message: string }[];
  message: string | null;
}

const DAY_MS = 86_400_000;
/** Web request window when history_days is 0 and the source never ran: the form's default history. */
const DEFAULT_HISTORY_DAYS = 20;

/** Runs one import source now (if no other worker is running it), records import_run, updates last/next retrieval and clears run_now. */
export async function runImportSource(db: Db, importNdx: number, deps: ImportDeps): Promise<ImportRunSummary> {
  const now = deps.now ?? (() => new Date());
  // One dedicated connection holds the session lock for the whole run; the ingest transactions
  // run on it too. If the worker dies, PostgreSQL drops the connection and with it the lock.
  return db.connection().execute(async (conn) => {
    if (!(await tryLockSource(conn, importNdx))) {
      const running = await findRunningRun(conn, importNdx);
      return skipped(
        running ?? 0,
        `Another worker is already running import ${importNdx}${running ? ` (run ${running})` : ''}; nothing was done`,
      );
    }
    try {
      const source = await loadEngineSource(conn, importNdx);
      if (!source) return skipped(0, `Import source ${importNdx} does not exist`);
      const startedAt = now();
      await failAbandonedRuns(conn, importNdx, startedAt);
      const runNdx = await insertRun(conn, importNdx, startedAt);
      const tally = new RunTally();
      let crash: string | null = null;
      try {
        await readSource(contextFor(conn, source, deps, tally, startedAt));
      } catch (e) {
        // Administrators read these: paths are shown relative to IMPORT_ROOT, never the server's folders.
        const message = withoutImportRoot(e instanceof Error ? e.message : String(e), deps.importRoot);
        if (e instanceof ImportPathError || e instanceof ImportFetchError) tally.failUnit(message);
        else crash = `The import stopped on an unexpected error: ${message}`;
      }
      const finishedAt = new Date(Math.max(now().getTime(), startedAt.getTime()));
      const outcome = outcomeOf(tally, crash, finishedAt, source);
      // One transaction: nobody sees a finished run whose source still says it is due (run_now).
      await conn.transaction().execute(async (trx) => {
        await finishRun(trx, runNdx, outcome);
        await updateSchedule(trx, importNdx, finishedAt);
      });
      return {
        importRunNdx: runNdx,
        status: outcome.status,
        rowsRead: outcome.rowsRead,
        rowsInserted: outcome.rowsInserted,
        rowsUpdated: outcome.rowsUpdated,
        rowsUnchanged: outcome.rowsUnchanged,
        rowsSkipped: outcome.rowsSkipped,
        rowsIgnored: outcome.rowsIgnored,
        rowsHeldBack: outcome.rowsHeldBack,
        firstErrors: outcome.firstErrors,
        message: outcome.message,
      };
    } finally {
      await unlockSource(conn, importNdx);
    }
  });
}

function contextFor(db: Db, source: EngineSource, deps: ImportDeps, tally: RunTally, now: Date): SourceContext {
  const cutoffMs = source.historyDays > 0 ? now.getTime() - source.historyDays * DAY_MS : null;
  // Web services need a window: history_days, or (history_days 0) from the newest value this source
  // has stored (imported_through, written with the rows) with a day of overlap for late or revised
  // values, or the default 20 days while nothing was ever stored. Not last_retrieval: a failed run
  // sets that too, and a window moved by failures would never ask for what they missed.
  const windowStart =
    cutoffMs !== null
      ? new Date(cutoffMs)
      : source.importedThrough
        ? new Date(Math.min(source.importedThrough.getTime(), now.getTime()) - DAY_MS)
        : new Date(now.getTime() - DEFAULT_HISTORY_DAYS * DAY_MS);
  return { db, source, deps, fetchImpl: deps.fetchImpl ?? fetch, tally, cutoffMs, windowStart };
}

async function readSource(ctx: SourceContext): Promise<void> {
  const reader = readerFor(ctx.source.kind);
  if (reader) return reader.read(ctx);
  ctx.tally.failUnit(
    `Data source "${ctx.source.dataSource}" is not imported automatically: choose a logger file, USGS or CDSS data source`,
  );
}

function outcomeOf(t: RunTally, crash: string | null, finishedAt: Date, source: EngineSource): RunOutcome {
  let status: RunOutcome['status'];
  if (crash) status = 'failed';
  else if (t.importedUnits === 0 && (t.failedUnits > 0 || t.skipped > 0)) status = 'failed';
  else if (t.failedUnits > 0 || t.skipped > 0) status = 'partial';
  else if (t.warnings.length > 0) status = 'warning';
  else status = 'succeeded';
  const parts = crash ? [crash] : [...t.notes, ...t.warnings];
  if (t.skipped > 0)
    parts.push(
      `${t.skipped} bad ${t.skipped === 1 ? 'row' : 'rows'} skipped${t.skipped > t.errors.length ? ` (first ${t.errors.length} listed)` : ''}`,
    );
  if (t.ignored > 0) {
    const why = source.historyDays > 0 ? `older than ${source.historyDays} days or without a reading` : 'without a reading';
    parts.push(`${t.ignored} ${t.ignored === 1 ? 'row' : 'rows'} ignored (${why})`);
  }
  if (t.heldBack > 0)
    parts.push(
      `${t.heldBack} ${t.heldBack === 1 ? 'row' : 'rows'} held back (their time lies in an approved period; the raw record keeps them)`,
    );
  if (t.flagged > 0) parts.push(`${t.flagged} ${t.flagged === 1 ? 'value' : 'values'} flagged by the automatic checks`);
  const firstErrors: ImportError[] = crash ? [{ line: null, message: crash }, ...t.errors].slice(0, 20) : t.errors;
  return {
    status,
    finishedAt,
    rowsRead: t.read,
    rowsInserted: t.inserted,
    rowsUpdated: t.updated,
    rowsUnchanged: t.unchanged,
    rowsSkipped: t.skipped,
    rowsIgnored: t.ignored,
    rowsHeldBack: t.heldBack,
    firstErrors,
    message: parts.length ? parts.join('. ') : null,
  };
}

function skipped(importRunNdx: number, message: string): ImportRunSummary {
  return {
    importRunNdx,
    status: 'skipped',
    rowsRead: 0,
    rowsInserted: 0,
    rowsUpdated: 0,
    rowsUnchanged: 0,
    rowsSkipped: 0,
    rowsIgnored: 0,
    rowsHeldBack: 0,
    firstErrors: [],
    message,
  };
}
