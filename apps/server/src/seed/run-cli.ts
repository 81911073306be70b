import { ConfigError, loadConfig, type AppConfig } from '../config';
import { createDb, type Db } from '../db/client';

/**
 * Runs a command-line entry against the database at DATABASE_URL: loads the configuration (a bad
 * setting prints its message), refuses without DATABASE_URL (printing `withoutDatabase`), opens a
 * pool of `poolSize` connections, runs `main`, closes the pool and exits with main's code. Any
 * error prints its message, never a stack, and exits with 1.
 */
export function runCli(options: { withoutDatabase: string; poolSize: number }, main: (config: AppConfig, db: Db) => Promise<number>): void {
  const run = async (): Promise<number> => {
    let config: AppConfig;
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
      console.error(options.withoutDatabase);
      return 1;
    }
    const handle = createDb(config.databaseUrl, options.poolSize);
    try {
      return await main(config, handle.db);
    } finally {
      await handle.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
