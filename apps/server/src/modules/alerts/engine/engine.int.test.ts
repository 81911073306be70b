import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImportFixture, type ImportFixture } from '../../../../test/import-fixtures';
import { makeFacilityType } from '../../../../test/factories';
import { mailText, startSmtpTestServer, type SmtpTestServer } from '../../../../test/smtp-test-server';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { createDb } from '../../../db/client';
import { startWorker } from '../../../jobs/worker';
import { ingestObservations } from '../../timeseries/index';
import { deliverPending } from '../../../outbox/deliver';
import { listDeliveries } from '../../../outbox/delivery.repository';
import { evaluateAlerts } from './evaluate';
import { claimFiredAlerts } from './evaluate.repository';
import { createSmtpMailer } from '../../../outbox/mailer';

const PUBLIC_URL = 'http://portal.example.org';
const HOUR = 3_600_000;
const T0 = new Date('2026-07-01T18:00:00Z'); // 12:00 PM MDT

describe('alert engine', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  let smtp: SmtpTestServer;
  let groupNdx: number;
  let members: string[];
  let batteryNdx: number;
  let facilityNdx: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
    smtp = await startSmtpTestServer();
    members = ['ana@example.org', 'ben@example.org', '3035550101@vtext.com'];
    const contacts = await t.db
      .insertInto('contact')
      .values(members.map((a, i) => ({ contact_address: a, contact_name: `Member ${i}`, contact_org: 'District' })))
      .returning('contact_ndx')
      .execute();
    groupNdx = (await t.db.insertInto('contact_group').values({ group_desc: 'Operators' }).returning('group_ndx').executeTakeFirstOrThrow())
      .group_ndx;
    await t.db
      .insertInto('contact_group_member')
      .values(contacts.map((c) => ({ group_ndx: groupNdx, contact_ndx: c.contact_ndx })))
      .execute();
    batteryNdx = (
      await t.db
        .insertInto('parameter')
        .values({ parameter_name: 'Battery Voltage', decimals: 1 })
        .returning('parameter_ndx')
        .executeTakeFirstOrThrow()
    ).parameter_ndx;
    const ft = await makeFacilityType(t.db, { facility_type_desc: 'Gages' });
    facilityNdx = (
      await t.db
        .insertInto('facility')
        .values({ facility_name: 'Gage facility', facility_type_ndx: ft.facility_type_ndx })
        .returning('facility_ndx')
        .executeTakeFirstOrThrow()
    ).facility_ndx;
    await t.db.insertInto('facility_location').values({ facility_ndx: facilityNdx, location_ndx: f.locations[0] }).execute();
  }, 60_000);
  afterAll(async () => {
    await smtp.close();
    await t.drop();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.refuse = null;
    await sql`delete from alert_request`.execute(t.db);
    await sql`delete from observation`.execute(t.db);
    await sql`delete from series_latest`.execute(t.db);
  });

  const addAlert = async (o: {
    type: number;
    trigger: number;
    reset: number;
    parameter?: number;
    location?: number;
    subject?: string;
    locName?: string;
  }) => {
    const { alert_request_ndx } = await t.db
      .insertInto('alert_request')
      .values({
        alert_type_ndx: o.type,
        location_ndx: o.location ?? f.locations[0],
        parameter_ndx: o.parameter ?? f.parameterNdx,
        trigger_value: o.trigger,
        reset_hours: o.reset,
        custom_subject: o.subject ?? null,
        custom_loc_name: o.locName ?? null,
        notes: null,
        created_at: new Date(T0.getTime() - 24 * HOUR),
      })
      .returning('alert_request_ndx')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('alert_request_recipient').values({ alert_request_ndx, group_ndx: groupNdx, contact_ndx: null }).execute();
    return alert_request_ndx;
  };
  const reading = (at: Date, value: number, parameterNdx = f.parameterNdx) =>
    ingestObservations(t.db, [{ locationNdx: f.locations[0], parameterNdx, collectTimestamp: at, resultValue: value }]);
  const evaluate = (now: Date, delivery: 'smtp' | 'outbox' = 'smtp') => evaluateAlerts(t.db, { delivery, publicUrl: PUBLIC_URL, now });
  const deliver = (now: Date, url = smtp.url) => {
    const mailer = createSmtpMailer(url, 'Portal Alerts <alerts@portal.example.org>');
    return deliverPending(t.db, mailer, { now: () => now }).finally(() => mailer.close());
  };
  const recipientsReceived = () => smtp.received.flatMap((m) => m.to).sort();

  it('a rising value fires once per reset window, to every member of the group, with value, units, local time and link', async () => {
    const ndx = await addAlert({ type: 1, trigger: 10, reset: 2, subject: 'High flow at the gage', locName: 'Headgate' });
    await reading(T0, 5);
    expect(await evaluate(T0)).toEqual({ fired: 0, messages: 0 });
    const t1 = new Date(T0.getTime() + 15 * 60_000);
    await reading(t1, 12.345);
    expect(await evaluate(t1)).toEqual({ fired: 1, messages: 3 });
    expect(await deliver(t1)).toEqual({ sent: 3, retrying: 0, failed: 0 });
    expect(recipientsReceived()).toEqual([...members].sort());
    const text = mailText(smtp.received[0].raw);
    expect(smtp.received[0].raw).toContain('Subject: High flow at the gage');
    expect(text).toContain('Flow is 12.35 cfs, above the trigger of 10 cfs.');
    expect(text).toContain('Location: Headgate');
    expect(text).toContain('Time: 07/01/2026, 12:15 PM MDT');
    expect(text).toContain(`Graph: ${PUBLIC_URL}/facility-pages/${facilityNdx}`);

    // Still high, inside the window: nothing more.
    await reading(new Date(t1.getTime() + 30 * 60_000), 14);
    expect(await evaluate(new Date(t1.getTime() + HOUR))).toEqual({ fired: 0, messages: 0 });
    const row = await t.db
      .selectFrom('alert_request')
      .select(['last_alert_sent', 'last_alert_sent_to'])
      .where('alert_request_ndx', '=', ndx)
      .executeTakeFirstOrThrow();
    expect(row.last_alert_sent?.toISOString()).toBe(t1.toISOString());
    expect(row.last_alert_sent_to?.split(', ').sort()).toEqual([...members].sort());
    // The window is over and the value is still above: once more.
    const t2 = new Date(t1.getTime() + 2 * HOUR);
    expect(await evaluate(t2)).toEqual({ fired: 1, messages: 3 });
    await deliver(t2);
    expect(smtp.received).toHaveLength(6);
    const events = await t.db
      .selectFrom('alert_event')
      .select(['delivery_status', 'address', 'attempts'])
      .where('alert_request_ndx', '=', ndx)
      .execute();
    expect(events).toHaveLength(6);
    expect(events.every((e) => e.delivery_status === 'sent' && e.attempts === 1)).toBe(true);
  });

  it('two evaluators at the same moment send once', async () => {
    const alerts = await Promise.all([1, 2, 3, 4, 5].map(() => addAlert({ type: 1, trigger: 10, reset: 6 })));
    await reading(T0, 50);
    const other = createDb(t.url, 2);
    try {
      const [a, b] = await Promise.all([evaluate(T0), evaluateAlerts(other.db, { delivery: 'smtp', publicUrl: PUBLIC_URL, now: T0 })]);
      expect(a.fired + b.fired).toBe(alerts.length);
      // Deterministic interleaving: the first claim holds its row locks while the second evaluator runs.
      const t2 = new Date(T0.getTime() + 7 * HOUR);
      let second: Promise<{ fired: number }> | null = null;
      await t.db.transaction().execute(async (trx) => {
        expect(await claimFiredAlerts(trx, t2)).toHaveLength(alerts.length);
        second = evaluateAlerts(other.db, { delivery: 'smtp', publicUrl: PUBLIC_URL, now: new Date(t2.getTime() + 1000) });
        await new Promise((r) => setTimeout(r, 300));
      });
      expect((await second!).fired).toBe(0);
      // Two deliverers at once: each message goes out once.
      await Promise.all([
        deliver(T0),
        deliverPending(other.db, createSmtpMailer(smtp.url, 'alerts@portal.example.org'), { now: () => T0 }),
      ]);
    } finally {
      await other.close();
    }
    expect(smtp.received).toHaveLength(alerts.length * members.length);
    for (const m of members) expect(recipientsReceived().filter((r) => r === m)).toHaveLength(alerts.length);
  });

  it('SMTP down, then up: retried with backoff, nobody gets a message twice', async () => {
    await addAlert({ type: 1, trigger: 10, reset: 24 });
    await reading(T0, 20);
    await evaluate(T0);
    // Down: nothing listens on the port.
    const down = await startSmtpTestServer();
    const deadUrl = down.url;
    await down.close();
    expect(await deliver(T0, deadUrl)).toEqual({ sent: 0, retrying: 3, failed: 0 });
    const pending = await t.db.selectFrom('alert_event').select(['attempts', 'next_attempt_at', 'delivery_error']).execute();
    expect(pending.every((e) => e.attempts === 1 && e.next_attempt_at?.getTime() === T0.getTime() + 60_000 && e.delivery_error)).toBe(true);
    // Not due yet.
    expect(await deliver(new Date(T0.getTime() + 30_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // Up, but refusing one recipient for now.
    smtp.refuse = (a) => a === 'ben@example.org';
    const t1 = new Date(T0.getTime() + 61_000);
    expect(await deliver(t1)).toEqual({ sent: 2, retrying: 1, failed: 0 });
    smtp.refuse = null;
    expect(await deliver(new Date(t1.getTime() + 61_000))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await deliver(new Date(t1.getTime() + 2 * 60_000 + 1000))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(recipientsReceived()).toEqual([...members].sort());
    const log = await listDeliveries(t.db, 10);
    expect(log.map((d) => [d.address, d.delivery_status, d.attempts]).sort()).toEqual([
      ['3035550101@vtext.com', 'sent', 2],
      ['ana@example.org', 'sent', 2],
      ['ben@example.org', 'sent', 3],
    ]);
  });

  it('stale station: fires when no new data arrived for trigger_value hours', async () => {
    await addAlert({ type: 3, trigger: 2, reset: 12 });
    await reading(T0, 3);
    expect((await evaluate(new Date(T0.getTime() + HOUR))).fired).toBe(0);
    expect(await evaluate(new Date(T0.getTime() + 2 * HOUR + 60_000))).toEqual({ fired: 1, messages: 3 });
    await deliver(new Date(T0.getTime() + 2 * HOUR + 60_000));
    expect(mailText(smtp.received[0].raw)).toContain('No new Flow data for more than 2 hours; the last reading was 3.00 cfs.');
    expect((await evaluate(new Date(T0.getTime() + 5 * HOUR))).fired).toBe(0);
  });

  it('battery below: fires on a low battery reading', async () => {
    await addAlert({ type: 4, trigger: 12, reset: 24, parameter: batteryNdx });
    await reading(T0, 12.6, batteryNdx);
    expect((await evaluate(T0)).fired).toBe(0);
    await reading(new Date(T0.getTime() + HOUR), 11.74, batteryNdx);
    expect(await evaluate(new Date(T0.getTime() + HOUR))).toEqual({ fired: 1, messages: 3 });
    await deliver(new Date(T0.getTime() + HOUR));
    expect(mailText(smtp.received[0].raw)).toContain('Battery low: Battery Voltage is 11.7, below the trigger of 12.');
  });

  it('reset_hours 0: one message per new reading that meets the trigger, never two for the same reading', async () => {
    await addAlert({ type: 2, trigger: 5, reset: 0 });
    await reading(T0, 4);
    expect((await evaluate(T0)).fired).toBe(1);
    expect((await evaluate(new Date(T0.getTime() + 60_000))).fired).toBe(0);
    await reading(new Date(T0.getTime() + 15 * 60_000), 3);
    expect((await evaluate(new Date(T0.getTime() + 16 * 60_000))).fired).toBe(1);
  });

  it('outbox mode: messages are kept for administrators, not sent and not claimed as sent', async () => {
    await addAlert({ type: 1, trigger: 1, reset: 24 });
    await reading(T0, 2);
    expect(await evaluate(T0, 'outbox')).toEqual({ fired: 1, messages: 3 });
    expect(await deliver(T0)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    const log = await listDeliveries(t.db, 10);
    expect(log.filter((d) => d.delivery_status === 'outbox')).toHaveLength(3);
    expect(log[0].body).toContain('Flow is 2.00 cfs, above the trigger of 1 cfs.');
    expect(log.every((d) => d.sent_at === null)).toBe(true);
  });

  it('one message per address (case-insensitive), and a group without contacts is logged as failed', async () => {
    const twin = await t.db
      .insertInto('contact')
      .values({ contact_address: 'ANA@example.org', contact_name: 'Ana again', contact_org: 'District' })
      .returning('contact_ndx')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('contact_group_member').values({ group_ndx: groupNdx, contact_ndx: twin.contact_ndx }).execute();
    const empty = (await t.db.insertInto('contact_group').values({ group_desc: 'Nobody' }).returning('group_ndx').executeTakeFirstOrThrow())
      .group_ndx;
    const lonely = await addAlert({ type: 1, trigger: 1, reset: 24 });
    await t.db.updateTable('alert_request_recipient').set({ group_ndx: empty }).where('alert_request_ndx', '=', lonely).execute();
    await addAlert({ type: 1, trigger: 1, reset: 24 });
    await reading(T0, 2);
    try {
      expect(await evaluate(T0)).toEqual({ fired: 2, messages: 3 });
      const failed = await t.db
        .selectFrom('alert_event')
        .select(['delivery_status', 'delivery_error', 'address'])
        .where('alert_request_ndx', '=', lonely)
        .execute();
      expect(failed).toEqual([{ delivery_status: 'failed', delivery_error: 'The recipient has no contacts', address: null }]);
      const sentTo = await t.db
        .selectFrom('alert_request')
        .select('last_alert_sent_to')
        .where('alert_request_ndx', '=', lonely)
        .executeTakeFirstOrThrow();
      expect(sentTo.last_alert_sent_to).toBe('');
    } finally {
      await t.db.deleteFrom('contact').where('contact_ndx', '=', twin.contact_ndx).execute();
    }
  });

  it('the worker evaluates after an ingest and delivers through SMTP_URL', async () => {
    await addAlert({ type: 1, trigger: 10, reset: 24 });
    const runner = await startWorker({
      connectionString: t.url,
      db: t.db,
      config: {
        importRoot: '/nonexistent',
        usgsBaseUrl: 'http://127.0.0.1:9',
        cdssBaseUrl: 'http://127.0.0.1:9',
        smtpUrl: smtp.url,
        publicUrl: PUBLIC_URL,
        alertsFrom: 'alerts@portal.example.org',
      },
      log: pino({ level: 'silent' }),
    });
    try {
      await reading(new Date(), 99);
      for (let i = 0; i < 150 && smtp.received.length < 3; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await runner.stop();
    }
    expect(recipientsReceived()).toEqual([...members].sort());
    expect(mailText(smtp.received[0].raw)).toContain('Flow is 99.00 cfs');
  });
});
