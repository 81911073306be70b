import type { Db } from '../../../db/client';
import { claimFiredAlerts, recipientsOf, recordFiring, type NewAlertEvent } from './evaluate.repository';
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
 * Evaluates every enabled alert request once. Claiming the fired requests, writing their messages
 * and "last alert sent" happen in one transaction: a message is never written without its claim,
 * nor a claim without its messages. Sending is a separate step (deliver.ts).
 */
export async function evaluateAlerts(db: Db, opts: EvaluateOptions): Promise<EvaluateResult> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const fired = await claimFiredAlerts(trx, now);
    if (!fired.length) return { fired: 0, messages: 0 };
    const byAlert = new Map<number, { contact_ndx: number; address: string }[]>();
    for (const r of await recipientsOf(trx, fired.map((f) => f.alert_request_ndx))) {
      const list = byAlert.get(r.alert_request_ndx) ?? [];
      // One message per address, even when two contacts share it.
      if (!list.some((x) => x.address.toLowerCase() === r.address.toLowerCase())) list.push(r);
      byAlert.set(r.alert_request_ndx, list);
    }
    const events: NewAlertEvent[] = [];
    const sentTo: { alert_request_ndx: number; sent_to: string }[] = [];
    for (const a of fired) {
      const message = buildAlertMessage(a, opts.publicUrl);
      const base = {
        alert_request_ndx: a.alert_request_ndx,
        fired_at: now.toISOString(),
        observed_value: a.last_value,
        observed_timestamp: a.last_timestamp?.toISOString() ?? null,
        subject: message.subject,
        body: message.text,
      };
      const recipients = byAlert.get(a.alert_request_ndx) ?? [];
      if (!recipients.length) {
        // Recorded, not dropped: the log shows the alert fired with nobody to tell.
        events.push({ ...base, contact_ndx: null, address: null, delivery_status: 'failed', delivery_error: 'The recipient group has no contacts' });
      }
      for (const r of recipients) {
        events.push({ ...base, contact_ndx: r.contact_ndx, address: r.address, delivery_status: opts.delivery === 'smtp' ? 'pending' : 'outbox', delivery_error: null });
      }
      sentTo.push({ alert_request_ndx: a.alert_request_ndx, sent_to: recipients.map((r) => r.address).join(', ') });
    }
    await recordFiring(trx, events, sentTo);
    return { fired: fired.length, messages: events.filter((e) => e.address !== null).length };
  });
}
