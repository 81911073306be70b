import { recomputeAllStatistics } from '../modules/statistics/statistics.service';
import { runCli } from './run-cli';

/**
 * `npm run stats:recompute`: an administrator's full recompute of every series' statistics at
 * DATABASE_URL (after changing STATS_MIN_YEARS, say). The job keeps them current otherwise.
 */
runCli(
  {
    withoutDatabase:
      'Set DATABASE_URL to the database to recompute (the embedded one runs inside npm start: stop it first and set DATABASE_URL to it)',
    poolSize: 2,
  },
  async (config, db) => {
    const started = Date.now();
    const n = await recomputeAllStatistics(db, config.statsMinYears);
    console.log(
      `Recomputed the statistics of ${n} series in ${((Date.now() - started) / 1000).toFixed(1)} s (ranked from ${config.statsMinYears} years).`,
    );
    return 0;
  },
);
