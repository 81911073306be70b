import { EventEmitter } from 'node:events';
import { Logger as WorkerLogger, run, type Runner, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { evaluateAlertsAfterIngest } from './alert-tasks';
import { recomputeStatisticsAfterIngest } from './statistics-tasks';
import { recoverFromDeadWorkers } from './crash-recovery';
import { CRONTAB, createTaskList } from './tasks';
import { WorkerLiveness } from './worker-liveness';
import { releasePoolsJobs } from './worker-liveness.repository';

type WorkerConfig = Pick<AppConfig, 'importRoot' | 'usgsBaseUrl' | 'cdssBaseUrl' | 'smtpUrl' | 'publicUrl' | 'alertsFrom'> &
  Partial<Pick<AppConfig, 'usgsWaterDataUrl' | 'usgsApiKey' | 'statsMinYears'>>;

export interface JobWorker {
  addJob: Runner['addJob'];
  /** Lets the jobs in flight finish (graceful), then stops taking jobs. */
  stop: () => Promise<void>;
}

/**
 * Starts the PostgreSQL-backed job queue (graphile-worker) with the crontab. Several
 * processes may run it against one database: jobs are taken with row locks.
 *
 * graphile-worker stops its worker pool for good when it cannot record a job's end (PostgreSQL
 * restarting just then), leaving that job locked for 4 hours. So this keeps it running: when the
 * queue runner ends without being asked to, it is started again (with backoff until PostgreSQL
 * answers) after releasing the jobs its dead pool still held, which are then retried.
 *
 * Each pool holds a liveness lock while it runs (worker-liveness.ts). Once started, and every
 * minute (crash-recovery.ts), the jobs of pools whose process died are released and the import
 * runs and alert messages they left half-done are set to run again.
 */
export async function startWorker(opts: {
  connectionString: string;
  db: Db;
  config: WorkerConfig;
  log: Logger;
  concurrency?: number;
}): Promise<JobWorker> {
  const log = opts.log.child({ component: 'worker' });
  let stopping = false;
  // Where jobs run, the alert engine and the statistics follow the writes of observations (this process's imports).
  const unsubscribers = [evaluateAlertsAfterIngest(), recomputeStatisticsAfterIngest()];
  const unsubscribe = () => unsubscribers.forEach((stop) => stop());
  const liveness = new WorkerLiveness(opts.connectionString, log);
  let current: StartedRunner;
  try {
    await liveness.open();
    current = await startRunner(opts, log, liveness);
  } catch (e) {
    unsubscribe();
    await liveness.close();
    throw e;
  }
  // Work a crashed process left behind runs again now (graphile-worker's schema exists by now).
  await recoverFromDeadWorkers(opts.db, (message) => log.warn(message)).catch((e: unknown) =>
    log.warn({ err: e instanceof Error ? e.message : String(e) }, 'could not recover work left by stopped workers'),
  );
  let restarting: Promise<void> | null = null;
  let wakeUp = () => {};

  const watch = (started: StartedRunner) => {
    const ended = () => {
      if (stopping) return;
      log.error('the job worker stopped on its own (database lost?); starting it again');
      restarting = restart(started.poolIds).finally(() => (restarting = null));
    };
    started.runner.promise.then(ended, ended);
  };
  const restart = async (deadPools: string[]) => {
    for (let attempt = 0; !stopping; attempt++) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt));
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (stopping) return;
      try {
        if (deadPools.length) await releasePoolsJobs(opts.db, deadPools);
        await liveness.drop(deadPools);
        current = await startRunner(opts, log, liveness);
        log.warn({ released: deadPools }, 'job worker started again');
        watch(current);
        return;
      } catch (e) {
        log.warn({ err: e instanceof Error ? e.message : String(e), attempt }, 'job worker could not start again yet');
      }
    }
  };
  watch(current);

  return {
    addJob: (...args) => current.runner.addJob(...args),
    stop: async () => {
      stopping = true;
      wakeUp();
      if (restarting) await restarting;
      await current.runner.stop().catch(() => {});
      await current.runner.promise.catch(() => {});
      // Its connections are closed before stop() returns: whoever stops the database next
      // (the embedded PostgreSQL at Ctrl-C) must not cut them.
      await current.poolEnded;
      await liveness.close();
      // After the jobs in flight: an import finishing now still queues its alert evaluation.
      unsubscribe();
    },
  };
}

interface StartedRunner {
  runner: Runner;
  /** Settles once the runner's own connection pool has ended. */
  poolEnded: Promise<void>;
  /** The worker pool ids of this runner: graphile_worker.jobs.locked_by of the jobs it holds. */
  poolIds: string[];
}

async function startRunner(
  opts: { connectionString: string; db: Db; config: WorkerConfig; concurrency?: number },
  log: Logger,
  liveness: WorkerLiveness,
): Promise<StartedRunner> {
  const logger = new WorkerLogger(() => (level, message, meta) => {
    // The queue's line for every finished job is bookkeeping (what a task did, it says itself).
    const bookkeeping = level === 'info' && message.startsWith('Completed task ');
    const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'info' && !bookkeeping ? 'info' : 'debug';
    log[method](meta ?? {}, message);
  });
  // Our own pool, so a dropped connection (PostgreSQL stopping on Ctrl-C before we do) is
  // logged instead of crashing the process with an unhandled 'error' event.
  const pgPool = new pg.Pool({ connectionString: opts.connectionString, max: (opts.concurrency ?? 2) + 2 });
  const lost = (err: Error) => log.warn({ err: err.message }, 'worker database connection lost');
  pgPool.on('error', lost);
  pgPool.on('connect', (client) => client.on('error', lost));
  const poolIds: string[] = [];
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => {
    poolIds.push(workerPool.id);
    // Emitted before the pool's workers ask for their first job: the lock's query goes first.
    liveness.hold(workerPool.id);
  });
  try {
    const runner = await run({
      pgPool,
      events,
      concurrency: opts.concurrency ?? 2,
      noHandleSignals: true,
      pollInterval: 2000,
      taskList: createTaskList(opts.db, opts.config),
      crontab: CRONTAB,
      logger,
      // A job's end is recorded through graphile-worker's batcher (0 ms: no waiting). Without it a
      // job that ends while PostgreSQL is away rejects a promise nobody handles, which ends the
      // whole server process; with it the worker pool stops, and startWorker starts a new one.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    const poolEnded = runner.promise.then(
      () => pgPool.end().catch(() => {}),
      () => pgPool.end().catch(() => {}),
    );
    return { runner, poolIds, poolEnded };
  } catch (e) {
    await pgPool.end().catch(() => {});
    throw e;
  }
}
