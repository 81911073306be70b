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

export async function markSent(db: Db, ndx: number, now: Date): Promise<void> {
  await sql`update alert_event set delivery_status = 'sent', sent_at = ${now}::timestamptz, attempts = attempts + 1, delivery_error = null, next_attempt_at = null
             where alert_event_ndx = ${ndx}`.execute(db);
}

/** A failed attempt: retried at `retryAt`, or given up ('failed') when null. */
export async function markAttemptFailed(db: Db, ndx: number, error: string, retryAt: Date | null): Promise<void> {
  await sql`update alert_event set attempts = attempts + 1, delivery_error = ${error.slice(0, 1000)},
                  delivery_status = ${retryAt === null ? 'failed' : 'pending'}, next_attempt_at = ${retryAt}::timestamptz
             where alert_event_ndx = ${ndx}`.execute(db);
}

/** The delivery log and outbox, newest first. */
export async function listDeliveries(db: Db, limit: number): Promise<AlertDelivery[]> {
  const rows = await db
    .selectFrom('alert_event')
    .select([
      'alert_event_ndx',
      'alert_request_ndx',
      'fired_at',
      'address',
      'subject',
      'body',
      'observed_value',
      'observed_timestamp',
      'delivery_status',
      'attempts',
      'delivery_error',
      'sent_at',
    ])
    .orderBy('alert_event_ndx', 'desc')
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
