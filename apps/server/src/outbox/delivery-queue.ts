import type { Db } from '../db/client';
import { queueJob } from '../db/queue-job';

export const ALERTS_DELIVER_JOB_KEY = 'alerts-deliver';
/**
 * The job queue the outbox's deliveries run in: one at a time across every process, so at most
 * one message is in flight at any moment and a crash can leave at most one unconfirmed.
 */
export const ALERTS_DELIVER_QUEUE = 'alerts-deliver';

/** Asks the worker to send the pending messages (an alert or an account message just queued). */
export const queueAlertDelivery = (db: Db) => queueJob(db, 'alerts-deliver', ALERTS_DELIVER_JOB_KEY, ALERTS_DELIVER_QUEUE);
