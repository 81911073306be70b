import { durationToMinutes, type ImportRun, type ImportSource, type ImportSourceInput, type RunNowResult } from '@portal/contracts';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { importPathOutsideRoot } from './engine/import-paths';
import { recordAudit } from '../../audit/audit.repository';
import { applyKindSettings } from './kind-settings';
import {
  deleteImportSource,
  findImportSourceRecord,
  insertImportSource,
  jobQueueInstalled,
  listImportRuns,
  listImportSources,
  missingReferences,
  queueImportRun,
  setRunNow,
  updateImportSource,
  type ImportSourceWrite,
} from './imports.repository';

const TABLE = 'import_source';
type Actor = Pick<AuthUser, 'sub' | 'email'> | null;

const unknownSource = (importNdx: number) => notFound(`Import configuration ${importNdx} does not exist`);

/** The contract has already checked the text; this turns it into the minutes the repository stores. */
function toWrite(input: ImportSourceInput): ImportSourceWrite {
  const { frequency, interval_period, ...rest } = input;
  return {
    ...rest,
    frequency_minutes: durationToMinutes(frequency) ?? 0,
    interval_period_minutes: interval_period === null ? null : durationToMinutes(interval_period),
  };
}

/** A source that would read outside IMPORT_ROOT is refused when it is saved, not only when it runs. */
function assertInsideImportRoot(importRoot: string, input: ImportSourceInput): void {
  const outside = importPathOutsideRoot(importRoot, input.file_path, input.file_name);
  if (outside) throw badRequest(outside);
}

/** A readable 400 naming every reference that does not exist, before PostgreSQL's foreign keys would refuse it. */
async function assertReferencesExist(db: Db, input: ImportSourceInput): Promise<void> {
  const missing = await missingReferences(db, input);
  if (missing.length) throw badRequest(`${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`);
}

async function loadSource(db: Db, importNdx: number): Promise<ImportSource> {
  const [source] = await listImportSources(db, importNdx);
  if (!source) throw unknownSource(importNdx);
  return source;
}

export function listSources(db: Db): Promise<ImportSource[]> {
  return listImportSources(db);
}

export function getSource(db: Db, importNdx: number): Promise<ImportSource> {
  return loadSource(db, importNdx);
}

export async function createSource(db: Db, actor: Actor, input: ImportSourceInput, importRoot: string): Promise<ImportSource> {
  assertInsideImportRoot(importRoot, input);
  return db.transaction().execute(async (trx) => {
    await assertReferencesExist(trx, input);
    const importNdx = await insertImportSource(trx, toWrite(await applyKindSettings(trx, input)));
    const after = await findImportSourceRecord(trx, importNdx);
    await recordAudit(trx, { actor, action: 'insert', table: TABLE, rowKey: importNdx, after });
    return loadSource(trx, importNdx);
  });
}

export async function updateSource(
  db: Db,
  actor: Actor,
  importNdx: number,
  input: ImportSourceInput,
  importRoot: string,
): Promise<ImportSource> {
  assertInsideImportRoot(importRoot, input);
  return db.transaction().execute(async (trx) => {
    const before = await findImportSourceRecord(trx, importNdx, true);
    if (!before) throw unknownSource(importNdx);
    await assertReferencesExist(trx, input);
    const write = toWrite(await applyKindSettings(trx, input));
    const seriesKeys = [
      'location_ndx',
      'parameter_ndx',
      'datasrc_ndx',
      'source_site_id',
      'source_site_metadata',
      'source_method_id',
    ] as const;
    const seriesChanged = seriesKeys.some((k) => write[k] !== before[k]);
    await updateImportSource(trx, importNdx, write, write.frequency_minutes !== before.frequency_minutes, seriesChanged);
    const after = await findImportSourceRecord(trx, importNdx);
    await recordAudit(trx, { actor, action: 'update', table: TABLE, rowKey: importNdx, before, after });
    return loadSource(trx, importNdx);
  });
}

/** Deleting a source removes its run history; observations it imported stay (their import_ndx becomes null). */
export async function deleteSource(db: Db, actor: Actor, importNdx: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findImportSourceRecord(trx, importNdx, true);
    if (!before) throw unknownSource(importNdx);
    await deleteImportSource(trx, importNdx);
    await recordAudit(trx, { actor, action: 'delete', table: TABLE, rowKey: importNdx, before });
  });
}

/**
 * Sets run_now (the scheduler's every-minute check would start it) and queues an immediate run
 * in the same transaction, so the job never starts before the flag is visible.
 */
export async function runNow(db: Db, actor: Actor, importNdx: number): Promise<RunNowResult> {
  return db.transaction().execute(async (trx) => {
    const before = await findImportSourceRecord(trx, importNdx, true);
    if (!before) throw unknownSource(importNdx);
    await setRunNow(trx, importNdx);
    await recordAudit(trx, {
      actor,
      action: 'update',
      table: TABLE,
      rowKey: importNdx,
      before: { run_now: before.run_now },
      after: { run_now: true },
    });
    const queued = await jobQueueInstalled(trx);
    if (queued) await queueImportRun(trx, importNdx);
    return { import_ndx: importNdx, run_now: true as const, queued };
  });
}

export async function listRuns(db: Db, importNdx: number, limit: number): Promise<ImportRun[]> {
  if (!(await findImportSourceRecord(db, importNdx))) throw unknownSource(importNdx);
  return listImportRuns(db, importNdx, limit);
}
