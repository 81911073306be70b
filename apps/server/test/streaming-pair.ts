import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';

export interface StreamingPair {
  /** The primary's URL for `database` (superuser). */
  primaryUrl: string;
  /** The standby's URL for `database` (superuser; read only while it replays). */
  standbyUrl: string;
  stopStandby: () => Promise<void>;
  /** Stops both servers and deletes their folder. */
  stop: () => Promise<void>;
}

const REPLICATION_USER = 'portal_replicator';
const REPLICATION_PASSWORD = 'replication-test';
const SLOT = 'portal_standby';

/**
 * A real PostgreSQL primary and a real streaming standby of it, from the embedded binaries: the
 * primary is made, given a replication role and slot, and stopped cleanly; a copy of its folder
 * becomes the standby (standby.signal, primary_conninfo, primary_slot_name) once the primary runs
 * again. Both live in one temporary folder that stop() removes.
 */
export async function startStreamingPair(database: string): Promise<StreamingPair> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-replica-test-'));
  // PostgreSQL runs as the postgres user when the tests run as root: it must reach the folders.
  fs.chmodSync(root, 0o755);
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  let primary: EmbeddedDatabase | undefined;
  let standby: EmbeddedDatabase | undefined;
  const stop = async () => {
    await standby?.stop().catch(() => {});
    await primary?.stop().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    primary = await startEmbeddedPostgres(primaryDir, database);
    await superuserQuery(primary.url, [
      `create role ${REPLICATION_USER} with replication login password '${REPLICATION_PASSWORD}'`,
      `select pg_create_physical_replication_slot('${SLOT}')`,
    ]);
    await primary.stop();
    // cp -a keeps owners and modes: PostgreSQL refuses a data folder it does not own.
    execFileSync('cp', ['-a', primaryDir, standbyDir]);
    // The slot belongs to the primary; the standby streams through it.
    fs.rmSync(path.join(standbyDir, 'pg_replslot', SLOT), { recursive: true, force: true });

    primary = await startEmbeddedPostgres(primaryDir, database);
    const { port } = new URL(primary.url);
    writeOwned(path.join(standbyDir, 'standby.signal'), '', primaryDir);
    fs.appendFileSync(
      path.join(standbyDir, 'postgresql.auto.conf'),
      [
        `primary_conninfo = 'host=127.0.0.1 port=${port} user=${REPLICATION_USER} password=${REPLICATION_PASSWORD} application_name=portal_standby'`,
        `primary_slot_name = '${SLOT}'`,
        '',
      ].join('\n'),
    );
    standby = await startEmbeddedPostgres(standbyDir, database);
    const standbyNow = standby;
    return {
      primaryUrl: primary.url,
      standbyUrl: standby.url,
      stopStandby: () => standbyNow.stop(),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

async function superuserQuery(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function writeOwned(file: string, text: string, ownerOf: string): void {
  fs.writeFileSync(file, text, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const { uid, gid } = fs.statSync(ownerOf);
    fs.chownSync(file, uid, gid);
  }
}
