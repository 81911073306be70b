import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Opens a raw connection; `closed` settles when the server ends it, with whatever it answered. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('request timeouts and the connection cap', () => {
  let h: TestApp;
  let port = 0;
  const MAX_CONNECTIONS = 6;
  beforeAll(async () => {
    h = await createTestApp(
      {},
      { serverLimits: { headersTimeoutMs: 1_000, requestTimeoutMs: 2_000, checkIntervalMs: 250, maxConnections: MAX_CONNECTIONS } },
    );
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => h?.close());

  it('cuts off a request whose body trickles in one byte at a time', async () => {
    const c = rawConnection(port);
    await c.connected;
    c.socket.write(
      'POST /api/account/password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => c.socket.writable && c.socket.write('x'), 300);
    const started = Date.now();
    const outcome = await within(c.closed, 15_000);
    clearInterval(trickle);
    c.socket.destroy();
    expect(outcome).not.toBe('still open');
    expect(outcome).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cuts off a request whose headers never end', async () => {
    const c = rawConnection(port);
    await c.connected;
    c.socket.write('GET /api/config HTTP/1.1\r\nHost: localhost\r\n');
    const trickle = setInterval(() => c.socket.writable && c.socket.write('X-Slow: 1\r\n'), 300);
    const outcome = await within(c.closed, 15_000);
    clearInterval(trickle);
    c.socket.destroy();
    expect(outcome).not.toBe('still open');
  });

  it('holds at most the configured number of connections, and serves again when they go', async () => {
    const held = Array.from({ length: MAX_CONNECTIONS }, () => rawConnection(port));
    // Each held connection makes one keep-alive request, so the server counts it as open and idle.
    await Promise.all(
      held.map(async (c) => {
        await c.connected;
        c.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
        for (let i = 0; i < 200 && !c.received().includes('"ok"'); i++) await new Promise((r) => setTimeout(r, 10));
        expect(c.received()).toMatch(/^HTTP\/1\.1 200/);
      }),
    );
    const extra = rawConnection(port);
    extra.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const refused = await within(extra.closed, 5_000);
    expect(refused).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
  });
});

describe('long path parameters', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => h?.close());

  // Ten-digit ids: the longest list a list route promises to take.
  const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1_000_000_000 + i)).join(',');

  it('takes the 200 ids a list route promises: 401 first for anonymous callers, then an answer', async () => {
    const url = `/api/list-locations/${ids(200)}`;
    expect(url.length).toBeGreaterThan(2_000);
    const anonymous = await h.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    const token = await h.tokenFor({ roles: ['User'] });
    const signedIn = await h.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(signedIn.statusCode).toBe(200);
    const tooMany = await h.app.inject({ url: `/api/list-locations/${ids(201)}`, headers: { authorization: `Bearer ${token}` } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('params.ids: ids may list at most 200 numbers, got 201');
  });

  it('answers a path parameter longer than any route takes with 414 in the error shape, without echoing it', async () => {
    const part = 'a'.repeat(5_000);
    const res = await h.app.inject({ url: `/api/list-locations/${part}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: 'URI Too Long', message: 'A part of the address is longer than 4096 characters' });
    expect(res.body).not.toContain('aaaa');
  });

  it('answers a malformed URL in the error shape without echoing it', async () => {
    const res = await h.app.inject({ url: '/api/list-locations/%zz-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
    expect(res.body).not.toContain('secret');
  });
});
