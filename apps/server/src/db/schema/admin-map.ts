import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, Timestamp, TimestampDefaulted, Json } from './column-types';

// Contacts and alerts, map layers and basemaps, cameras, the audit log.

export interface ContactTable {
  contact_ndx: Generated<number>;
  contact_address: string;
  contact_name: string;
  contact_org: string;
  remark: string | null;
}
export interface ContactGroupTable {
  group_ndx: Generated<number>;
  group_desc: string;
  remark: string | null;
}
export interface ContactGroupMemberTable {
  group_ndx: number;
  contact_ndx: number;
}
export interface AlertRequestTable {
  alert_request_ndx: Generated<number>;
  enabled: Defaulted<boolean>;
  alert_type_ndx: number;
  location_ndx: number;
  parameter_ndx: number;
  trigger_value: number;
  reset_hours: number;
  custom_subject: string | null;
  custom_loc_name: string | null;
  notes: string | null;
  last_alert_sent: Timestamp | null;
  last_alert_sent_to: string | null;
  /** Migration 0110: timestamp of the reading the last message was about. */
  last_alert_observed_at: Timestamp | null;
  created_at: TimestampDefaulted;
  updated_at: TimestampDefaulted;
}
/** One send-to target of an alert: exactly one of group_ndx / contact_ndx is set. */
export interface AlertRequestRecipientTable {
  alert_request_recipient_ndx: Generated<number>;
  alert_request_ndx: number;
  group_ndx: number | null;
  contact_ndx: number | null;
}
export type DeliveryStatus = 'pending' | 'sent' | 'partial' | 'failed' | 'outbox';
/** Migration 0270: a message being sent ('sending': not yet acceptable by the server; 'handed_over': may be accepted). */
export type StoredDeliveryStatus = DeliveryStatus | 'sending' | 'handed_over';
/** What a message of the delivery log is about: an alert, or a link an account asked for (migration 0250). */
export type MessagePurpose = 'alert' | 'password-reset' | 'sign-up';
export interface AlertEventTable {
  alert_event_ndx: Generated<number>;
  /** Null for an account message (purpose other than 'alert'). */
  alert_request_ndx: number | null;
  purpose: Defaulted<MessagePurpose>;
  fired_at: TimestampDefaulted;
  observed_value: number | null;
  observed_timestamp: Timestamp | null;
  recipients: ColumnType<unknown, string | unknown | undefined, string | unknown>;
  delivery_status: Defaulted<StoredDeliveryStatus>;
  delivery_error: string | null;
  /** Migration 0270: the job-worker pool sending the message and since when (only while in flight). */
  sending_by: string | null;
  sending_at: Timestamp | null;
  /** Migration 0110: one row per recipient address, the message as sent and its delivery attempts. */
  contact_ndx: number | null;
  address: string | null;
  subject: string | null;
  body: string | null;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp | null;
  sent_at: Timestamp | null;
}
export interface MapSourceTable {
  map_source_id: string;
  source_type: 'geojson' | 'vector' | 'raster';
  data: Json | null;
  options: ColumnType<unknown, string | unknown | undefined, string | unknown>;
  external_url: string | null;
  transform: string | null;
  refresh_minutes: number | null;
  last_refreshed_at: Timestamp | null;
  last_error: string | null;
  last_attempt_at: Timestamp | null;
}
export interface MapLayerTable {
  map_layer_id: string;
  map_source_id: string;
  name: string;
  layer: Json;
  lre_properties: ColumnType<unknown, string | unknown | undefined, string | unknown>;
  draw_order: Defaulted<number>;
  legend_order: Defaulted<number>;
  enabled: Defaulted<boolean>;
}
export interface BasemapTable {
  basemap_ndx: Generated<number>;
  name: string;
  style_url: string | null;
  tiles: string[] | null;
  attribution: string | null;
  preview_image: string | null;
  display_order: Defaulted<number>;
  offline: Defaulted<boolean>;
}
export interface CameraTable {
  camera_ndx: Generated<number>;
  slug: string;
  title: string;
  snapshot_url: string;
  mask_file_name: string | null;
  page_path: string | null;
}
export interface AuditLogTable {
  audit_ndx: Generated<number>;
  occurred_at: TimestampDefaulted;
  actor_sub: string | null;
  actor_email: string | null;
  action: 'insert' | 'update' | 'delete';
  table_name: string;
  row_key: string;
  before: Json | null;
  after: Json | null;
}
