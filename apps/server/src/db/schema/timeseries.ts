import type { ColumnType, Generated } from 'kysely';
import type { Defaulted, Timestamp, TimestampDefaulted, Interval, PgInterval } from './column-types';
import type { ValueField } from './reference';

// Imports and the time series (observations and their rollups).

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
  /** Newest timestamp this source has written (migration 0101): web requests resume from here. */
  imported_through: Timestamp | null;
  /** USGS method (sensor) id to take when a site has several (migration 0101). */
  source_method_id: number | null;
  created_at: TimestampDefaulted;
  updated_at: TimestampDefaulted;
}
export type ImportRunStatus = 'running' | 'succeeded' | 'warning' | 'failed' | 'partial';
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
  /** Rows whose time lies in an approved range: kept in observation_raw, not published (migration 0300). */
  rows_held_back: Defaulted<number>;
}
export interface ObservationTable {
  location_ndx: number;
  parameter_ndx: number;
  collect_timestamp: Timestamp;
  result_value: number;
  datasrc_ndx: number | null;
  import_ndx: number | null;
  /** The source's marks on this value, comma-separated (USGS 'P,Ice', CDSS flags); migration 0101. */
  qualifiers: string | null;
  inserted_at: TimestampDefaulted;
  updated_at: Timestamp | null;
}
export interface SeriesLatestTable {
  location_ndx: number;
  parameter_ndx: number;
  first_timestamp: Timestamp;
  last_timestamp: Timestamp;
  last_value: number;
  last_qualifiers: string | null;
  observation_count: number;
}
/**
 * The series_info view (read only): one row per location x parameter with what names the series.
 * unit_ndx/unit_desc: the location's own unit for the parameter when it sets one, else the parameter's.
 */
export interface SeriesInfoView {
  location_ndx: number;
  parameter_ndx: number;
  location_id: string;
  location_name: string;
  location_display_label: string;
  parameter_name: string;
  value_field: ValueField | null;
  decimals: number;
  unit_ndx: number | null;
  unit_desc: string | null;
  legend_label: string | null;
  axis_label: string | null;
  column_label: string | null;
  /** The legend label, else "<location label> <parameter name>". */
  series_label: string;
  /** True when the location has a location_parameter row for the parameter. */
  configured: boolean;
}
export interface ObservationDailyTable {
  location_ndx: number;
  parameter_ndx: number;
  /** Calendar day in the district time zone (db/local-day.ts). pg returns a Date at the server's local midnight; cast to text in SQL for 'YYYY-MM-DD'. */
  local_date: ColumnType<Date, Date | string, Date | string>;
  min_value: number;
  max_value: number;
  mean_value: number;
  sum_value: number;
  value_count: number;
  last_timestamp: Timestamp;
  last_value: number;
}

/** A value as it arrived, for points a review change touched or an import held back (migration 0300). */
export interface ObservationRawTable {
  location_ndx: number;
  parameter_ndx: number;
  collect_timestamp: Timestamp;
  result_value: number;
  qualifiers: string | null;
  datasrc_ndx: number | null;
  import_ndx: number | null;
  arrived_at: TimestampDefaulted;
}
export type SeriesEditAction = 'delete' | 'set' | 'offset' | 'drift' | 'flag' | 'unflag' | 'approve' | 'unapprove';
/** One review change of a series, in order of edit_id (migration 0300). */
export interface SeriesEditTable {
  edit_id: Generated<number>;
  location_ndx: number;
  parameter_ndx: number;
  action: SeriesEditAction;
  start_ts: Timestamp;
  end_ts: Timestamp;
  value: number | null;
  end_value: number | null;
  qualifier: string | null;
  comment: string;
  user_sub: string | null;
  user_name: string;
  at: TimestampDefaulted;
  undone_at: Timestamp | null;
  undone_by: string | null;
  affected: Defaulted<number>;
}
