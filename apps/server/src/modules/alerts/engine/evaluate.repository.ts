import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/client';
import type { AlertComparison } from '../../../db/schema';
import { ALERT_RULES } from './rules';

/** An alert request that fired and was claimed for this reset window, with what its message needs. */
export interface FiredAlert {
  alert_request_ndx: number;
  alert_type: string;
  comparison: AlertComparison;
  location_ndx: number;
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
  /** The parameter's graph field (flow_cfs, stage_ft, level_ft), null when no graph shows it. */
  value_field: string | null;
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
         set last_alert_sent = ${now}::timestamptz, last_alert_observed_at = c.last_timestamp,
             last_alert_sent_to = coalesce((select string_agg(r.address, ', ' order by r.address) from (${recipientRows(sql`ar.alert_request_ndx`)}) r), '')
        from candidates c
       where ar.alert_request_ndx = c.alert_request_ndx and ar.enabled and ${due('ar', sql`c.last_timestamp`, now)}
      returning ar.alert_request_ndx, ar.alert_type_ndx, ar.location_ndx, ar.parameter_ndx, ar.trigger_value, ar.custom_loc_name,
                ar.custom_subject, ar.notes, c.last_value, c.last_timestamp
    )
    select c.alert_request_ndx, t.alert_type_desc as alert_type, t.comparison, c.location_ndx, si.location_name, c.custom_loc_name, c.custom_subject, c.notes,
           si.parameter_name, si.decimals, si.value_field, si.unit_desc as units, c.trigger_value, c.last_value, c.last_timestamp,
           (select min(fl.facility_ndx) from facility_location fl where fl.location_ndx = c.location_ndx) as facility_ndx
      from claimed c
      join alert_type t on t.alert_type_ndx = c.alert_type_ndx
      join series_info si on si.location_ndx = c.location_ndx and si.parameter_ndx = c.parameter_ndx
     order by c.alert_request_ndx`.execute(db);
  return rows;
}

/**
 * The distinct addresses (case-insensitive) one request sends to: its contact, or each contact of
 * its group. `alertNdx` is an SQL expression naming the request.
 */
function recipientRows(alertNdx: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select distinct on (lower(x.address)) x.contact_ndx, x.address from (
      select c.contact_ndx, c.contact_address as address
        from alert_request_recipient rr join contact c on c.contact_ndx = rr.contact_ndx
       where rr.alert_request_ndx = ${alertNdx}
      union all
      select c.contact_ndx, c.contact_address
        from alert_request_recipient rr
        join contact_group_member m on m.group_ndx = rr.group_ndx
        join contact c on c.contact_ndx = m.contact_ndx
       where rr.alert_request_ndx = ${alertNdx}
    ) x order by lower(x.address), x.contact_ndx`;
}

/** The message of one claimed request; it goes to each of its addresses. */
export interface Firing {
  alert_request_ndx: number;
  observed_value: number | null;
  observed_timestamp: string | null;
  subject: string;
  body: string;
}

/**
 * Writes one alert_event row per address of each firing, in one statement: 'pending' for the
 * SMTP deliverer or 'outbox'; a request whose group has no contacts gets one 'failed' row saying
 * so. Returns the number of messages (rows with an address).
 */
export async function recordFiring(db: Db, firedAt: Date, status: 'pending' | 'outbox', firings: Firing[]): Promise<number> {
  if (!firings.length) return 0;
  const { rows } = await sql<{ messages: number }>`
    with f as (
      select * from json_to_recordset(${JSON.stringify(firings)}::json)
        as f(alert_request_ndx int, observed_value double precision, observed_timestamp timestamptz, subject text, body text)
    ), ins as (
      insert into alert_event (alert_request_ndx, fired_at, observed_value, observed_timestamp, recipients, contact_ndx, address, subject, body, delivery_status, delivery_error)
      select f.alert_request_ndx, ${firedAt}::timestamptz, f.observed_value, f.observed_timestamp,
             case when r.address is null then '[]'::jsonb else jsonb_build_array(r.address) end,
             r.contact_ndx, r.address, f.subject, f.body,
             case when r.address is null then 'failed' else ${status} end,
             case when r.address is null then 'The recipient has no contacts' end
        from f left join lateral (${recipientRows(sql`f.alert_request_ndx`)}) r on true
      returning address
    )
    select count(address)::int as messages from ins`.execute(db);
  return rows[0].messages;
}
