import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { startLocalServer } from '../test/local-http';
import { freePort } from '../test/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The real server process (as `npm start` runs it, on an external DATABASE_URL) gets SIGTERM
 * while a camera request is still waiting for its camera: the request is answered in full, then
 * the process exits 0 and stops listening.
 */
describe('SIGTERM', () => {
  let t: TestDatabase;
  let camera: Awaited<ReturnType<typeof startLocalServer>>;
  let cameraAsked: () => void;
  const asked = new Promise<void>((resolve) => (cameraAsked = resolve));
  const picture = Buffer.from(jpeg.encode({ width: 4, height: 4, data: Buffer.alloc(64, 200) }, 80).data);

  beforeAll(async () => {
    t = await createTestDatabase();
    camera = await startLocalServer((_url, res) => {
      cameraAsked();
      // Slow camera: answers after the server has been told to stop.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture), 1_500);
    });
    await t.db
      .insertInto('camera')
      .values({ slug: 'slow-cam', title: 'Slow', snapshot_url: `${camera.url}/snap.jpg`, mask_file_name: null, page_path: null })
      .execute();
  });
  afterAll(async () => {
    await camera.close();
    await t.drop();
  });

  it('finishes the request in flight, then exits 0', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: t.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'no',
        LOG_LEVEL: 'warn',
        BASEMAPS: 'offline',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 120; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const answer = fetch(`${base}/api/river-photos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ camera: 'slow-cam' }),
    });
    await asked;
    server.kill('SIGTERM');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer()).equals(picture)).toBe(true);
    expect(await exited).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
