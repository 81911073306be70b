import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AlertDelivery } from '@portal/contracts';
import type { Db } from '../db/client';

export interface PendingDelivery {
  alert_event_ndx: number;
  address: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Claims the next pending message that is due for `sender` (a job-worker pool id): marks it
 * 'sending' and commits, before the SMTP server is asked. A message another worker is claiming is
 * skipped, so two workers never send the same one.
 */
export async function claimNextDue(db: Db, now: Date, sender: string | null): Promise<PendingDelivery | undefined> {
  const { rows } = await sql<PendingDelivery>`
    update alert_event set delivery_status = 'sending', sending_by = ${sender}, sending_at = ${now}::timestamptz
     where alert_event_ndx = (
       select alert_event_ndx from alert_event
        where delivery_status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${now}::timestamptz)
        order by alert_event_ndx
        limit 1
        for update skip locked)
    returning alert_event_ndx, address, subject, body, attempts`.execute(db);
  return rows[0];
}

/** The SMTP server has the whole message and gets its end of data next: from now on it may accept it. */
export async function markHandedOver(db: Db, ndx: number): Promise<void> {
  await sql`update alert_event set delivery_status = 'handed_over' where alert_event_ndx = ${ndx} and delivery_status = 'sending'`.execute(
    db,
  );
}

/**
 * Messages a dead sender left in flight (`senderIsDead` is a predicate on `e.sending_by`), or,
 * sent outside a job worker, in flight for more than an hour. 'sending' ones were never
 * acceptable by the SMTP server and go back to 'pending', to be sent again. 'handed_over' ones
 * may have been accepted: they count as sent and are not sent again, with a note saying so.
 */
export async function reconcileAbandonedDeliveries(
  db: Db,
  senderIsDead: RawBuilder<SqlBool>,
  now: Date,
): Promise<{ requeued: number; unconfirmed: number }> {
  const { rows } = await sql<{ requeued: number; unconfirmed: number }>`
    with abandoned as (
      select e.alert_event_ndx, e.delivery_status from alert_event e
       where e.delivery_status in ('sending', 'handed_over')
         and (case when e.sending_by is null then e.sending_at < ${now}::timestamptz - interval '1 hour' else ${senderIsDead} end)
       for update skip locked),
    changed as (
      update alert_event a set
        delivery_status = case when b.delivery_status = 'sending' then 'pending' else 'sent' end,
        sent_at = case when b.delivery_status = 'sending' then a.sent_at else a.sending_at end,
        attempts = case when b.delivery_status = 'sending' then a.attempts else a.attempts + 1 end,
        delivery_error = case when b.delivery_status = 'sending' then a.delivery_error else ${UNCONFIRMED_NOTE} end,
        body = case when b.delivery_status = 'sending' or a.purpose = 'alert' then a.body else ${SENT_ACCOUNT_MESSAGE_BODY} end,
        sending_by = null, sending_at = null
       from abandoned b where a.alert_event_ndx = b.alert_event_ndx
      returning b.delivery_status)
    select count(*) filter (where delivery_status = 'sending')::int as requeued,
           count(*) filter (where delivery_status = 'handed_over')::int as unconfirmed
      from changed`.execute(db);
  return rows[0] ?? { requeued: 0, unconfirmed: 0 };
}

/** Text kept in the log instead of an account message once sent: its link opens an account, so nobody reads it there. */
export const SENT_ACCOUNT_MESSAGE_BODY = 'Sent. The message carried a single-use link, which is not kept after sending.';

/** The note on a message that may have been accepted when its sending was cut off: counted as sent, never sent twice. */
export const UNCONFIRMED_NOTE =
  'Unconfirmed: sending was cut off while the SMTP server was accepting this message; it is counted as sent and not sent again.';

/** The SMTP server accepted the message (no `note`), or may have (`note`: UNCONFIRMED_NOTE). */
export async function markSent(db: Db, ndx: number, now: Date, note: string | null = null): Promise<void> {
  await sql`update alert_event set delivery_status = 'sent', sent_at = ${now}::timestamptz, attempts = attempts + 1, delivery_error = ${note}, next_attempt_at = null,
                  sending_by = null, sending_at = null,
                  body = case when purpose = 'alert' then body else ${SENT_ACCOUNT_MESSAGE_BODY} end
             where alert_event_ndx = ${ndx}`.execute(db);
}

/**
 * Puts one account message (a password-reset or sign-up link) on the alerts' delivery path:
 * 'pending' for the SMTP server, or 'outbox' when none is configured.
 */
export async function queueAccountMessage(
  db: Db,
  message: { purpose: 'password-reset' | 'sign-up'; address: string; subject: string; body: string; delivery: 'smtp' | 'outbox' },
): Promise<void> {
  await db
    .insertInto('alert_event')
    .values({
      alert_request_ndx: null,
      purpose: message.purpose,
      recipients: JSON.stringify([message.address]),
      address: message.address,
      subject: message.subject,
      body: message.body,
      delivery_status: message.delivery === 'smtp' ? 'pending' : 'outbox',
    })
    .execute();
}

/** A failed attempt: retried at `retryAt`, or given up ('failed') when null. */
export async function markAttemptFailed(db: Db, ndx: number, error: string, retryAt: Date | null): Promise<void> {
  await sql`update alert_event set attempts = attempts + 1, delivery_error = ${error.slice(0, 1000)}, sending_by = null, sending_at = null,
                  delivery_status = ${retryAt === null ? 'failed' : 'pending'}, next_attempt_at = ${retryAt}::timestamptz
             where alert_event_ndx = ${ndx}`.execute(db);
}

/** The delivery log and outbox, newest first, each with the role of the account a password-reset message is for. */
export async function listDeliveries(db: Db, limit: number): Promise<Array<AlertDelivery & { recipient_role: string | null }>> {
  const rows = await db
    .selectFrom('alert_event as e')
    // The account a password-reset message is for, to tell whether its reader may manage it.
    .leftJoin('app_user as u', (j) => j.on('e.purpose', '=', 'password-reset').on(sql`lower(u.email)`, '=', sql`lower(e.address)`))
    .leftJoin('role as r', 'r.role_ndx', 'u.role_ndx')
    .select([
      'e.alert_event_ndx',
      'e.alert_request_ndx',
      'e.purpose',
      'e.fired_at',
      'e.address',
      'e.subject',
      'e.body',
      'e.observed_value',
      'e.observed_timestamp',
      'e.delivery_status',
      'e.attempts',
      'e.delivery_error',
      'e.sent_at',
      'r.role_name as recipient_role',
    ])
    .orderBy('e.alert_event_ndx', 'desc')
    .limit(limit)
    .execute();
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return rows.map((r) => ({
    ...r,
    // A message in flight is still pending for its readers.
    delivery_status: r.delivery_status === 'sending' || r.delivery_status === 'handed_over' ? 'pending' : r.delivery_status,
    fired_at: r.fired_at.toISOString(),
    observed_timestamp: iso(r.observed_timestamp),
    sent_at: iso(r.sent_at),
  }));
}
