import type { Db } from '../db/client';
import { sql } from 'kysely';
import { reconcileAbandonedDeliveries } from '../outbox/delivery.repository';
import { queueAlertDelivery } from '../outbox/delivery-queue';
import { requeueInterruptedRuns } from '../modules/imports/engine/import-engine.repository';
import { poolIsDead, releaseDeadPoolsJobs } from './worker-liveness.repository';

/**
 * What a worker process that died (kill -9, a crash, power loss) leaves half-done is taken up
 * again: the jobs its pools held are released (they run again now, not after graphile-worker's
 * 4-hour lock timeout), the import runs it left 'running' are marked interrupted and queued
 * again, and the alert messages it left in flight are sent again or counted as sent (deliver.ts
 * says which). Only dead processes' work is touched: a live worker of any process holds a liveness
 * lock per pool and an advisory lock per import source it runs. Runs when a worker starts and
 * every minute ('workers-recover').
 */
export async function recoverFromDeadWorkers(db: Db, warn: (message: string) => void): Promise<void> {
  const released = await releaseDeadPoolsJobs(db);
  if (released.length) warn(`released the jobs of job worker pools that died: ${released.join(', ')}`);
  const requeued = await requeueInterruptedRuns(db, new Date());
  if (requeued.length) warn(`import runs interrupted by a worker that died were queued again: sources ${requeued.join(', ')}`);
  const messages = await reconcileAbandonedDeliveries(db, poolIsDead(sql.ref('e.sending_by')), new Date());
  if (messages.requeued || messages.unconfirmed) {
    warn(
      `alert messages a worker that died left in flight: ${messages.requeued} to be sent again, ${messages.unconfirmed} counted as sent`,
    );
  }
  if (messages.requeued) await queueAlertDelivery(db);
}
