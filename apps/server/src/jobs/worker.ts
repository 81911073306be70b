import { Logger as WorkerLogger, run, type Runner } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { CRONTAB, createTaskList } from './tasks';

/**
 * Starts the PostgreSQL-backed job queue (graphile-worker) with the crontab. Several
 * processes may run it against one database: jobs are taken with row locks.
 */
export async function startWorker(opts: { connectionString: string; db: Db; log: Logger; concurrency?: number }): Promise<Runner> {
  const log = opts.log.child({ component: 'worker' });
  const logger = new WorkerLogger(() => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
    log[method](meta ?? {}, message);
  });
  return run({
    connectionString: opts.connectionString,
    concurrency: opts.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList: createTaskList(opts.db),
    crontab: CRONTAB,
    logger,
  });
}
