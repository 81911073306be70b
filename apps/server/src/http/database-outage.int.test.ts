import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createDb, type DbHandle } from '../db/client';
import { TcpHop } from '../../test/tcp-hop';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

describe('PostgreSQL stopped and started again while the app runs', () => {
  let t: TestDatabase;
  let hop: TcpHop;
  let handle: DbHandle;
  let app: App;
  const url = '/api/display-batteries-last7days-stats';

  beforeAll(async () => {
    t = await createTestDatabase();
    hop = await TcpHop.infront(t.url);
    handle = createDb(hop.through(t.url), 4);
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', BASEMAPS: 'offline' }),
      db: handle.db,
      logger: false,
      webDist: '/nonexistent',
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close().catch(() => {});
    await t.drop();
  });

  it('says so on /readyz, answers 503 with Retry-After instead of hanging or 500, and recovers by itself', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await app.inject(url)).statusCode).toBe(200);

    await hop.cut();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'Service Unavailable', message: 'The database is not reachable' });
    const down = await app.inject(url);
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: 'Service Unavailable',
      message: 'The database is not available right now. Try again in a moment.',
    });

    await hop.open();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await app.inject(url)).statusCode).toBe(200);
  });
});
