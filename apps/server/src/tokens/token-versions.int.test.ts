import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { bumpTokenVersion } from './token-version.repository';
import { listeningTokenVersions, type TokenVersions } from './token-versions';

const until = async (what: () => Promise<boolean>, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > deadline) throw new Error('never held');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Counts the reads of account_token_version this database has answered (pg_stat_user_tables). */
async function versionReads(t: TestDatabase): Promise<number> {
  await sql`select pg_stat_clear_snapshot()`.execute(t.db);
  const r = await sql<{ n: string }>`
    select (coalesce(idx_scan, 0) + coalesce(seq_scan, 0))::text as n from pg_stat_user_tables where relname = 'account_token_version'`.execute(
    t.db,
  );
  return Number(r.rows[0]?.n ?? 0);
}

describe('token versions remembered per process, forgotten on change', () => {
  let t: TestDatabase;
  let versions: TokenVersions;
  beforeAll(async () => {
    t = await createTestDatabase();
    versions = await listeningTokenVersions(t.db, t.url, { reconnectMs: 100, pingMs: 200 });
  });
  afterAll(async () => {
    await versions?.close();
    await t?.drop();
  });

  it('answers a known account without reading the database again', async () => {
    expect(await versions.current('usr_remembered')).toBe(0);
    const before = await versionReads(t);
    for (let i = 0; i < 20; i++) expect(await versions.current('usr_remembered')).toBe(0);
    // The statistics collector may lag; a read per call would be 20 more.
    await new Promise((r) => setTimeout(r, 600));
    expect((await versionReads(t)) - before).toBeLessThan(3);
  });

  it('forgets an account the moment another connection changes its version', async () => {
    expect(await versions.current('usr_changed')).toBe(0);
    // Another process's transaction: the same database, another connection.
    await t.db.transaction().execute((trx) => bumpTokenVersion(trx, 'usr_changed'));
    await until(async () => (await versions.current('usr_changed')) === 1, 2000);
    await t.db.transaction().execute((trx) => bumpTokenVersion(trx, 'usr_changed'));
    await until(async () => (await versions.current('usr_changed')) === 2, 2000);
  });

  it('reads every time while its listening connection is gone, and listens again', async () => {
    expect(await versions.current('usr_outage')).toBe(0);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal token versions' and datname = current_database()`.execute(
      t.db,
    );
    // Changed while nobody listens: the next answer must still be the new version.
    await bumpTokenVersion(t.db, 'usr_outage');
    await until(async () => (await versions.current('usr_outage')) === 1, 3000);
    // Back again: a change is heard once more.
    await until(async () => {
      const r = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where application_name = 'portal token versions' and datname = current_database()`.execute(
        t.db,
      );
      return r.rows[0].n === 1;
    }, 5000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await versions.current('usr_outage')).toBe(1);
    await bumpTokenVersion(t.db, 'usr_outage');
    await until(async () => (await versions.current('usr_outage')) === 2, 2000);
  });
});
