import { sql, type Kysely } from 'kysely';

// A message being sent is marked so, in its own committed step, before the SMTP server is asked:
// 'sending' while the server can still only discard it (a process dying then leaves it to be sent
// again), 'handed_over' from the moment the server may accept it (the end of data) until its
// answer is recorded. sending_by names the job-worker pool sending it, whose liveness tells a
// message in flight from one a dead process left behind.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alert_event add column sending_by text, add column sending_at timestamptz;
    alter table alert_event drop constraint alert_event_delivery_status_check;
    alter table alert_event add constraint alert_event_delivery_status_check
      check (delivery_status in ('pending', 'sending', 'handed_over', 'sent', 'partial', 'failed', 'outbox'));
    alter table alert_event add constraint alert_event_in_flight_check
      check ((delivery_status in ('sending', 'handed_over')) = (sending_at is not null));
    create index alert_event_in_flight_idx on alert_event (alert_event_ndx) where delivery_status in ('sending', 'handed_over');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index alert_event_in_flight_idx;
    alter table alert_event drop constraint alert_event_in_flight_check;
    update alert_event set delivery_status = 'pending' where delivery_status in ('sending', 'handed_over');
    alter table alert_event drop constraint alert_event_delivery_status_check;
    alter table alert_event add constraint alert_event_delivery_status_check
      check (delivery_status in ('pending', 'sent', 'partial', 'failed', 'outbox'));
    alter table alert_event drop column sending_by, drop column sending_at;
  `.execute(db);
}
