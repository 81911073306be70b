import { sql } from 'kysely';
import type { Db } from '../src/db/client';

/** Row count and a hash of every row, per table of the public schema. */
export type DbFingerprint = Map<string, string>;

/**
 * A fingerprint of the whole database in one statement, cheap on the small databases of the
 * integration tests: two fingerprints differ exactly when some table gained, lost or changed a row.
 * Tests use it to show that a refused request (4xx) or a read wrote nothing. The throttle and
 * rate-limit counters are left out: every request to a limited route counts there, refused or
 * not, and that bookkeeping is not data.
 */
export async function fingerprintReader(db: Db): Promise<() => Promise<DbFingerprint>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'throttle_counter' order by table_name`.execute(db);
  const parts = tables.rows.map(
    ({ name }) =>
      `select '${name}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::int8), 0)::text as f from public."${name}" x`,
  );
  const statement = sql.raw<{ t: string; f: string }>(parts.join(' union all '));
  return async () => new Map((await statement.execute(db)).rows.map((r) => [r.t, r.f]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: DbFingerprint, after: DbFingerprint): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}
