import { migrateToLatest } from '../db/migrate';
import { runCli } from './run-cli';
import { isDatabaseEmpty, seedDemoDistrict } from './seed-demo';

/**
 * `npm run db:seed`: migrates the database at DATABASE_URL and seeds the demo district if it is
 * empty. It never seeds over existing data, so running it twice is harmless.
 */
runCli(
  { withoutDatabase: 'Set DATABASE_URL, or run npm start which seeds the embedded database on first start', poolSize: 4 },
  async (config, db) => {
    const applied = await migrateToLatest(db);
    if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
    if (!(await isDatabaseEmpty(db))) {
      console.log('The database already has facilities or users; not seeding demo data.');
      return 0;
    }
    const fifteen = 15 * 60_000;
    const anchor = new Date(Math.floor(Date.now() / fifteen) * fifteen);
    const started = Date.now();
    const counts = await seedDemoDistrict(db, {
      anchor,
      demoPassword: config.demoPassword,
      statsMinYears: config.statsMinYears,
      historyYears: config.demoHistoryYears,
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
  },
);
