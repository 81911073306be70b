import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresWatchdogsOf, postmastersOf, startServerProcess, type ServerProcess } from '../test/server-process';
import { startSmtpTestServer, type SmtpTestServer } from '../test/smtp-test-server';
import { createDb, type DbHandle } from './db/client';
import { embeddedDatabaseUrl } from './db/embedded';
import { queueAccountMessage, UNCONFIRMED_NOTE } from './outbox/delivery.repository';
import { queueAlertDelivery } from './outbox/delivery-queue';

const MESSAGES = 12;
const address = (i: number) => `user${String(i).padStart(2, '0')}@example.org`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(ms: number, probe: () => Promise<T | null>): Promise<T | null> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(200)) {
    const v = await probe().catch(() => null);
    if (v !== null) return v;
  }
  return null;
}

/**
 * `npm start` (embedded PostgreSQL, a real SMTP server) killed with kill -9 twice while it sends
 * mail: once while the SMTP server has not yet been given a message (it must be sent again), once
 * while the SMTP server is accepting one (it must not be sent again). The embedded PostgreSQL
 * stops with its server each time (the watchdog), the next start needs no hand work, and every
 * message arrives exactly once.
 */
describe('kill -9 while alert mail is being sent', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-mail-'));
  const pgDir = path.join(dataDir, 'postgres');
  let smtp: SmtpTestServer | undefined;
  let server: ServerProcess | undefined;
  let handle: DbHandle | undefined;
  let release = () => {};
  afterAll(async () => {
    release();
    await handle?.close().catch(() => {});
    if (server && server.child.exitCode === null) await server.stop();
    for (const pid of [...postgresWatchdogsOf(pgDir), ...postmastersOf(pgDir)]) process.kill(pid, 'SIGKILL');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const status = async (i: number) =>
    await handle!.db
      .selectFrom('alert_event')
      .select(['delivery_status', 'delivery_error', 'attempts'])
      .where('address', '=', address(i))
      .executeTakeFirstOrThrow();

  /** kill -9 the server alone; its watchdog must stop PostgreSQL. */
  const crash = async () => {
    await handle?.close().catch(() => {});
    handle = undefined;
    process.kill(server!.child.pid!, 'SIGKILL');
    await server!.exited;
    const gone = await waitFor(20_000, async () => (postmastersOf(pgDir).length === 0 ? true : null));
    expect(gone, 'PostgreSQL stopped with its server').toBe(true);
  };
  const start = async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, SMTP_URL: smtp!.url, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' });
    handle = createDb(embeddedDatabaseUrl(pgDir, 'portal'), 2);
  };

  it('sends each message exactly once', async () => {
    // The embedded PostgreSQL runs as the postgres user when the tests run as root.
    fs.chmodSync(dataDir, 0o755);
    smtp = await startSmtpTestServer();
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached = () => {};
    const atRecipient = new Promise<void>((resolve) => (reached = resolve));
    // The fourth message waits at its recipient: the SMTP server has not had its data.
    smtp.holdRecipient = async (to) => {
      if (to !== address(4)) return;
      reached();
      await held;
    };
    await start();
    for (let i = 1; i <= MESSAGES; i++) {
      await queueAccountMessage(handle!.db, {
        purpose: 'sign-up',
        address: address(i),
        subject: `Message ${i}`,
        body: `Body ${i}`,
        delivery: 'smtp',
      });
    }
    await queueAlertDelivery(handle!.db);
    await atRecipient;
    expect((await status(4)).delivery_status).toBe('sending');
    await crash();

    // Started again; now the eighth message is held after its end of data: the SMTP server has it.
    smtp.holdRecipient = null;
    const atAccept = new Promise<void>((resolve) => (reached = resolve));
    smtp.holdAccept = async (mail) => {
      if (mail.to[0] !== address(8)) return;
      reached();
      await held;
    };
    await start();
    await atAccept;
    expect((await status(8)).delivery_status).toBe('handed_over');
    await crash();

    smtp.holdAccept = null;
    await start();
    const done = await waitFor(60_000, async () => {
      const rows = await handle!.db.selectFrom('alert_event').select('delivery_status').execute();
      return rows.length === MESSAGES && rows.every((r) => r.delivery_status === 'sent') ? rows : null;
    });
    expect(done, 'every message sent within a minute of the last start').not.toBeNull();
    const counts = new Map<string, number>();
    for (const m of smtp.received) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(Array.from({ length: MESSAGES }, (_, k) => [address(k + 1), 1])));
    // The one cut off before its data was simply sent again; the one cut off while being accepted is noted.
    expect(await status(4)).toMatchObject({ delivery_error: null, attempts: 1 });
    expect(await status(8)).toMatchObject({ delivery_error: UNCONFIRMED_NOTE, attempts: 1 });
  }, 180_000);
});
