import type { ColumnType, Generated } from 'kysely';

// Kysely table types; they mirror migrations/ exactly. int8/numeric arrive as numbers (client.ts).
// `interval` columns are read as pg's PostgresInterval object and written as text ('30 minutes').
// `date` columns arrive as JS Date (local midnight of the server) unless a caller casts to text.

/** Defaulted on insert, optional on update. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
/** Timestamps: Date when read, Date or ISO text when written. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefaulted = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | unknown, string | unknown>;
export interface PgInterval {
  years?: number;
  months?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
  milliseconds?: number;
}
type Interval = ColumnType<PgInterval, string, string>;

export interface FacilityTypeTable {
  facility_type_ndx: Generated<number>;
  facility_type_desc: string;
  icon_name: string | null;
  display_order: Defaulted<number>;
  united_list_include: Defaulted<boolean>;
}
export interface LocationTypeTable {
  location_type_ndx: Generated<number>;
  location_type_desc: string;
  map_color: string | null;
  display_order: Defaulted<number>;
}
export interface WaterbodyTable {
  waterbody_ndx: Generated<number>;
  waterbody_name: string;
  united_list_include: Defaulted<boolean>;
}
export interface CountyTable {
  county_ndx: Generated<number>;
  county_name: string;
  fips: string | null;
}
export interface ReportingStatusTable {
  reporting_status_ndx: Generated<number>;
  reporting_status_desc: string;
  display_order: Defaulted<number>;
  /** Newest observation at most this old (hours); null = everything older. */
  max_age_hours: number | null;
}
export interface MapSymbolCategoryTable {
  map_symbol_category_ndx: Generated<number>;
  map_symbol_category: string;
  display_order: Defaulted<number>;
}
export interface UnitTable {
  unit_ndx: Generated<number>;
  unit_desc: string;
  unit_abbrev: string | null;
}
export type ValueField = 'flow_cfs' | 'stage_ft' | 'level_ft';
export interface ParameterTable {
  parameter_ndx: Generated<number>;
  parameter_name: string;
  parameter_abbrev: string | null;
  unit_ndx: number | null;
  value_field: ValueField | null;
  display_order: Defaulted<number>;
}
export interface ParameterGroupTable {
  parameter_group_ndx: Generated<number>;
  parameter_group_name: string;
  display_order: Defaulted<number>;
}
export interface ParameterGroupMemberTable {
  parameter_group_ndx: number;
  parameter_ndx: number;
}
export type DataSourceKind = 'file' | 'usgs' | 'cdss' | 'manual' | 'demo';
export interface DataSourceTable {
  datasrc_ndx: Generated<number>;
  data_source: string;
  kind: Defaulted<DataSourceKind>;
}
export interface DelimiterTable {
  delimiter_ndx: Generated<number>;
  delimiter_desc: string;
  delimiter_char: string;
}
export type AlertComparison = 'above' | 'below' | 'stale';
export interface AlertTypeTable {
  alert_type_ndx: Generated<number>;
  alert_type_desc: string;
  comparison: AlertComparison;
}
export interface RoleTable {
  role_ndx: Generated<number>;
  role_name: string;
  /** The spec's auth0_role_id, e.g. 'rol_administrator'. */
  role_id: string;
}
export interface LandingPageTable {
  landing_page_ndx: Generated<number>;
  landing_page_name: string;
  landing_page_path: string;
}
export interface AppUserTable {
  user_id: Generated<string>;
  name: string;
  nickname: string;
  email: string;
  password_hash: string | null;
  role_ndx: number | null;
  landing_page_ndx: Defaulted<number>;
  disabled: Defaulted<boolean>;
  created_at: TimestampDefaulted;
  updated_at: TimestampDefaulted;
}
export interface UserFacilityTable {
  user_id: string;
  facility_ndx: number;
}
export interface FacilityTable {
  facility_ndx: Generated<number>;
  facility_name: string;
  facility: string | null;
  facility_type_ndx: number;
  display_order: Defaulted<number>;
  widget_order: Defaulted<string[]>;
  axis2_min: number | null;
  axis2_max: number | null;
  fp_mapcenter_lat: number | null;
  fp_mapcenter_lon: number | null;
  fp_mapzoom_level: number | null;
  array_location_ndx: Defaulted<number[]>;
  array_parameter_ndx: Defaulted<number[]>;
  notes: string | null;
  is_public: Defaulted<boolean>;
}
export type MapSymShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'star';
export interface LocationTable {
  location_ndx: Generated<number>;
  location_id: string;
  location_display_label: string;
  location_name: string;
  location_type_ndx: number;
  waterbody_ndx: number;
  county_ndx: number | null;
  reporting_status_ndx: number | null;
  huc12_name: string | null;
  township_lndkey: string | null;
  legend_color: string | null;
  display_order: Defaulted<number>;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  exclude_from_map: Defaulted<boolean>;
  linked_excel_include: Defaulted<boolean>;
  is_public: Defaulted<boolean>;
  is_well_owner: Defaulted<boolean>;
  cuwcd_well_number: string | null;
  map_sym_fill_color: string | null;
  map_sym_stroke_color: string | null;
  map_sym_stroke_width: number | null;
  map_sym_pixel_size: number | null;
  map_sym_legend_pixel_size: number | null;
  map_sym_shape: MapSymShape | null;
  map_symbol_category_ndx: number | null;
  system_url: string | null;
}
export interface FacilityLocationTable {
  facility_ndx: number;
  location_ndx: number;
}
export interface LocationParameterTable {
  location_ndx: number;
  parameter_ndx: number;
  unit_ndx: number | null;
  legend_label: string | null;
  graph_series_color: string | null;
  graph_line_type: 'solid' | 'dashed' | 'dotted' | null;
  graph_line_width: number | null;
  graph_series_type: 'line' | 'bar' | 'area' | 'scatter' | null;
  graph_area_opacity: number | null;
  axis_label: string | null;
  suppress_legend: Defaulted<boolean>;
  column_label: string | null;
  column_order: number | null;
}
export interface ImportSourceTable {
  import_ndx: Generated<number>;
  location_ndx: number;
  parameter_ndx: number;
  unit_ndx: number;
  datasrc_ndx: number;
  enabled: Defaulted<boolean>;
  run_now: Defaulted<boolean>;
  last_retrieval: Timestamp | null;
  next_retrieval: Timestamp | null;
  file_path: string | null;
  file_name: string | null;
  file_fieldcount: Defaulted<number>;
  file_header_rowcount: Defaulted<number>;
  delimiter_ndx: Defaulted<number>;
  column_position_date: number | null;
  column_position_time: number | null;
  column_position_value: number | null;
  frequency: ColumnType<PgInterval, string | undefined, string>;
  retain_days: Defaulted<number>;
  history_days: Defaulted<number>;
  apply_daylightsavings_offset: Defaulted<0 | 1 | 2>;
  notes: string | null;
  source_site_id: string | null;
  source_site_metadata: string | null;
  interval_metadata: string | null;
  interval_period: Interval | null;
  created_at: TimestampDefaulted;
  updated_at: TimestampDefaulted;
}
export type ImportRunStatus = 'running' | 'succeeded' | 'failed' | 'partial';
export interface ImportRunTable {
  import_run_ndx: Generated<number>;
  import_ndx: number;
  started_at: TimestampDefaulted;
  finished_at: Timestamp | null;
  status: Defaulted<ImportRunStatus>;
  rows_read: Defaulted<number>;
  rows_inserted: Defaulted<number>;
  rows_updated: Defaulted<number>;
  rows_unchanged: Defaulted<number>;
  rows_skipped: Defaulted<number>;
  /** Rows not taken on purpose: older than history_days, a no-reading marker, or a timestamp repeated in one file (migration 0006). */
  rows_ignored: Defaulted<number>;
  first_errors: ColumnType<unknown, string | unknown | undefined, string | unknown>;
  message: string | null;
}
export interface ObservationTable {
  location_ndx: number;
  parameter_ndx: number;
  collect_timestamp: Timestamp;
  result_value: number;
  datasrc_ndx: number | null;
  import_ndx: number | null;
  inserted_at: TimestampDefaulted;
  updated_at: Timestamp | null;
}
export interface SeriesLatestTable {
  location_ndx: number;
  parameter_ndx: number;
  first_timestamp: Timestamp;
  last_timestamp: Timestamp;
  last_value: number;
  observation_count: number;
}
export interface ObservationDailyTable {
  location_ndx: number;
  parameter_ndx: number;
  /** Calendar day in America/Denver. pg returns a Date at the server's local midnight; cast to text in SQL for 'YYYY-MM-DD'. */
  local_date: ColumnType<Date, Date | string, Date | string>;
  min_value: number;
  max_value: number;
  mean_value: number;
  sum_value: number;
  value_count: number;
  last_timestamp: Timestamp;
  last_value: number;
}
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
export type DeliveryStatus = 'pending' | 'sent' | 'partial' | 'failed';
export interface AlertEventTable {
  alert_event_ndx: Generated<number>;
  alert_request_ndx: number;
  fired_at: TimestampDefaulted;
  observed_value: number | null;
  observed_timestamp: Timestamp | null;
  recipients: ColumnType<unknown, string | unknown | undefined, string | unknown>;
  delivery_status: Defaulted<DeliveryStatus>;
  delivery_error: string | null;
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

export interface Database {
  facility_type: FacilityTypeTable;
  location_type: LocationTypeTable;
  waterbody: WaterbodyTable;
  county: CountyTable;
  reporting_status: ReportingStatusTable;
  map_symbol_category: MapSymbolCategoryTable;
  unit: UnitTable;
  parameter: ParameterTable;
  parameter_group: ParameterGroupTable;
  parameter_group_member: ParameterGroupMemberTable;
  data_source: DataSourceTable;
  delimiter: DelimiterTable;
  alert_type: AlertTypeTable;
  role: RoleTable;
  landing_page: LandingPageTable;
  app_user: AppUserTable;
  user_facility: UserFacilityTable;
  facility: FacilityTable;
  location: LocationTable;
  facility_location: FacilityLocationTable;
  location_parameter: LocationParameterTable;
  import_source: ImportSourceTable;
  import_run: ImportRunTable;
  observation: ObservationTable;
  series_latest: SeriesLatestTable;
  observation_daily: ObservationDailyTable;
  contact: ContactTable;
  contact_group: ContactGroupTable;
  contact_group_member: ContactGroupMemberTable;
  alert_request: AlertRequestTable;
  alert_request_recipient: AlertRequestRecipientTable;
  alert_event: AlertEventTable;
  map_source: MapSourceTable;
  map_layer: MapLayerTable;
  basemap: BasemapTable;
  camera: CameraTable;
  audit_log: AuditLogTable;
}
