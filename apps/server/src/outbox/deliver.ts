import type { Db } from '../db/client';
import { claimNextDue, markAttemptFailed, markHandedOver, markSent, UNCONFIRMED_NOTE } from './delivery.repository';
import { SmtpRefusal, type Mailer } from './mailer';

/** Attempts per message before it is marked failed: 1, 2, 4 ... 60 minutes apart, about 3 hours in all. */
export const MAX_DELIVERY_ATTEMPTS = 8;

/** Wait after the `attempts`-th failed attempt: 1 minute, doubling, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

export interface DeliverResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Sends every pending message that is due, each at most once. Each step is committed before the
 * next one starts, so a process dying at any moment leaves a state that says what may have
 * happened (reconcileAbandonedDeliveries takes it up):
 * 1. 'sending', claimed by `sender` (the job-worker pool): the SMTP server cannot accept the
 *    message yet, so one cut off here is sent again;
 * 2. 'handed_over', just before the end of data that makes the server accept it: from here on it
 *    may have been accepted, so it is never sent again; one cut off here counts as sent, noted;
 * 3. 'sent', or back to 'pending' (retried with backoff) when the server refused it.
 */
export async function deliverPending(
  db: Db,
  mailer: Mailer,
  opts: { now?: () => Date; limit?: number; sender?: string | null } = {},
): Promise<DeliverResult> {
  const clock = opts.now ?? (() => new Date());
  const limit = opts.limit ?? 500;
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const now = clock();
    const next = await claimNextDue(db, now, opts.sender ?? null);
    if (!next) break;
    let handedOver = false;
    try {
      await mailer.send(
        { to: next.address, subject: next.subject, text: next.body, messageKey: `alert-event-${next.alert_event_ndx}` },
        {
          beforeAccept: async () => {
            await markHandedOver(db, next.alert_event_ndx);
            handedOver = true;
          },
        },
      );
      await markSent(db, next.alert_event_ndx, now);
      result.sent++;
    } catch (err) {
      if (handedOver && !(err instanceof SmtpRefusal)) {
        // Cut off after the end of data without an answer: it may have been accepted.
        await markSent(db, next.alert_event_ndx, now, UNCONFIRMED_NOTE);
        result.sent++;
        continue;
      }
      const attempts = next.attempts + 1;
      const retryAt = attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
      await markAttemptFailed(db, next.alert_event_ndx, err instanceof Error ? err.message : String(err), retryAt);
      if (retryAt) result.retrying++;
      else result.failed++;
    }
  }
  return result;
}
