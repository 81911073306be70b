import { Logger as WorkerLogger, run, type Runner } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { CRONTAB, createTaskList } from './tasks';

/**
 * Starts the PostgreSQL-backed job queue (graphile-worker) with the crontab. Several
 * processes may run it against one database: jobs are taken with row locks.
 */
export async function startWorker(opts: {
  connectionString: string;
  db: Db;
  config: Pick<AppConfig, 'importRoot' | 'usgsBaseUrl' | 'cdssBaseUrl' | 'smtpUrl' | 'publicUrl' | 'alertsFrom'>;
  log: Logger;
  concurrency?: number;
}): Promise<Runner> {
  const log = opts.log.child({ component: 'worker' });
  const logger = new WorkerLogger(() => (level, message, meta) => {
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' ? 'info' : 'debug';
    log[method](meta ?? {}, message);
  });
  // Our own pool, so a dropped connection (PostgreSQL stopping on Ctrl-C before we do) is
  // logged instead of crashing the process with an unhandled 'error' event.
  const pgPool = new pg.Pool({ connectionString: opts.connectionString, max: (opts.concurrency ?? 2) + 2 });
  const lost = (err: Error) => log.warn({ err: err.message }, 'worker database connection lost');
  pgPool.on('error', lost);
  pgPool.on('connect', (client) => client.on('error', lost));
  const runner = await run({
    pgPool,
    concurrency: opts.concurrency ?? 2,
    noHandleSignals: true,
    pollInterval: 2000,
    taskList: createTaskList(opts.db, opts.config),
    crontab: CRONTAB,
    logger,
  });
  void runner.promise.finally(() => pgPool.end().catch(() => {}));
  return runner;
}
