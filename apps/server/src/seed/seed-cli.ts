import { ConfigError, loadConfig } from '../config';
import { createDb } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { isDatabaseEmpty, seedDemoDistrict } from './seed-demo';

/**
 * `npm run db:seed`: migrates the database at DATABASE_URL and seeds the demo district if it is
 * empty. It never seeds over existing data, so running it twice is harmless.
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
    console.error('Set DATABASE_URL, or run npm start which seeds the embedded database on first start');
    return 1;
  }
  const handle = createDb(config.databaseUrl, 4);
  try {
    const applied = await migrateToLatest(handle.db);
    if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
    if (!(await isDatabaseEmpty(handle.db))) {
      console.log('The database already has facilities or users; not seeding demo data.');
      return 0;
    }
    const fifteen = 15 * 60_000;
    const anchor = new Date(Math.floor(Date.now() / fifteen) * fifteen);
    const started = Date.now();
    const counts = await seedDemoDistrict(handle.db, {
      anchor,
      demoPassword: config.demoPassword,
      statsMinYears: config.statsMinYears,
      log: (m) => console.log(m),
    });
    console.log(
      `Seeded ${counts.facilities} facilities, ${counts.locations} locations, ${counts.series} series and ` +
        `${counts.observations} observations in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (config.demoPasswordIsDefault) {
      console.log(
        'Demo accounts (admin@demo.local, developer@demo.local, user@demo.local, alldata@demo.local, norole@demo.local) use the documented default DEMO_PASSWORD.',
      );
    }
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
