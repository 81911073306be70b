import { sql } from 'kysely';
import type { Db } from '../../../db/client';

export const ALERTS_EVALUATE_JOB_KEY = 'alerts-evaluate';
export const ALERTS_DELIVER_JOB_KEY = 'alerts-deliver';

/**
 * Asks the worker to evaluate the alerts once the caller's transaction commits (new readings).
 * One job key: a burst of ingests waiting in the queue becomes one evaluation, which looks at
 * every enabled request anyway. A database without the job queue (tests, first start) is skipped.
 */
export async function queueAlertEvaluation(db: Db): Promise<boolean> {
  // Two statements: a call to a function of a missing schema fails when planned, whatever the branch.
  const { rows } = await sql<{ ok: boolean }>`select to_regproc('graphile_worker.add_job') is not null as ok`.execute(db);
  if (!rows[0]?.ok) return false;
  await sql`select graphile_worker.add_job('alerts-evaluate', '{}'::json, job_key => ${ALERTS_EVALUATE_JOB_KEY})`.execute(db);
  return true;
}

/**
 * Asks the worker to send the pending messages once the caller's transaction commits (an account
 * message just queued). Skipped like the evaluation when the database has no job queue.
 */
export async function queueAlertDelivery(db: Db): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`select to_regproc('graphile_worker.add_job') is not null as ok`.execute(db);
  if (!rows[0]?.ok) return false;
  await sql`select graphile_worker.add_job('alerts-deliver', '{}'::json, job_key => ${ALERTS_DELIVER_JOB_KEY})`.execute(db);
  return true;
}
