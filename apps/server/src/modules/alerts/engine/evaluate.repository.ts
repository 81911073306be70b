import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/client';
import type { AlertComparison } from '../../../db/schema';
import { ALERT_RULES } from './rules';

/** An alert request that fired and was claimed for this reset window, with what its message needs. */
export interface FiredAlert {
  alert_request_ndx: number;
  alert_type: string;
  comparison: AlertComparison;
  location_name: string;
  custom_loc_name: string | null;
  custom_subject: string | null;
  notes: string | null;
  parameter_name: string;
  decimals: number;
  units: string | null;
  trigger_value: number;
  last_value: number | null;
  last_timestamp: Date | null;
  facility_ndx: number | null;
}

/** True while the request may send: never sent, its reset window over, or (reset 0) a reading it has not yet sent about. */
function due(ar: string, lastTimestamp: RawBuilder<unknown>, now: Date): RawBuilder<boolean> {
  const r = sql.raw(ar);
  return sql<boolean>`(${r}.last_alert_sent is null
    or (${r}.reset_hours > 0 and ${r}.last_alert_sent <= ${now}::timestamptz - ${r}.reset_hours * interval '1 hour')
    or (${r}.reset_hours = 0 and ${lastTimestamp} is distinct from ${r}.last_alert_observed_at))`;
}

function firesByType(now: Date): RawBuilder<boolean> {
  const inputs = {
    lastValue: sql`sl.last_value`,
    lastTimestamp: sql`sl.last_timestamp`,
    createdAt: sql`ar.created_at`,
    trigger: sql`ar.trigger_value`,
    now: sql`${now}::timestamptz`,
  };
  const cases = Object.values(ALERT_RULES).map((rule) => sql`when ${rule.comparison} then ${rule.fires(inputs)}`);
  return sql<boolean>`coalesce(case t.comparison ${sql.join(cases, sql` `)} end, false)`;
}

/**
 * Finds the enabled requests whose rule fires and claims them: one UPDATE sets last_alert_sent
 * only where the window is still open. Two evaluators at the same moment both see the request
 * fire, but the second waits for the first's row lock and PostgreSQL re-checks the window on the
 * updated row, so only one of them gets it back (exactly once per reset window).
 */
export async function claimFiredAlerts(db: Db, now: Date): Promise<FiredAlert[]> {
  const { rows } = await sql<FiredAlert>`
    with candidates as (
      select ar.alert_request_ndx, sl.last_value, sl.last_timestamp
        from alert_request ar
        join alert_type t on t.alert_type_ndx = ar.alert_type_ndx
        left join series_latest sl on sl.location_ndx = ar.location_ndx and sl.parameter_ndx = ar.parameter_ndx
       where ar.enabled and ${firesByType(now)} and ${due('ar', sql`sl.last_timestamp`, now)}
    ), claimed as (
      update alert_request ar
         set last_alert_sent = ${now}::timestamptz, last_alert_observed_at = c.last_timestamp
        from candidates c
       where ar.alert_request_ndx = c.alert_request_ndx and ar.enabled and ${due('ar', sql`c.last_timestamp`, now)}
      returning ar.alert_request_ndx, ar.alert_type_ndx, ar.location_ndx, ar.parameter_ndx, ar.trigger_value, ar.custom_loc_name,
                ar.custom_subject, ar.notes, c.last_value, c.last_timestamp
    )
    select c.alert_request_ndx, t.alert_type_desc as alert_type, t.comparison, l.location_name, c.custom_loc_name, c.custom_subject, c.notes,
           p.parameter_name, p.decimals, u.unit_desc as units, c.trigger_value, c.last_value, c.last_timestamp,
           (select min(fl.facility_ndx) from facility_location fl where fl.location_ndx = c.location_ndx) as facility_ndx
      from claimed c
      join alert_type t on t.alert_type_ndx = c.alert_type_ndx
      join location l on l.location_ndx = c.location_ndx
      join parameter p on p.parameter_ndx = c.parameter_ndx
      left join unit u on u.unit_ndx = p.unit_ndx
     order by c.alert_request_ndx`.execute(db);
  return rows;
}

export interface Recipient {
  alert_request_ndx: number;
  contact_ndx: number;
  address: string;
}

/** Every contact address the requests send to (a contact, or each member of a group). */
export async function recipientsOf(db: Db, alertRequestNdxs: number[]): Promise<Recipient[]> {
  if (!alertRequestNdxs.length) return [];
  const ids = `{${alertRequestNdxs.join(',')}}`;
  const { rows } = await sql<Recipient>`
    select r.alert_request_ndx, c.contact_ndx, c.contact_address as address
      from alert_request_recipient r join contact c on c.contact_ndx = r.contact_ndx
     where r.alert_request_ndx = any(${ids}::int[])
    union
    select r.alert_request_ndx, c.contact_ndx, c.contact_address
      from alert_request_recipient r
      join contact_group_member m on m.group_ndx = r.group_ndx
      join contact c on c.contact_ndx = m.contact_ndx
     where r.alert_request_ndx = any(${ids}::int[])
     order by 1, 3`.execute(db);
  return rows;
}

export interface NewAlertEvent {
  alert_request_ndx: number;
  fired_at: string;
  observed_value: number | null;
  observed_timestamp: string | null;
  contact_ndx: number | null;
  address: string | null;
  subject: string;
  body: string;
  delivery_status: 'pending' | 'outbox' | 'failed';
  delivery_error: string | null;
}

/** Writes the firing's delivery rows and each request's "last alert sent to" in two statements. */
export async function recordFiring(db: Db, events: NewAlertEvent[], sentTo: { alert_request_ndx: number; sent_to: string }[]): Promise<void> {
  if (events.length) {
    await sql`
      insert into alert_event (alert_request_ndx, fired_at, observed_value, observed_timestamp, recipients, contact_ndx, address, subject, body, delivery_status, delivery_error)
      select x.alert_request_ndx, x.fired_at, x.observed_value, x.observed_timestamp,
             case when x.address is null then '[]'::jsonb else jsonb_build_array(x.address) end,
             x.contact_ndx, x.address, x.subject, x.body, x.delivery_status, x.delivery_error
        from json_to_recordset(${JSON.stringify(events)}::json) as x(
          alert_request_ndx int, fired_at timestamptz, observed_value double precision, observed_timestamp timestamptz,
          contact_ndx int, address text, subject text, body text, delivery_status text, delivery_error text)`.execute(db);
  }
  if (sentTo.length) {
    await sql`
      update alert_request ar set last_alert_sent_to = x.sent_to
        from json_to_recordset(${JSON.stringify(sentTo)}::json) as x(alert_request_ndx int, sent_to text)
       where ar.alert_request_ndx = x.alert_request_ndx`.execute(db);
  }
}
