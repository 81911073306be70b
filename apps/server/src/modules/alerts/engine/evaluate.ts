import type { Db } from '../../../db/client';
import { claimFiredAlerts, recordFiring, type Firing } from './evaluate.repository';
import { buildAlertMessage } from './message';

export type DeliveryMode = 'smtp' | 'outbox';

export interface EvaluateOptions {
  /** 'smtp' queues messages for the SMTP server; 'outbox' keeps them for administrators to read. */
  delivery: DeliveryMode;
  publicUrl: string;
  now?: Date;
}

export interface EvaluateResult {
  fired: number;
  /** Delivery rows written (one per recipient address). */
  messages: number;
}

/**
 * Evaluates every enabled alert request once. Claiming the fired requests (with "last alert sent"
 * and to whom) and writing one message row per address happen in one transaction: a message is
 * never written without its claim, nor a claim without its messages. Addresses are de-duplicated
 * case-insensitively. Sending is a separate step (deliver.ts).
 */
export async function evaluateAlerts(db: Db, opts: EvaluateOptions): Promise<EvaluateResult> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const fired = await claimFiredAlerts(trx, now);
    if (!fired.length) return { fired: 0, messages: 0 };
    const stamps = new Map<number, string>();
    const firings: Firing[] = fired.map((a) => {
      const message = buildAlertMessage(a, opts.publicUrl, stamps);
      return {
        alert_request_ndx: a.alert_request_ndx,
        observed_value: a.last_value,
        observed_timestamp: a.last_timestamp?.toISOString() ?? null,
        subject: message.subject,
        body: message.text,
      };
    });
    const messages = await recordFiring(trx, now, opts.delivery === 'smtp' ? 'pending' : 'outbox', firings);
    return { fired: fired.length, messages };
  });
}
