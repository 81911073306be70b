import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServerProcess, startServerProcess } from '../test/server-process';

/**
 * Start-up stops a PostgreSQL that a dead server left on its data folder, but never the one of a
 * server that is still running: a second `npm start` on the same folder stops with one clear line
 * and the first one keeps serving.
 */
describe('a second npm start on a data folder in use', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folder-owner-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start and leaves the first server and its PostgreSQL alone', async () => {
    // The embedded PostgreSQL runs as the postgres user when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    const first = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const second = await spawnServerProcess({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(
        /Start-up failed: .*postgres is in use by the PostgreSQL \(pid \d+\) of a server that is running \(pid \d+\)/,
      );
      expect((await fetch(`${first.base}/readyz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  }, 120_000);
});
