import { sql } from 'kysely';
import type { Db } from '../../../db/client';

export const ALERTS_EVALUATE_JOB_KEY = 'alerts-evaluate';
export const ALERTS_DELIVER_JOB_KEY = 'alerts-deliver';
/**
 * The job queue alert deliveries run in: one at a time across every process, so at most one
 * message is in flight at any moment (deliver.ts) and a crash can leave at most one unconfirmed.
 */
export const ALERTS_DELIVER_QUEUE = 'alerts-deliver';

/**
 * Adds one job of `task` under `jobKey` once the caller's transaction commits: jobs waiting under
 * one key are one job. A database without the job queue (tests, first start) is skipped.
 */
async function queueJob(db: Db, task: string, jobKey: string, queueName: string | null = null): Promise<boolean> {
  // Two statements: a call to a function of a missing schema fails when planned, whatever the branch.
  const { rows } = await sql<{ ok: boolean }>`select to_regproc('graphile_worker.add_job') is not null as ok`.execute(db);
  if (!rows[0]?.ok) return false;
  await sql`select graphile_worker.add_job(${task}, '{}'::json, queue_name => ${queueName}, job_key => ${jobKey})`.execute(db);
  return true;
}

/**
 * Asks the worker to evaluate the alerts (new readings). A burst of ingests waiting in the queue
 * becomes one evaluation, which looks at every enabled request anyway.
 */
export const queueAlertEvaluation = (db: Db) => queueJob(db, 'alerts-evaluate', ALERTS_EVALUATE_JOB_KEY);

/** Asks the worker to send the pending messages (an account message just queued). */
export const queueAlertDelivery = (db: Db) => queueJob(db, 'alerts-deliver', ALERTS_DELIVER_JOB_KEY, ALERTS_DELIVER_QUEUE);
