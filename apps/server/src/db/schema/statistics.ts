import type { ColumnType } from 'kysely';
import type { TimestampDefaulted } from './column-types';

// Statistics of each series from its daily means (migration 0295).

type DateColumn = ColumnType<Date, Date | string, Date | string>;
type ApprovalStatus = 'approved' | 'provisional';

export interface SeriesNormalStatsTable {
  location_ndx: number;
  parameter_ndx: number;
  time_of_year_type: 'day_of_year' | 'month_of_year';
  /** 'MM-DD' for a day of year, 'MM' for a month of year. */
  time_of_year: string;
  sample_count: number;
  min_value: number;
  max_value: number;
  mean_value: number;
  median_value: number;
  p05: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  p95: number | null;
  approval_status: ApprovalStatus;
  computed_at: TimestampDefaulted;
}

export interface SeriesIntervalStatsTable {
  location_ndx: number;
  parameter_ndx: number;
  interval_type: 'month' | 'calendar_year' | 'water_year';
  start_date: DateColumn;
  end_date: DateColumn;
  sample_count: number;
  min_value: number;
  max_value: number;
  mean_value: number;
  approval_status: ApprovalStatus;
  computed_at: TimestampDefaulted;
}

export interface SeriesStatsPendingTable {
  location_ndx: number;
  parameter_ndx: number;
  first_date: DateColumn;
  last_date: DateColumn;
}
