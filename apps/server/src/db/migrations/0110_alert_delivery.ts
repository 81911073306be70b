import { sql, type Kysely } from 'kysely';

// The alert engine (decision 0015). alert_event becomes the delivery log and outbox: one row per
// recipient address of a firing, with the message as sent, its attempts and its result. A row is
// 'pending' until the SMTP server accepted it ('sent'), retries ran out ('failed'), or no SMTP
// server is configured ('outbox': kept for administrators to read, never claimed as sent).
// alert_request.last_alert_observed_at: the reading the last message was about (reset_hours 0).
// Alert type 4 watches a battery-voltage series for a reading below the trigger.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table alert_type drop constraint alert_type_comparison_check;
alter table alert_type add constraint alert_type_comparison_check check (comparison in ('above', 'below', 'stale', 'battery_below'));
insert into alert_type (alert_type_ndx, alert_type_desc, comparison) values (4, 'Battery below trigger', 'battery_below')
  on conflict do nothing;
select setval(pg_get_serial_sequence('alert_type', 'alert_type_ndx'), greatest(4, (select max(alert_type_ndx) from alert_type)));

-- The reading the last message was about: with reset_hours 0 an alert fires once per new reading.
alter table alert_request add column last_alert_observed_at timestamptz;

-- contact_ndx is history (who the address belonged to), not a reference: no foreign key, so a
-- firing of thousands of rows does not pay a key check per row, and deleting a contact keeps its log.
alter table alert_event
  add column contact_ndx integer,
  add column address text,
  add column subject text,
  add column body text,
  add column attempts integer not null default 0,
  add column next_attempt_at timestamptz,
  add column sent_at timestamptz;
alter table alert_event drop constraint alert_event_delivery_status_check;
alter table alert_event add constraint alert_event_delivery_status_check
  check (delivery_status in ('pending', 'sent', 'partial', 'failed', 'outbox'));
create index alert_event_pending_idx on alert_event (next_attempt_at) where delivery_status = 'pending';
-- The log is read newest first by alert_event_ndx (the primary key); fired_at had an index nothing used.
drop index alert_event_fired_idx;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
drop index if exists alert_event_pending_idx;
create index alert_event_fired_idx on alert_event (fired_at desc);
delete from alert_event where delivery_status = 'outbox';
alter table alert_event drop constraint alert_event_delivery_status_check;
alter table alert_event add constraint alert_event_delivery_status_check check (delivery_status in ('pending', 'sent', 'partial', 'failed'));
alter table alert_event drop column contact_ndx, drop column address, drop column subject, drop column body,
  drop column attempts, drop column next_attempt_at, drop column sent_at;
alter table alert_request drop column last_alert_observed_at;
delete from alert_request where alert_type_ndx = 4;
delete from alert_type where alert_type_ndx = 4;
alter table alert_type drop constraint alert_type_comparison_check;
alter table alert_type add constraint alert_type_comparison_check check (comparison in ('above', 'below', 'stale'));
`,
    )
    .execute(db);
}
