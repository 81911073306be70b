import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { startPostgresProcess, type PostgresProcess } from './postgres-process-client';
import { migrateToLatest } from '../src/db/migrate';

export const TEMPLATE_DB = 'portal_test_template';

let embedded: PostgresProcess | undefined;
let tmpDir: string | undefined;

/**
 * Starts one real PostgreSQL for the integration run (embedded, or DATABASE_URL when set),
 * migrates a template database once, and hands its admin URL to the test files.
 */
export default async function setup(project: TestProject) {
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    embedded = await startPostgresProcess(path.join(tmpDir, 'data'));
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  await admin.end();
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const handle = createDb(templateUrl, 2);
  await migrateToLatest(handle.db);
  await handle.close();
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    if (embedded) await embedded.stop();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
