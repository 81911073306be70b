import { DATA_SOURCE_KINDS } from '@portal/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';

/**
 * data_source.kind is checked by the database against a list written in a migration; the list
 * must hold exactly the registered import source kinds and the kinds that are never imported.
 * Registering a kind makes this test fail until a migration adds the kind to the constraint.
 */
describe('data_source.kind constraint', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => t?.drop());

  it('allows exactly the registered kinds', async () => {
    const { rows } = await sql<{ def: string }>`
      select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'data_source_kind_check'`.execute(t.db);
    expect(rows).toHaveLength(1);
    const allowed = [...rows[0].def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]);
    expect([...allowed].sort()).toEqual([...DATA_SOURCE_KINDS].sort());
  });
});
