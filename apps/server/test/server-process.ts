import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** http://127.0.0.1:{port}, this process's own address. */
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far (pino JSON lines and the start-up banner). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/main.ts`, what `npm run serve` runs)
 * with only the environment given (plus PATH and HOME) and waits until /readyz answers and the
 * start-up banner is printed (it comes after the job workers have started).
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { port?: number; ownProcessGroup?: boolean } = {},
): Promise<ServerProcess> {
  const server = await spawnServerProcess(env, opts);
  const { child, base } = server;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${server.output().slice(-2000)}`);
    if (server.output().includes('Water Resources Portal is running at') && (await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (i > 240) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready: ${server.output().slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return server;
}

/** Starts the real server like startServerProcess, without waiting for it to be ready. */
export async function spawnServerProcess(
  env: Record<string, string>,
  opts: { port?: number; ownProcessGroup?: boolean } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'no',
      BASEMAPS: 'offline',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a shell gives a foreground command: a signal sent to the
    // group (-pid) then reaches every process in it, as a terminal's Ctrl-C does.
    detached: opts.ownProcessGroup ?? false,
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => output,
    exited,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until the process has written `text` (true), or has exited or `timeoutMs` passed (false). */
export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 120_000): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    if (server.output().includes(text)) return true;
    if (server.child.exitCode !== null) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Process ids of live postmasters serving the data folder `dir` (read from /proc: `postgres -D dir`). */
export function postmastersOf(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const at = argv.indexOf('-D');
    if (at >= 0 && path.resolve(argv[at + 1] ?? '') === path.resolve(dir) && path.basename(argv[0]) === 'postgres')
      pids.push(Number(entry));
  }
  return pids;
}

/** Process ids of the embedded PostgreSQL watchdogs of the data folder `dir` (db/embedded-orphans.ts). */
export function postgresWatchdogsOf(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const at = argv.indexOf('portal-postgres-watchdog');
    if (at >= 0 && path.resolve(argv[at + 1] ?? '') === path.resolve(dir)) pids.push(Number(entry));
  }
  return pids;
}
