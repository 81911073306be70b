import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/client';
import { recomputeAllStatistics } from '../modules/statistics/statistics.service';

/**
 * `npm run stats:recompute`: an administrator's full recompute of every series' statistics at
 * DATABASE_URL (after changing STATS_MIN_YEARS, say). The job keeps them current otherwise.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  if (!config.databaseUrl) {
    console.error(
      'Set DATABASE_URL to the database to recompute (the embedded one runs inside npm start: stop it first and set DATABASE_URL to it)',
    );
    return 1;
  }
  const handle = createDb(config.databaseUrl, 2);
  try {
    const started = Date.now();
    const n = await recomputeAllStatistics(handle.db, config.statsMinYears);
    console.log(
      `Recomputed the statistics of ${n} series in ${((Date.now() - started) / 1000).toFixed(1)} s (ranked from ${config.statsMinYears} years).`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
