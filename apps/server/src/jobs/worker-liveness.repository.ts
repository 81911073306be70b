import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db/client';

/**
 * Which job-worker pools are alive. Every graphile-worker pool of a process holds a session-level
 * advisory lock (this namespace, the hash of the pool id, which graphile writes to the jobs it
 * holds as locked_by) on one connection of its process. PostgreSQL drops the lock when that
 * process dies, however it dies, so a lock that can be taken means its pool is dead.
 */
const WORKER_LOCK_SPACE = 0x3a11;

/**
 * A pool sends its lock query the moment it is created, on a connection already open, before its
 * workers ask for their first job on other connections; jobs locked less than this ago are left
 * alone all the same, so a pool still registering is never taken for a dead one.
 */
const REGISTRATION_GRACE = '2 seconds';

/** Takes the liveness lock of a pool on the process's liveness connection. */
export async function holdPoolLock(client: pg.Client, poolId: string): Promise<void> {
  await client.query('select pg_advisory_lock($1::int, hashtext($2))', [WORKER_LOCK_SPACE, poolId]);
}

/** Lets go of the liveness lock of a pool that has ended (its jobs were released first). */
export async function dropPoolLock(client: pg.Client, poolId: string): Promise<void> {
  await client.query('select pg_advisory_unlock($1::int, hashtext($2))', [WORKER_LOCK_SPACE, poolId]);
}

/**
 * Releases the jobs and queues held by pools whose process has died (their liveness lock is
 * free), so they run again now instead of after graphile-worker's 4-hour lock timeout. Returns
 * the pool ids released. Does nothing before graphile-worker has installed its schema.
 */
export async function releaseDeadPoolsJobs(db: Db): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const installed = await sql<{ ok: boolean }>`select to_regclass('graphile_worker._private_jobs') is not null
                                                   and to_regclass('graphile_worker._private_job_queues') is not null as ok`.execute(trx);
    if (!installed.rows[0]?.ok) return [];
    // The transaction-level try-lock is granted only when no live session holds the pool's lock.
    const { rows } = await sql<{ locked_by: string }>`
      select w.locked_by from (
        select locked_by from graphile_worker._private_jobs
         where locked_by is not null and locked_at < now() - ${REGISTRATION_GRACE}::interval
        union
        select locked_by from graphile_worker._private_job_queues
         where locked_by is not null and locked_at < now() - ${REGISTRATION_GRACE}::interval) w
      where pg_try_advisory_xact_lock(${WORKER_LOCK_SPACE}::int, hashtext(w.locked_by))
      order by w.locked_by`.execute(trx);
    const dead = rows.map((r) => r.locked_by);
    if (dead.length) await sql`select graphile_worker.force_unlock_workers(${dead}::text[])`.execute(trx);
    return dead;
  });
}

/** Releases the jobs of this process's own pools that have ended (a runner that stopped on its own). */
export async function releasePoolsJobs(db: Db, poolIds: string[]): Promise<void> {
  await sql`select graphile_worker.force_unlock_workers(${poolIds}::text[])`.execute(db);
}

/** SQL predicate: the pool named by `poolId` (an SQL expression) is dead. Only inside one statement or transaction (it takes a transaction-level lock). */
export function poolIsDead(poolId: unknown): RawBuilder<SqlBool> {
  return sql<SqlBool>`pg_try_advisory_xact_lock(${WORKER_LOCK_SPACE}::int, hashtext(${poolId}))`;
}
