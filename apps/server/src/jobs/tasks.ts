import type { Task } from 'graphile-worker';
import { deleteExpiredPayloads } from '../auth/oidc.repository';
import type { Db } from '../db/client';

/**
 * Every job the worker runs, by name. Later domains (imports, alerts, map sources,
 * retention) add their tasks and crontab lines here.
 */
export function createTaskList(db: Db): Record<string, Task> {
  return {
    // Nightly housekeeping: expired sign-in sessions, codes and grants of the embedded IdP.
    'identity-cleanup': async (_payload, helpers) => {
      const removed = await deleteExpiredPayloads(db);
      helpers.logger.info(`removed ${removed} expired identity records`);
    },
  };
}

/** graphile-worker crontab: one line per scheduled task (minute hour day month weekday). */
export const CRONTAB = ['15 3 * * * identity-cleanup ?max=1'].join('\n');
