import type { Db } from '../../../db/client';
import { lockNextDue, markAttemptFailed, markSent } from './delivery.repository';
import type { Mailer } from './mailer';

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
 * Sends every pending message that is due, one transaction per message: the row stays locked
 * while the SMTP server is asked and records the answer before the lock is released, so a message
 * accepted once is never sent again, and a failed one is retried later on its own.
 */
export async function deliverPending(db: Db, mailer: Mailer, opts: { now?: () => Date; limit?: number } = {}): Promise<DeliverResult> {
  const clock = opts.now ?? (() => new Date());
  const limit = opts.limit ?? 500;
  const result: DeliverResult = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction().execute(async (trx) => {
      const now = clock();
      const next = await lockNextDue(trx, now);
      if (!next) return true;
      try {
        await mailer.send({ to: next.address, subject: next.subject, text: next.body });
        await markSent(trx, next.alert_event_ndx, now);
        result.sent++;
      } catch (err) {
        const attempts = next.attempts + 1;
        const retryAt = attempts >= MAX_DELIVERY_ATTEMPTS ? null : new Date(now.getTime() + retryDelayMs(attempts));
        await markAttemptFailed(trx, next.alert_event_ndx, err instanceof Error ? err.message : String(err), retryAt);
        if (retryAt) result.retrying++;
        else result.failed++;
      }
      return false;
    });
    if (done) break;
  }
  return result;
}
