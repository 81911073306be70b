import type { Task } from 'graphile-worker';
import { deleteExpiredPayloads } from '../identity-provider/oidc.repository';
import { deleteExpiredCounters } from '../identity-provider/throttle.repository';
import { deleteExpiredTrustedDevices } from '../identity-provider/trusted-device.repository';
import { deleteEndedApiKeys } from '../tokens/api-key.repository';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { ALERT_CRONTAB, createAlertTasks } from './alert-tasks';
import { recoverFromDeadWorkers } from './crash-recovery';
import { createImportTasks, IMPORT_CRONTAB } from './import-tasks';
import { createMapSourceTasks, MAP_SOURCES_CRONTAB } from './map-sources-tasks';
import { createStatisticsTasks, STATISTICS_CRONTAB } from './statistics-tasks';

/**
 * Every job the worker runs, by name. Later domains (imports, alerts, map sources,
 * retention) add their tasks and crontab lines here.
 */
export function createTaskList(
  db: Db,
  config: Pick<AppConfig, 'importRoot' | 'usgsBaseUrl' | 'cdssBaseUrl' | 'smtpUrl' | 'publicUrl' | 'alertsFrom'> &
    Partial<Pick<AppConfig, 'usgsWaterDataUrl' | 'usgsApiKey' | 'statsMinYears'>>,
): Record<string, Task> {
  return {
    ...createImportTasks(db, config),
    ...createMapSourceTasks(db, config),
    ...createAlertTasks(db, config),
    ...createStatisticsTasks(db, { statsMinYears: config.statsMinYears ?? DEFAULT_STATS_MIN_YEARS }),
    // Nightly housekeeping: expired sign-in sessions, codes and grants of the embedded IdP,
    // throttle and rate-limit counters whose window has passed, expired trusted devices, and API
    // keys that ended (expired or revoked) long enough ago that their owner no longer needs them listed.
    'identity-cleanup': async (_payload, helpers) => {
      const removed = await deleteExpiredPayloads(db);
      const counters = await deleteExpiredCounters(db, Date.now());
      const devices = await deleteExpiredTrustedDevices(db, Date.now());
      const keys = await deleteEndedApiKeys(db, new Date());
      helpers.logger.info(
        `removed ${removed} expired identity records, ${counters} expired throttle counters, ${devices} expired trusted devices and ${keys} ended API keys`,
      );
    },
    // Work of worker processes that died, taken up again (also done when a worker starts).
    'workers-recover': async (_payload, helpers) => {
      await recoverFromDeadWorkers(db, (message) => helpers.logger.warn(message));
    },
  };
}

/** Years a day of year needs to be ranked when the caller's configuration does not say (STATS_MIN_YEARS). */
const DEFAULT_STATS_MIN_YEARS = 10;

/** graphile-worker crontab: one line per scheduled task (minute hour day month weekday). */
export const CRONTAB = [
  '15 3 * * * identity-cleanup ?max=1',
  '* * * * * workers-recover ?max=1',
  ...IMPORT_CRONTAB,
  ...MAP_SOURCES_CRONTAB,
  ...ALERT_CRONTAB,
  ...STATISTICS_CRONTAB,
].join('\n');
