import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { TEMPLATE_DB, withDatabase } from './global-setup';

export interface TestDatabase extends DbHandle {
  url: string;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
}

/** A fresh, fully migrated database of its own for one test file (cloned from the template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `portal_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = createDb(url, 5);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
