import type { Task } from 'graphile-worker';
import type { Db } from '../db/client';
import { listDueSources } from '../modules/imports/engine/import-engine.repository';
import { applyImportRetention } from '../modules/imports/engine/retention';
import { runImportSource } from '../modules/imports/engine/run-import';
import type { ImportConfig } from '../modules/imports/engine/import-deps';
import { importDepsFrom } from '../modules/imports/sources/registry';

/**
 * The import engine's jobs. 'imports-due' (every minute) queues one 'import-source' job per due
 * source under job key `import-source:{import_ndx}`, so a source waiting in the queue is queued
 * once however often the scheduler or the Run now button asks. The page queues a run with
 * `select graphile_worker.add_job('import-source', json_build_object('importNdx', $1::int), job_key => 'import-source:' || $1)`.
 * Two workers never run one source at once: runImportSource holds an advisory lock.
 */
export function createImportTasks(db: Db, config: ImportConfig): Record<string, Task> {
  const deps = importDepsFrom(config);
  return {
    'imports-due': async (_payload, helpers) => {
      const due = await listDueSources(db, new Date());
      for (const importNdx of due) {
        await helpers.addJob('import-source', { importNdx }, { jobKey: `import-source:${importNdx}`, maxAttempts: 3 });
      }
      if (due.length) helpers.logger.info(`queued ${due.length} due import source(s): ${due.join(', ')}`);
    },
    'import-source': async (payload, helpers) => {
      const importNdx = (payload as { importNdx?: unknown } | null)?.importNdx;
      if (typeof importNdx !== 'number' || !Number.isInteger(importNdx)) {
        // A malformed job can never succeed: log it and let the job finish instead of retrying.
        helpers.logger.error(`import-source job without an integer importNdx: ${JSON.stringify(payload)}`);
        return;
      }
      const r = await runImportSource(db, importNdx, deps);
      const line = `import ${importNdx}: ${r.status}, read ${r.rowsRead}, inserted ${r.rowsInserted}, updated ${r.rowsUpdated}, unchanged ${r.rowsUnchanged}, skipped ${r.rowsSkipped}, ignored ${r.rowsIgnored}${r.message ? ` - ${r.message}` : ''}`;
      if (r.status === 'failed') helpers.logger.warn(line);
      else helpers.logger.info(line);
    },
    'imports-retention': async (_payload, helpers) => {
      const r = await applyImportRetention(db, new Date());
      helpers.logger.info(`retention removed ${r.deleted} observation(s) from ${r.series} series older than their sources' retain_days`);
    },
  };
}

/** Crontab lines of the import engine (graphile-worker syntax). */
export const IMPORT_CRONTAB = ['* * * * * imports-due ?max=1', '40 2 * * * imports-retention ?max=3'];
