import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postmastersOf, spawnServerProcess, waitForOutput } from '../test/server-process';

/**
 * Ctrl-C while `npm start` is still starting (PostgreSQL starting, the demo district being
 * seeded): the server says it stopped during start-up, reports no failure and no lost
 * connection, and exits only once its embedded PostgreSQL has stopped.
 */
describe('Ctrl-C during start-up, embedded PostgreSQL', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  // A seed under way is finished first: a half-written demo district would never be completed.
  it.each([
    ['while PostgreSQL starts', 'starting embedded PostgreSQL', []],
    ['while the demo district is seeded', 'seeding the demo district', ['demo district seeded']],
  ])(
    '%s',
    async (_when, logLine, alsoLogged) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-stop-'));
      dirs.push(dataDir);
      // The embedded PostgreSQL runs as the postgres user when the tests run as root.
      fs.chmodSync(dataDir, 0o755);
      const pgDir = path.join(dataDir, 'postgres');
      const server = await spawnServerProcess(
        // Two years of demo history: the stop waits for the seed either way, and a shorter seed is a shorter test.
        { DATA_DIR: dataDir, LOG_LEVEL: 'info', LOG_FORMAT: 'json', SEED_DEMO: 'yes', DEMO_HISTORY_YEARS: '2' },
        { ownProcessGroup: true },
      );
      try {
        expect(await waitForOutput(server, logLine), server.output().slice(-2000)).toBe(true);
        // As a terminal's Ctrl-C: the whole foreground process group.
        process.kill(-server.child.pid!, 'SIGINT');
        const code = await server.exited;
        // Checked the moment the server has exited: its PostgreSQL must be gone already.
        expect(postmastersOf(pgDir)).toEqual([]);
        expect(code, server.output().slice(-2000)).toBe(0);
        const out = server.output();
        expect(out).not.toMatch(/Start-up failed|connection lost|connection error/);
        const lines = out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { level: number; msg: string });
        expect(lines.map((l) => l.msg)).toContain('stopped during start-up');
        expect(lines.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([]);
        expect(fs.existsSync(path.join(pgDir, 'postmaster.pid'))).toBe(false);
        expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(alsoLogged));
      } finally {
        if (server.child.exitCode === null) process.kill(-server.child.pid!, 'SIGKILL');
        for (const pid of postmastersOf(pgDir)) process.kill(pid, 'SIGKILL');
      }
    },
    180_000,
  );
});
