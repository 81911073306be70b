import { sql } from 'kysely';
import { minutesToDuration, type ImportRun, type ImportSource } from '@portal/contracts';
import type { Db } from '../../db/client';

/**
 * The stored fields of one source with its intervals as whole minutes (pg hands `interval`
 * columns back as objects; the API speaks '30 minutes').
 */
export interface ImportSourceRecord {
  import_ndx: number;
  location_ndx: number;
  parameter_ndx: number;
  unit_ndx: number;
  datasrc_ndx: number;
  delimiter_ndx: number;
  enabled: boolean;
  run_now: boolean;
  last_retrieval: Date | null;
  next_retrieval: Date | null;
  frequency_minutes: number;
  interval_period_minutes: number | null;
  history_days: number;
  retain_days: number;
  apply_daylightsavings_offset: number;
  file_path: string | null;
  file_name: string | null;
  file_fieldcount: number;
  file_header_rowcount: number;
  column_position_date: number | null;
  column_position_time: number | null;
  column_position_value: number | null;
  source_site_id: string | null;
  source_site_metadata: string | null;
  source_method_id: number | null;
  interval_metadata: string | null;
  notes: string | null;
}

/** What the service writes: the stored fields with intervals in minutes. */
export type ImportSourceWrite = Omit<ImportSourceRecord, 'import_ndx' | 'last_retrieval' | 'next_retrieval'>;

const minutesOf = (column: string) => sql<number>`round(extract(epoch from ${sql.ref(column)}) / 60)::int`;
const toInterval = (minutes: number | null) => (minutes === null ? null : minutesToDuration(minutes));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function recordColumns() {
  return [
    'import_ndx',
    'location_ndx',
    'parameter_ndx',
    'unit_ndx',
    'datasrc_ndx',
    'delimiter_ndx',
    'enabled',
    'run_now',
    'last_retrieval',
    'next_retrieval',
    'history_days',
    'retain_days',
    'apply_daylightsavings_offset',
    'file_path',
    'file_name',
    'file_fieldcount',
    'file_header_rowcount',
    'column_position_date',
    'column_position_time',
    'column_position_value',
    'source_site_id',
    'source_site_metadata',
    'source_method_id',
    'interval_metadata',
    'notes',
  ] as const;
}

/** One source's stored fields, locked for update when `forUpdate` (inside a transaction). */
export async function findImportSourceRecord(db: Db, importNdx: number, forUpdate = false): Promise<ImportSourceRecord | undefined> {
  let q = db
    .selectFrom('import_source')
    .select(recordColumns())
    .select([minutesOf('frequency').as('frequency_minutes'), minutesOf('interval_period').as('interval_period_minutes')])
    .where('import_ndx', '=', importNdx);
  if (forUpdate) q = q.forUpdate();
  return (await q.executeTakeFirst()) as ImportSourceRecord | undefined;
}

function writeValues(w: ImportSourceWrite) {
  const { frequency_minutes, interval_period_minutes, apply_daylightsavings_offset, ...rest } = w;
  return {
    ...rest,
    apply_daylightsavings_offset: apply_daylightsavings_offset as 0 | 1 | 2,
    frequency: toInterval(frequency_minutes)!,
    interval_period: toInterval(interval_period_minutes),
  };
}

export async function insertImportSource(db: Db, w: ImportSourceWrite): Promise<number> {
  const row = await db.insertInto('import_source').values(writeValues(w)).returning('import_ndx').executeTakeFirstOrThrow();
  return row.import_ndx;
}

/**
 * Replaces a source's editable fields. When the frequency changes, the next retrieval moves to
 * last retrieval + the new frequency, so a shortened schedule takes effect without waiting out the old one.
 * When the series it reads changes (site, parameter, target), its high-water mark is forgotten so the
 * next web request starts a fresh window.
 */
export async function updateImportSource(
  db: Db,
  importNdx: number,
  w: ImportSourceWrite,
  frequencyChanged: boolean,
  seriesChanged = false,
): Promise<void> {
  const values = writeValues(w);
  await db
    .updateTable('import_source')
    .set({
      ...values,
      updated_at: sql`now()`,
      ...(seriesChanged ? { imported_through: null } : {}),
      ...(frequencyChanged
        ? {
            next_retrieval: sql`case when last_retrieval is null then next_retrieval else last_retrieval + ${values.frequency}::interval end`,
          }
        : {}),
    })
    .where('import_ndx', '=', importNdx)
    .execute();
}

export async function deleteImportSource(db: Db, importNdx: number): Promise<void> {
  await db.deleteFrom('import_source').where('import_ndx', '=', importNdx).execute();
}

export async function setRunNow(db: Db, importNdx: number): Promise<void> {
  await db
    .updateTable('import_source')
    .set({ run_now: true, updated_at: sql`now()` })
    .where('import_ndx', '=', importNdx)
    .execute();
}

/** graphile-worker creates its schema when a worker first starts; before that no job can be queued. */
export async function jobQueueInstalled(db: Db): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select exists (
      select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'graphile_worker' and p.proname = 'add_job'
    ) as ok`.execute(db);
  return r.rows[0]?.ok ?? false;
}

/** Queues one immediate run; the job key collapses repeated presses into one pending job. */
export async function queueImportRun(db: Db, importNdx: number): Promise<void> {
  await sql`select graphile_worker.add_job('import-source', json_build_object('importNdx', ${importNdx}::int), job_key => ${`import-source:${importNdx}`})`.execute(
    db,
  );
}

/** Which of the referenced rows do not exist (for readable 400s instead of foreign-key errors). */
export async function missingReferences(
  db: Db,
  ref: { location_ndx: number; parameter_ndx: number; unit_ndx: number; datasrc_ndx: number; delimiter_ndx: number },
): Promise<string[]> {
  const r = await sql<{ location: boolean; parameter: boolean; unit: boolean; datasrc: boolean; delimiter: boolean }>`select
      exists (select 1 from location where location_ndx = ${ref.location_ndx}) as location,
      exists (select 1 from parameter where parameter_ndx = ${ref.parameter_ndx}) as parameter,
      exists (select 1 from unit where unit_ndx = ${ref.unit_ndx}) as unit,
      exists (select 1 from data_source where datasrc_ndx = ${ref.datasrc_ndx}) as datasrc,
      exists (select 1 from delimiter where delimiter_ndx = ${ref.delimiter_ndx}) as delimiter`.execute(db);
  const found = r.rows[0];
  const missing: string[] = [];
  if (!found.location) missing.push(`Location ${ref.location_ndx}`);
  if (!found.parameter) missing.push(`Parameter ${ref.parameter_ndx}`);
  if (!found.datasrc) missing.push(`Data Source ${ref.datasrc_ndx}`);
  if (!found.unit) missing.push(`Incoming Units ${ref.unit_ndx}`);
  if (!found.delimiter) missing.push(`Text File Delimiter ${ref.delimiter_ndx}`);
  return missing;
}

interface RunRow {
  import_run_ndx: number;
  import_ndx: number;
  started_at: Date;
  finished_at: Date | null;
  status: ImportRun['status'];
  rows_read: number;
  rows_inserted: number;
  rows_updated: number;
  rows_unchanged: number;
  rows_skipped: number;
  rows_ignored: number;
  first_errors: unknown;
  message: string | null;
}

/** first_errors is written by the engine as [{ line, message }]; anything else is shown as text. */
function errorsOf(value: unknown): ImportRun['first_errors'] {
  if (!Array.isArray(value)) return [];
  return value.map((e: unknown) => {
    if (e && typeof e === 'object') {
      const { line, message } = e as { line?: unknown; message?: unknown };
      return {
        line: typeof line === 'number' && Number.isInteger(line) ? line : null,
        message: typeof message === 'string' ? message : JSON.stringify(e),
      };
    }
    return { line: null, message: String(e) };
  });
}

function toRun(r: RunRow): ImportRun {
  return { ...r, started_at: r.started_at.toISOString(), finished_at: iso(r.finished_at), first_errors: errorsOf(r.first_errors) };
}

/** Newest first (import_run_source_idx serves it). */
export async function listImportRuns(db: Db, importNdx: number, limit: number): Promise<ImportRun[]> {
  const rows = await db
    .selectFrom('import_run')
    .select([
      'import_run_ndx',
      'import_ndx',
      'started_at',
      'finished_at',
      'status',
      'rows_read',
      'rows_inserted',
      'rows_updated',
      'rows_unchanged',
      'rows_skipped',
      'rows_ignored',
      'first_errors',
      'message',
    ])
    .where('import_ndx', '=', importNdx)
    .orderBy('started_at', 'desc')
    .orderBy('import_run_ndx', 'desc')
    .limit(limit)
    .execute();
  return (rows as RunRow[]).map(toRun);
}

/** Sources with the names behind their keys and their latest run (one lateral index probe each). */
export async function listImportSources(db: Db, importNdx?: number): Promise<ImportSource[]> {
  const r = await sql<Record<string, unknown>>`
    select s.import_ndx, s.location_ndx, l.location_name, s.parameter_ndx, p.parameter_name, s.datasrc_ndx, ds.data_source,
      ds.kind as datasrc_kind, s.unit_ndx, u.unit_desc, s.delimiter_ndx, d.delimiter_desc, s.enabled, s.run_now,
      s.last_retrieval, s.next_retrieval, ${minutesOf('s.frequency')} as frequency_minutes,
      ${minutesOf('s.interval_period')} as interval_period_minutes, s.history_days, s.retain_days,
      s.apply_daylightsavings_offset, s.file_path, s.file_name, s.file_fieldcount, s.file_header_rowcount,
      s.column_position_date, s.column_position_time, s.column_position_value, s.source_site_id,
      s.source_site_metadata, s.source_method_id, s.interval_metadata, s.notes, s.imported_through,
      case when lr.import_run_ndx is null then null else json_build_object(
        'import_run_ndx', lr.import_run_ndx, 'import_ndx', lr.import_ndx, 'started_at', lr.started_at, 'finished_at', lr.finished_at,
        'status', lr.status, 'rows_read', lr.rows_read, 'rows_inserted', lr.rows_inserted, 'rows_updated', lr.rows_updated,
        'rows_unchanged', lr.rows_unchanged, 'rows_skipped', lr.rows_skipped, 'rows_ignored', lr.rows_ignored, 'message', lr.message) end as last_run
    from import_source s
    join location l on l.location_ndx = s.location_ndx
    join parameter p on p.parameter_ndx = s.parameter_ndx
    join data_source ds on ds.datasrc_ndx = s.datasrc_ndx
    join unit u on u.unit_ndx = s.unit_ndx
    join delimiter d on d.delimiter_ndx = s.delimiter_ndx
    left join lateral (
      select * from import_run r where r.import_ndx = s.import_ndx order by r.started_at desc, r.import_run_ndx desc limit 1
    ) lr on true
    where ${importNdx === undefined ? sql`true` : sql`s.import_ndx = ${importNdx}`}
    order by s.import_ndx`.execute(db);
  return r.rows.map((row) => {
    const { frequency_minutes, interval_period_minutes, last_run, last_retrieval, next_retrieval, imported_through, ...rest } = row;
    const run = last_run as (Omit<RunRow, 'started_at' | 'finished_at'> & { started_at: string; finished_at: string | null }) | null;
    return {
      ...(rest as Omit<
        ImportSource,
        'frequency' | 'interval_period' | 'last_run' | 'last_retrieval' | 'next_retrieval' | 'imported_through'
      >),
      last_retrieval: iso(last_retrieval as Date | null),
      imported_through: iso(imported_through as Date | null),
      next_retrieval: iso(next_retrieval as Date | null),
      frequency: minutesToDuration(frequency_minutes as number),
      interval_period: interval_period_minutes === null ? null : minutesToDuration(interval_period_minutes as number),
      last_run: run && {
        ...run,
        started_at: new Date(run.started_at).toISOString(),
        finished_at: run.finished_at === null ? null : new Date(run.finished_at).toISOString(),
      },
    } as ImportSource;
  });
}

/** The imports form's lookups: the choices of its dropdowns. */
export const importLookups = {
  locations: (db: Db) =>
    db.selectFrom('location').select(['location_ndx', 'location_name']).orderBy('location_name').orderBy('location_ndx').execute(),
  parameters: (db: Db) => db.selectFrom('parameter').select(['parameter_ndx', 'parameter_name']).orderBy('parameter_name').execute(),
  sources: (db: Db) => db.selectFrom('data_source').select(['datasrc_ndx', 'data_source', 'kind']).orderBy('data_source').execute(),
  units: (db: Db) => db.selectFrom('unit').select(['unit_ndx', 'unit_desc']).orderBy('unit_desc').execute(),
  delimiters: (db: Db) => db.selectFrom('delimiter').select(['delimiter_ndx', 'delimiter_desc']).orderBy('delimiter_ndx').execute(),
};

/** data_source.kind of a data source; null when it does not exist. */
export async function dataSourceKind(db: Db, datasrcNdx: number): Promise<string | null> {
  const r = await db.selectFrom('data_source').select('kind').where('datasrc_ndx', '=', datasrcNdx).executeTakeFirst();
  return r?.kind ?? null;
}
