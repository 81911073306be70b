import { ConfigError, loadConfig } from './config';
import { createDb } from './db/client';
import { useDistrictTimeZone } from './db/local-day';
import { migrateToLatest } from './db/migrate';
import { startWorker } from './jobs/worker';
import { createServerLog } from './logging/log-output';

/**
 * A worker-only process (npm run worker) for sites that run jobs on more machines. It needs
 * DATABASE_URL: the embedded PostgreSQL belongs to the `npm start` process.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new ConfigError('Invalid DATABASE_URL="": expected a postgres:// URL (a separate worker needs a shared database)');
  useDistrictTimeZone(config.districtTimeZone);
  const { log } = createServerLog(config.logLevel, config.logFormat);
  const { db, close } = createDb(config.databaseUrl, 5);
  await migrateToLatest(db);
  const runner = await startWorker({ connectionString: config.databaseUrl, db, config, log });
  log.info('worker started');
  const stop = async () => {
    await runner.stop();
    await close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  console.error(
    e instanceof ConfigError ? `Configuration error: ${e.message}` : `Worker failed: ${e instanceof Error ? e.message : String(e)}`,
  );
  process.exit(1);
});
