import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { DataSourceKind, ImportRunStatus, PgInterval } from '../../../db/schema';
import type { ImportError } from './run-tally';

// All SQL of the import engine. Observations themselves go through timeseries/ingest.ts.

/** One import_source with what the engine needs from its lookups. */
export interface EngineSource {
  importNdx: number;
  locationNdx: number;
  parameterNdx: number;
  datasrcNdx: number;
  dataSource: string;
  kind: DataSourceKind;
  filePath: string | null;
  fileName: string | null;
  fileFieldcount: number;
  fileHeaderRowcount: number;
  delimiterChar: string;
  columnPositionDate: number | null;
  columnPositionTime: number | null;
  columnPositionValue: number | null;
  historyDays: number;
  applyDaylightsavingsOffset: 0 | 1 | 2;
  sourceSiteId: string | null;
  sourceSiteMetadata: string | null;
  /** interval_period in minutes (null when not set). */
  intervalMinutes: number | null;
  lastRetrieval: Date | null;
  /** Newest timestamp this source has written (the high-water mark web requests resume from). */
  importedThrough: Date | null;
  /** USGS method (sensor) id to take when a site has several; null = not configured. */
  sourceMethodId: number | null;
}

/** Advisory-lock namespace of import runs (first key of the two-int form; 0x0b5e is the ingest path's). */
const IMPORT_LOCK_SPACE = 0x1a70;

export function intervalMinutes(i: PgInterval | null): number | null {
  if (!i) return null;
  return (
    ((i.years ?? 0) * 365 + (i.months ?? 0) * 30 + (i.days ?? 0)) * 1440 +
    (i.hours ?? 0) * 60 +
    (i.minutes ?? 0) +
    ((i.seconds ?? 0) + (i.milliseconds ?? 0) / 1000) / 60
  );
}

export async function loadEngineSource(db: Db, importNdx: number): Promise<EngineSource | null> {
  const r = await db
    .selectFrom('import_source as s')
    .innerJoin('data_source as d', 'd.datasrc_ndx', 's.datasrc_ndx')
    .innerJoin('delimiter as dl', 'dl.delimiter_ndx', 's.delimiter_ndx')
    .select([
      's.import_ndx',
      's.location_ndx',
      's.parameter_ndx',
      's.datasrc_ndx',
      'd.data_source',
      'd.kind',
      's.file_path',
      's.file_name',
      's.file_fieldcount',
      's.file_header_rowcount',
      'dl.delimiter_char',
      's.column_position_date',
      's.column_position_time',
      's.column_position_value',
      's.history_days',
      's.apply_daylightsavings_offset',
      's.source_site_id',
      's.source_site_metadata',
      's.interval_period',
      's.last_retrieval',
      's.imported_through',
      's.source_method_id',
    ])
    .where('s.import_ndx', '=', importNdx)
    .executeTakeFirst();
  if (!r) return null;
  return {
    importNdx: r.import_ndx,
    locationNdx: r.location_ndx,
    parameterNdx: r.parameter_ndx,
    datasrcNdx: r.datasrc_ndx,
    dataSource: r.data_source,
    kind: r.kind,
    filePath: r.file_path,
    fileName: r.file_name,
    fileFieldcount: r.file_fieldcount,
    fileHeaderRowcount: r.file_header_rowcount,
    delimiterChar: r.delimiter_char,
    columnPositionDate: r.column_position_date,
    columnPositionTime: r.column_position_time,
    columnPositionValue: r.column_position_value,
    historyDays: r.history_days,
    applyDaylightsavingsOffset: r.apply_daylightsavings_offset,
    sourceSiteId: r.source_site_id,
    sourceSiteMetadata: r.source_site_metadata,
    intervalMinutes: intervalMinutes(r.interval_period),
    lastRetrieval: r.last_retrieval,
    importedThrough: r.imported_through,
    sourceMethodId: r.source_method_id,
  };
}

/**
 * Session-level advisory lock on `conn` (one dedicated connection): held for the whole run and
 * released by unlockSource, or by PostgreSQL when a crashed worker's connection closes.
 */
export async function tryLockSource(conn: Db, importNdx: number): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${IMPORT_LOCK_SPACE}::int, ${importNdx}::int) as ok`.execute(conn);
  return r.rows[0].ok;
}

export async function unlockSource(conn: Db, importNdx: number): Promise<void> {
  await sql`select pg_advisory_unlock(${IMPORT_LOCK_SPACE}::int, ${importNdx}::int)`.execute(conn);
}

export async function findRunningRun(db: Db, importNdx: number): Promise<number | null> {
  const r = await db
    .selectFrom('import_run')
    .select('import_run_ndx')
    .where('import_ndx', '=', importNdx)
    .where('status', '=', 'running')
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return r?.import_run_ndx ?? null;
}

/** Runs left 'running' by a worker that died (we hold the lock, so nobody is running them). */
export async function failAbandonedRuns(db: Db, importNdx: number, now: Date): Promise<void> {
  await db
    .updateTable('import_run')
    .set({
      status: 'failed',
      finished_at: sql<Date>`greatest(started_at, ${now}::timestamptz)`,
      message: 'Interrupted: the worker stopped before this run finished. Files or requests it had not committed were not imported.',
    })
    .where('import_ndx', '=', importNdx)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Runs left 'running' by a worker that died, on sources nobody runs now (their advisory lock is
 * free: a live worker of any process holds it for its whole run): each is marked failed as
 * interrupted, its source set to run now and queued, so it runs again at once with nothing to
 * do by hand. Returns the sources queued again. Needs the job queue's schema (graphile-worker).
 */
export async function requeueInterruptedRuns(db: Db, now: Date): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // The transaction-level locks keep a worker from starting these sources until this commits.
    const { rows } = await sql<{ import_ndx: number }>`
      select s.import_ndx from (select distinct import_ndx from import_run where status = 'running') s
       where pg_try_advisory_xact_lock(${IMPORT_LOCK_SPACE}::int, s.import_ndx)
       order by s.import_ndx`.execute(trx);
    const sources = rows.map((r) => r.import_ndx);
    if (!sources.length) return [];
    await trx
      .updateTable('import_run')
      .set({
        status: 'failed',
        finished_at: sql<Date>`greatest(started_at, ${now}::timestamptz)`,
        message:
          'Interrupted: the worker stopped before this run finished (the server was stopped or crashed). Files or requests it had not committed were not imported; the source was queued to run again.',
      })
      .where('import_ndx', 'in', sources)
      .where('status', '=', 'running')
      .execute();
    await trx.updateTable('import_source').set({ run_now: true }).where('import_ndx', 'in', sources).execute();
    for (const importNdx of sources) {
      await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${importNdx}::int), job_key => ${`import-source:${importNdx}`}, max_attempts => 3)`.execute(
        trx,
      );
    }
    return sources;
  });
}

export async function insertRun(db: Db, importNdx: number, startedAt: Date): Promise<number> {
  const r = await db
    .insertInto('import_run')
    .values({ import_ndx: importNdx, started_at: startedAt })
    .returning('import_run_ndx')
    .executeTakeFirstOrThrow();
  return r.import_run_ndx;
}

export interface RunOutcome {
  status: Exclude<ImportRunStatus, 'running'>;
  finishedAt: Date;
  rowsRead: number;
  rowsInserted: number;
  rowsUpdated: number;
  rowsUnchanged: number;
  rowsSkipped: number;
  rowsIgnored: number;
  /** Rows whose time lies in an approved range: kept in the raw record, not published. */
  rowsHeldBack: number;
  firstErrors: ImportError[];
  message: string | null;
}

export async function finishRun(db: Db, runNdx: number, o: RunOutcome): Promise<void> {
  await db
    .updateTable('import_run')
    .set({
      status: o.status,
      finished_at: o.finishedAt,
      rows_read: o.rowsRead,
      rows_inserted: o.rowsInserted,
      rows_updated: o.rowsUpdated,
      rows_unchanged: o.rowsUnchanged,
      rows_skipped: o.rowsSkipped,
      rows_ignored: o.rowsIgnored,
      rows_held_back: o.rowsHeldBack,
      first_errors: JSON.stringify(o.firstErrors),
      message: o.message,
    })
    .where('import_run_ndx', '=', runNdx)
    .execute();
}

/** Moves the source's high-water mark forward (never back); called in the transaction that wrote the rows. */
export async function advanceImportedThrough(trx: Db, importNdx: number, newest: Date): Promise<void> {
  await trx
    .updateTable('import_source')
    .set({ imported_through: sql<Date>`greatest(imported_through, ${newest}::timestamptz)` })
    .where('import_ndx', '=', importNdx)
    .execute();
}

/** After every run, whatever its status: the next one is due `frequency` later. */
export async function updateSchedule(db: Db, importNdx: number, now: Date): Promise<void> {
  await db
    .updateTable('import_source')
    .set({ last_retrieval: now, next_retrieval: sql<Date>`${now}::timestamptz + frequency`, run_now: false })
    .where('import_ndx', '=', importNdx)
    .execute();
}

/** Enabled sources whose next retrieval is due (or never ran), or that an administrator asked to run now. */
export async function listDueSources(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('import_source')
    .select('import_ndx')
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('run_now', '=', true), eb('next_retrieval', 'is', null), eb('next_retrieval', '<=', now)]))
    .orderBy('next_retrieval', (ob) => ob.asc().nullsFirst())
    .execute();
  return rows.map((r) => r.import_ndx);
}

/**
 * Series with a retention limit. Several sources may feed one series: the longest retention
 * wins, and any source that keeps forever (retain_days -1 or 0) keeps the whole series.
 */
export async function listRetentionSeries(db: Db): Promise<{ locationNdx: number; parameterNdx: number; retainDays: number }[]> {
  const r = await sql<{ location_ndx: number; parameter_ndx: number; retain_days: number }>`
    select location_ndx, parameter_ndx, max(retain_days)::int as retain_days
    from import_source
    group by location_ndx, parameter_ndx
    having bool_and(retain_days > 0)
    order by location_ndx, parameter_ndx`.execute(db);
  return r.rows.map((x) => ({ locationNdx: x.location_ndx, parameterNdx: x.parameter_ndx, retainDays: x.retain_days }));
}
