import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createDb, type DbHandle } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

/** A TCP hop between the app and PostgreSQL that the test can cut and restore, like a restart. */
class Hop {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** Refuses new connections and drops the open ones (PostgreSQL stopped). */
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

describe('PostgreSQL stopped and started again while the app runs', () => {
  let t: TestDatabase;
  let hop: Hop;
  let handle: DbHandle;
  let app: App;
  const url = '/api/display-batteries-last7days-stats';

  beforeAll(async () => {
    t = await createTestDatabase();
    const real = new URL(t.url);
    hop = new Hop({ host: real.hostname, port: Number(real.port) });
    await hop.open();
    const viaHop = new URL(t.url);
    viaHop.port = String(hop.port);
    handle = createDb(viaHop.toString(), 4);
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', BASEMAPS: 'offline' }), db: handle.db, logger: false, webDist: '/nonexistent' });
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
    expect(down.json()).toEqual({ error: 'Service Unavailable', message: 'The database is not available right now. Try again in a moment.' });

    await hop.open();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await app.inject(url)).statusCode).toBe(200);
  });
});
