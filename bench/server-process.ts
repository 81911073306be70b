import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchDatabase } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  origin: string;
  pid: number;
  /** The environment the server was started with: `loadConfig(env)` gives its issuer and audience for tokens. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/**
 * The real server (`node apps/server/src/main.ts`) as its own process on a free loopback port,
 * against the bench database, without the demo seed or job workers; ready once `/readyz` answers.
 * `settleMs` waits a little longer so start-up work (glyph warm-up in the CPU worker) is over
 * before memory is sampled.
 */
export async function startBenchServer(
  db: BenchDatabase,
  options: { env?: Record<string, string>; settleMs?: number } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATABASE_URL: db.url,
    DATA_DIR: path.join(db.tmp, 'server'),
    SEED_DEMO: 'no',
    WORKERS: 'no',
    LOG_LEVEL: 'warn',
    BASEMAPS: 'offline',
    NODE_ENV: 'production',
    ...options.env,
  };
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    // The server's own output is discarded; its errors reach the bench's terminal.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => stopProcess(server);
  try {
    await waitForReady(origin, server);
    if (options.settleMs) await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, pid: server.pid!, env, stop };
}

async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function waitForReady(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not answer /readyz within 120 s');
}

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}
