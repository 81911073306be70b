import type { Task } from 'graphile-worker';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { localDateOf } from '../db/local-day';
import { queueJob } from '../db/queue-job';
import { recomputePendingStatistics } from '../modules/statistics/statistics.service';
import { markStatisticsPending } from '../modules/statistics/statistics.repository';
import { onObservationsDeleted, onObservationsWritten } from '../modules/timeseries/observations-written';

export const STATISTICS_JOB_KEY = 'statistics-recompute';

/**
 * The statistics job: recomputes the statistics of the days writes touched. Every ingest that
 * wrote rows notes its series' days and queues the job in its own transaction (one job however
 * many ingests wait); every ten minutes the job runs anyway, so nothing noted is left behind.
 */
export function createStatisticsTasks(db: Db, config: Pick<AppConfig, 'statsMinYears'>): Record<string, Task> {
  return {
    'statistics-recompute': async (_payload, helpers) => {
      const n = await recomputePendingStatistics(db, config.statsMinYears);
      if (n) helpers.logger.info(`statistics: recomputed ${n} series`);
    },
  };
}

export const STATISTICS_CRONTAB = ['*/10 * * * * statistics-recompute ?max=1'];

/**
 * New daily means change their days' statistics, and so do daily means that retention deleted:
 * either notes the days and queues the job, in the change's own transaction. Returns the unsubscribe.
 */
export function recomputeStatisticsAfterIngest(): () => void {
  const noteDays = async (db: Db, series: readonly { locationNdx: number; parameterNdx: number; first: Date; last: Date }[]) => {
    await markStatisticsPending(
      db,
      series.map((s) => ({
        locationNdx: s.locationNdx,
        parameterNdx: s.parameterNdx,
        firstDate: localDateOf(s.first),
        lastDate: localDateOf(s.last),
      })),
    );
    await queueJob(db, 'statistics-recompute', STATISTICS_JOB_KEY);
  };
  const stopWrites = onObservationsWritten(({ db, series }) => noteDays(db, series));
  const stopDeletions = onObservationsDeleted(({ db, series }) => noteDays(db, [series]));
  return () => {
    stopWrites();
    stopDeletions();
  };
}
