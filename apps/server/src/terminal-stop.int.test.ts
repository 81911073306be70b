import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../test/server-process';

/**
 * Ctrl-C in a terminal sends SIGINT to every process of the foreground process group. With the
 * embedded PostgreSQL, only the server may act on it: it drains its requests and jobs while the
 * database is still up, and stops PostgreSQL as its last step.
 */
describe('Ctrl-C in a terminal, embedded PostgreSQL', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'terminal-stop-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops the server first and PostgreSQL last, with nothing lost on the way', async () => {
    // The embedded PostgreSQL runs as the postgres user when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { ownProcessGroup: true });
    try {
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      expect(fs.existsSync(pidFile)).toBe(true);
      const postgresPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      // The workers are idle and listening, as they are for most of a session.
      await new Promise((r) => setTimeout(r, 5_000));
      process.kill(-server.child.pid!, 'SIGINT');
      expect(await server.exited).toBe(0);
      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      // Nothing went wrong while stopping: no warning or error (the job workers' "database
      // connection lost" is what a PostgreSQL that stopped first gives).
      expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
      expect(lines.map((l) => l.msg)).toContain('stopping');
      // PostgreSQL stopped cleanly (a clean stop removes its pid file) and is gone.
      expect(fs.existsSync(pidFile)).toBe(false);
      expect(() => process.kill(postgresPid, 0)).toThrow();
    } finally {
      if (server.child.exitCode === null) process.kill(-server.child.pid!, 'SIGKILL');
    }
  }, 180_000);
});
