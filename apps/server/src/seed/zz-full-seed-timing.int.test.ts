import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import { seedDemoDistrict } from './seed-demo';

it('full-size seed timing (temporary)', async () => {
  const t = await createTestDatabase();
  const started = Date.now();
  const anchor = new Date(Math.floor(Date.UTC(2026, 10, 22, 5, 20) / 900_000) * 900_000);
  const r = await seedDemoDistrict(t.db, { anchor, demoPassword: 'demo-water-2026', log: (m) => console.log(new Date().toISOString(), m) });
  const secs = (Date.now() - started) / 1000;
  const counts = await sql`select (select count(*) from observation) obs, (select count(*) from series_latest) latest, (select count(*) from observation_daily) daily, (select count(*) from series_latest where last_timestamp < ${anchor}::timestamptz - interval '1 day') stale, pg_size_pretty(pg_database_size(current_database())) size`.execute(t.db);
  console.log('RESULT', JSON.stringify(r), secs, JSON.stringify(counts.rows[0]));
  await t.drop();
  expect(r.observations).toBeGreaterThan(0);
}, 1_800_000);
