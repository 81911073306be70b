import type { Task } from 'graphile-worker';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { deliverPending } from '../outbox/deliver';
import { evaluateAlerts } from '../modules/alerts/engine/evaluate';
import { createSmtpMailer, type Mailer } from '../outbox/mailer';
import { queueAlertEvaluation } from '../modules/alerts/engine/queue';
import { ALERTS_DELIVER_JOB_KEY, ALERTS_DELIVER_QUEUE } from '../outbox/delivery-queue';
import { onObservationsWritten } from '../modules/timeseries/observations-written';

export type AlertTaskConfig = Pick<AppConfig, 'smtpUrl' | 'publicUrl' | 'alertsFrom'>;

/**
 * The alert engine's jobs (decision 0015). 'alerts-evaluate' runs after every ingest that wrote
 * readings (queued by the subscription below under one job key) and every minute for the time-based
 * types; 'alerts-deliver' sends pending messages and, every minute, the retries that are due.
 * Without SMTP_URL messages go to the outbox and nothing is delivered.
 */
export function createAlertTasks(db: Db, config: AlertTaskConfig): Record<string, Task> {
  let mailer: Mailer | null = null;
  const smtp = config.smtpUrl;
  return {
    'alerts-evaluate': async (_payload, helpers) => {
      const r = await evaluateAlerts(db, { delivery: smtp ? 'smtp' : 'outbox', publicUrl: config.publicUrl });
      if (r.fired) helpers.logger.info(`alerts: ${r.fired} fired, ${r.messages} message(s) ${smtp ? 'queued' : 'in the outbox'}`);
      if (r.messages && smtp)
        await helpers.addJob('alerts-deliver', {}, { jobKey: ALERTS_DELIVER_JOB_KEY, queueName: ALERTS_DELIVER_QUEUE });
    },
    'alerts-deliver': async (_payload, helpers) => {
      if (!smtp) return;
      mailer ??= createSmtpMailer(smtp, config.alertsFrom);
      // The job's pool id: a message this pool leaves in flight is taken up again once the pool is dead.
      const r = await deliverPending(db, mailer, { sender: helpers.job.locked_by });
      if (r.sent || r.retrying || r.failed) helpers.logger.info(`alerts: sent ${r.sent}, retrying ${r.retrying}, failed ${r.failed}`);
    },
  };
}

/** Every minute: the stale-station type depends on time passing, and retries come due. */
export const ALERT_CRONTAB = ['* * * * * alerts-evaluate ?max=1', `* * * * * alerts-deliver ?max=1&queue=${ALERTS_DELIVER_QUEUE}`];

/**
 * New readings may fire alerts: every ingest that wrote rows queues an evaluation in its own
 * transaction, so the job starts once the readings are committed. Returns the unsubscribe.
 */
export function evaluateAlertsAfterIngest(): () => void {
  return onObservationsWritten(async ({ db }) => {
    await queueAlertEvaluation(db);
  });
}
