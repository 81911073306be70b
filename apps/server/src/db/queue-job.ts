import { sql } from 'kysely';
import type { Db } from './client';

/**
 * Adds one job of `task` under `jobKey` once the caller's transaction commits: jobs waiting under
 * one key are one job. A database without the job queue (tests, first start) is skipped.
 */
export async function queueJob(db: Db, task: string, jobKey: string, queueName: string | null = null): Promise<boolean> {
  // Two statements: a call to a function of a missing schema fails when planned, whatever the branch.
  const { rows } = await sql<{ ok: boolean }>`select to_regproc('graphile_worker.add_job') is not null as ok`.execute(db);
  if (!rows[0]?.ok) return false;
  await sql`select graphile_worker.add_job(${task}, '{}'::json, queue_name => ${queueName}, job_key => ${jobKey})`.execute(db);
  return true;
}
