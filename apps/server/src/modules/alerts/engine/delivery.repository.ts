import { sql } from 'kysely';
import type { AlertDelivery } from '@portal/contracts';
import type { Db } from '../../../db/client';

export interface PendingDelivery {
  alert_event_ndx: number;
  address: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Locks the next pending message that is due; a message another worker holds is skipped, so
 * two workers never send the same one.
 */
export async function lockNextDue(db: Db, now: Date): Promise<PendingDelivery | undefined> {
  const { rows } = await sql<PendingDelivery>`
    select alert_event_ndx, address, subject, body, attempts from alert_event
     where delivery_status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${now}::timestamptz)
     order by alert_event_ndx
     limit 1
     for update skip locked`.execute(db);
  return rows[0];
}

/** Text kept in the log instead of an account message once sent: its link opens an account, so nobody reads it there. */
export const SENT_ACCOUNT_MESSAGE_BODY = 'Sent. The message carried a single-use link, which is not kept after sending.';

export async function markSent(db: Db, ndx: number, now: Date): Promise<void> {
  await sql`update alert_event set delivery_status = 'sent', sent_at = ${now}::timestamptz, attempts = attempts + 1, delivery_error = null, next_attempt_at = null,
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
  await sql`update alert_event set attempts = attempts + 1, delivery_error = ${error.slice(0, 1000)},
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
    fired_at: r.fired_at.toISOString(),
    observed_timestamp: iso(r.observed_timestamp),
    sent_at: iso(r.sent_at),
  }));
}
