import type { Task } from 'graphile-worker';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { syncDueMapSources } from '../modules/map-sources/map-sources.service';

/** External map layers (Colorado DWR / CDSS): each source refreshes on its own refresh_minutes. */
export function createMapSourceTasks(db: Db, config: Pick<AppConfig, 'cdssBaseUrl'>): Record<string, Task> {
  return {
    'map-sources-sync': async (_payload, helpers) => {
      const results = await syncDueMapSources(db, { cdssBaseUrl: config.cdssBaseUrl });
      for (const r of results) {
        if (r.ok) helpers.logger.info(`map source ${r.id}: ${r.features} features`);
        else helpers.logger.warn(`map source ${r.id} kept its last copy: ${r.error}`);
      }
    },
  };
}

/** Checked every five minutes; a source is fetched only when its interval has passed. */
export const MAP_SOURCES_CRONTAB = ['*/5 * * * * map-sources-sync ?max=1'];
