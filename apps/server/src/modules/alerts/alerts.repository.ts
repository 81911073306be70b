import { sql } from 'kysely';
import type {
  AlertLocationOption,
  AlertParameterOption,
  AlertRequest,
  AlertTypeOption,
  MergedAddress,
  SendToOption,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import type { AlertComparison } from '../../db/schema';

/** The stored fields of one alert request with its one recipient (the spec's merged_address_ndx). */
export interface AlertRequestRecord {
  alert_request_ndx: number;
  enabled: boolean;
  alert_type_ndx: number;
  location_ndx: number;
  parameter_ndx: number;
  trigger_value: number;
  reset_hours: number;
  custom_subject: string | null;
  custom_loc_name: string | null;
  notes: string | null;
  group_ndx: number | null;
  contact_ndx: number | null;
}

export type AlertRequestWrite = Omit<AlertRequestRecord, 'alert_request_ndx' | 'group_ndx' | 'contact_ndx'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Every alert request (or one) with the names behind its keys, its recipient and its series' newest value. */
export async function listAlertRequests(db: Db, alertRequestNdx?: number): Promise<AlertRequest[]> {
  const { rows } = await sql<
    Omit<AlertRequest, 'last_alert_sent' | 'most_recent_timestamp'> & { last_alert_sent: Date | null; most_recent_timestamp: Date | null }
  >`
    select ar.alert_request_ndx, ar.enabled, ar.alert_type_ndx, t.alert_type_desc as alert_type,
           ar.location_ndx, si.location_name as location, ar.parameter_ndx, si.parameter_name as parameter,
           si.unit_desc as units, ar.trigger_value, ar.reset_hours,
           case when r.group_ndx is not null then 'group-' || r.group_ndx when r.contact_ndx is not null then 'contact-' || r.contact_ndx end as merged_address_ndx,
           coalesce(g.group_desc, c.contact_name) as send_to,
           coalesce(c.contact_address, (select string_agg(gc.contact_address, ', ' order by gc.contact_address)
              from contact_group_member m join contact gc on gc.contact_ndx = m.contact_ndx where m.group_ndx = r.group_ndx)) as send_to_details,
           ar.custom_subject, ar.custom_loc_name, ar.notes, ar.last_alert_sent, ar.last_alert_sent_to as last_alert_sent_to_details,
           sl.last_value as most_recent_value, sl.last_timestamp as most_recent_timestamp
      from alert_request ar
      join alert_type t on t.alert_type_ndx = ar.alert_type_ndx
      join series_info si on si.location_ndx = ar.location_ndx and si.parameter_ndx = ar.parameter_ndx
      left join lateral (select group_ndx, contact_ndx from alert_request_recipient x
                          where x.alert_request_ndx = ar.alert_request_ndx order by alert_request_recipient_ndx limit 1) r on true
      left join contact_group g on g.group_ndx = r.group_ndx
      left join contact c on c.contact_ndx = r.contact_ndx
      left join series_latest sl on sl.location_ndx = ar.location_ndx and sl.parameter_ndx = ar.parameter_ndx
     where ${alertRequestNdx === undefined ? sql`true` : sql`ar.alert_request_ndx = ${alertRequestNdx}`}
     order by ar.alert_request_ndx`.execute(db);
  return rows.map((r) => ({ ...r, last_alert_sent: iso(r.last_alert_sent), most_recent_timestamp: iso(r.most_recent_timestamp) }));
}

/** One request's stored fields, locked for update when `forUpdate` (inside a transaction). */
export async function findAlertRequestRecord(db: Db, alertRequestNdx: number, forUpdate = false): Promise<AlertRequestRecord | undefined> {
  const { rows } = await sql<AlertRequestRecord>`
    select ar.alert_request_ndx, ar.enabled, ar.alert_type_ndx, ar.location_ndx, ar.parameter_ndx, ar.trigger_value, ar.reset_hours,
           ar.custom_subject, ar.custom_loc_name, ar.notes, r.group_ndx, r.contact_ndx
      from alert_request ar
      left join lateral (select group_ndx, contact_ndx from alert_request_recipient x
                          where x.alert_request_ndx = ar.alert_request_ndx order by alert_request_recipient_ndx limit 1) r on true
     where ar.alert_request_ndx = ${alertRequestNdx}
     ${forUpdate ? sql`for update of ar` : sql``}`.execute(db);
  return rows[0];
}

export async function insertAlertRequest(db: Db, write: AlertRequestWrite): Promise<number> {
  const r = await db.insertInto('alert_request').values(write).returning('alert_request_ndx').executeTakeFirstOrThrow();
  return r.alert_request_ndx;
}

export async function updateAlertRequest(db: Db, alertRequestNdx: number, write: AlertRequestWrite): Promise<void> {
  await db
    .updateTable('alert_request')
    .set({ ...write, updated_at: sql<Date>`now()` })
    .where('alert_request_ndx', '=', alertRequestNdx)
    .execute();
}

/** Deletes the request; its recipients and fired events go with it (their rows cascade). */
export async function deleteAlertRequest(db: Db, alertRequestNdx: number): Promise<void> {
  await db.deleteFrom('alert_request').where('alert_request_ndx', '=', alertRequestNdx).execute();
}

/** Replaces the request's recipients with exactly one group or contact. */
export async function setAlertRecipient(db: Db, alertRequestNdx: number, to: MergedAddress): Promise<void> {
  await db.deleteFrom('alert_request_recipient').where('alert_request_ndx', '=', alertRequestNdx).execute();
  await db
    .insertInto('alert_request_recipient')
    .values({
      alert_request_ndx: alertRequestNdx,
      group_ndx: to.kind === 'group' ? to.ndx : null,
      contact_ndx: to.kind === 'contact' ? to.ndx : null,
    })
    .execute();
}

export interface ReferenceCheck {
  locationExists: boolean;
  parameterExists: boolean;
  parameterIsBattery: boolean;
  measuredAtLocation: boolean;
  comparison: AlertComparison | null;
  recipientExists: boolean;
}

/** What the service needs to refuse bad references with readable messages before any write. */
export async function checkAlertReferences(
  db: Db,
  ref: { alert_type_ndx: number; location_ndx: number; parameter_ndx: number; to: MergedAddress },
): Promise<ReferenceCheck> {
  const { rows } = await sql<ReferenceCheck>`
    select exists (select 1 from location where location_ndx = ${ref.location_ndx}) as "locationExists",
           exists (select 1 from parameter where parameter_ndx = ${ref.parameter_ndx}) as "parameterExists",
           exists (select 1 from parameter where parameter_ndx = ${ref.parameter_ndx} and parameter_name ilike '%battery%') as "parameterIsBattery",
           (exists (select 1 from location_parameter where location_ndx = ${ref.location_ndx} and parameter_ndx = ${ref.parameter_ndx})
             or exists (select 1 from series_latest where location_ndx = ${ref.location_ndx} and parameter_ndx = ${ref.parameter_ndx})) as "measuredAtLocation",
           (select comparison from alert_type where alert_type_ndx = ${ref.alert_type_ndx}) as comparison,
           ${
             ref.to.kind === 'group'
               ? sql`exists (select 1 from contact_group where group_ndx = ${ref.to.ndx})`
               : sql`exists (select 1 from contact where contact_ndx = ${ref.to.ndx})`
           } as "recipientExists"`.execute(db);
  return rows[0];
}

export async function listAlertTypes(db: Db): Promise<AlertTypeOption[]> {
  return db
    .selectFrom('alert_type')
    .select(['alert_type_ndx', 'alert_type_desc as alert_type', 'comparison'])
    .orderBy('alert_type_ndx')
    .execute();
}

/** Locations that measure at least one parameter (an alert needs a series to watch). */
export async function listAlertLocations(db: Db): Promise<AlertLocationOption[]> {
  const { rows } = await sql<AlertLocationOption>`
    select l.location_ndx, l.location_name as location from location l
     where exists (select 1 from location_parameter lp where lp.location_ndx = l.location_ndx)
        or exists (select 1 from series_latest sl where sl.location_ndx = l.location_ndx)
     order by l.location_name, l.location_ndx`.execute(db);
  return rows;
}

/** Parameters with the locations that measure them (configured or with stored readings). */
export async function listAlertParameters(db: Db): Promise<AlertParameterOption[]> {
  const { rows } = await sql<AlertParameterOption>`
    with measured as (
      select location_ndx, parameter_ndx from location_parameter
      union select location_ndx, parameter_ndx from series_latest
    )
    select p.parameter_ndx, p.parameter_name as parameter, u.unit_desc as units,
           array_agg(m.location_ndx order by m.location_ndx) as assoc_location_ndx
      from parameter p
      join measured m on m.parameter_ndx = p.parameter_ndx
      left join unit u on u.unit_ndx = p.unit_ndx
     group by p.parameter_ndx, p.parameter_name, u.unit_desc
     order by p.parameter_name, p.parameter_ndx`.execute(db);
  return rows;
}

/** Groups first, then contacts, each with the addresses it reaches. */
export async function listSendToOptions(db: Db): Promise<SendToOption[]> {
  const { rows } = await sql<SendToOption>`
    select * from (
      select 'group-' || g.group_ndx as merged_address_ndx, g.group_desc as send_to,
             coalesce((select string_agg(c.contact_address, ', ' order by c.contact_address)
                         from contact_group_member m join contact c on c.contact_ndx = m.contact_ndx where m.group_ndx = g.group_ndx), '') as send_to_details,
             0 as kind_order
        from contact_group g
      union all
      select 'contact-' || c.contact_ndx, c.contact_name, c.contact_address, 1 from contact c
    ) o order by kind_order, send_to, merged_address_ndx`.execute(db);
  return rows.map(({ merged_address_ndx, send_to, send_to_details }) => ({ merged_address_ndx, send_to, send_to_details }));
}
