import type { Db } from '../../../db/client';
import { queueJob } from '../../../db/queue-job';

export const ALERTS_EVALUATE_JOB_KEY = 'alerts-evaluate';

/**
 * Asks the worker to evaluate the alerts (new readings). A burst of ingests waiting in the queue
 * becomes one evaluation, which looks at every enabled request anyway.
 */
export const queueAlertEvaluation = (db: Db) => queueJob(db, 'alerts-evaluate', ALERTS_EVALUATE_JOB_KEY);
