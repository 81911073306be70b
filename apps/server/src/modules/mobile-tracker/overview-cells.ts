import { MOBILE_MISSING_DATA_COLOR, MOBILE_MISSING_DATA_HOURS, MOBILE_NOT_APPLICABLE, type DashboardSeriesKind } from '@portal/contracts';
import type { ReportColumn } from './mobile-tracker.repository';

/** The pure rules of one overview cell (decision 0018), kept apart from SQL so they are unit-tested. */

export interface CellSeries {
  location_ndx: number;
  location_id: string;
  parameter_ndx: number;
  kind: DashboardSeriesKind;
  last_timestamp: Date | null;
  last_value: number | null;
}

export type CellPlan =
  | { state: 'not-applicable' }
  | { state: 'not-collecting' }
  | { state: 'collecting'; series: CellSeries[]; fresh: CellSeries[]; missing: boolean };

/** A pattern that does not compile matches nothing, so a bad row shows '-' rather than failing the report. */
function locationMatcher(pattern: string | null): (locationId: string) => boolean {
  if (pattern === null) return () => true;
  try {
    const re = new RegExp(pattern, 'i');
    return (id) => re.test(id);
  } catch {
    return () => false;
  }
}

/**
 * Which of a facility's series a column reads, and in what state:
 * - a column limited to some locations (location_id_pattern) at a facility that has no series at
 *   such a location does not apply ('-');
 * - no series of the column's kind there: not collecting (blank);
 * - otherwise collecting; "missing" when any of them has no reading in the last 24 hours.
 */
export function planCell(column: ReportColumn, series: readonly CellSeries[], now: Date): CellPlan {
  const matches = locationMatcher(column.location_id_pattern);
  const atLocations = series.filter((s) => matches(s.location_id));
  if (column.location_id_pattern !== null && atLocations.length === 0) return { state: 'not-applicable' };
  const ofKind = atLocations.filter((s) => s.kind === column.series_kind);
  if (ofKind.length === 0) return { state: 'not-collecting' };
  const since = now.getTime() - MOBILE_MISSING_DATA_HOURS * 3_600_000;
  const fresh = ofKind.filter((s) => s.last_timestamp !== null && s.last_timestamp.getTime() >= since && s.last_value !== null);
  return { state: 'collecting', series: ofKind, fresh, missing: fresh.length < ofKind.length };
}

/** Newest-value measures use only the series that reported in the last 24 hours: a stale value is not "now". */
export function latestValue(column: ReportColumn, fresh: readonly CellSeries[]): number | null {
  if (fresh.length === 0) return null;
  const sum = fresh.reduce((acc, s) => acc + s.last_value!, 0);
  return column.measure === 'latest_mean' ? sum / fresh.length : sum;
}

export function formatNumber(value: number, decimals: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export interface CellText {
  result_formatted: string;
  highlight_color: string | null;
}

export function cellText(plan: CellPlan, value: number | null, decimals: number): CellText {
  if (plan.state === 'not-applicable') return { result_formatted: MOBILE_NOT_APPLICABLE, highlight_color: null };
  if (plan.state === 'not-collecting') return { result_formatted: '', highlight_color: null };
  return {
    result_formatted: value === null ? '' : formatNumber(value, decimals),
    highlight_color: plan.missing ? MOBILE_MISSING_DATA_COLOR : null,
  };
}
