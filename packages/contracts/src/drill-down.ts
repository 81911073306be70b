import { z } from 'zod';
import { INTERVALS, type Interval } from './calendar';
import { pathRangeShape, refinePathRange, toPathRange } from './path-range';
import { pathNdx, pathNdxList } from './ts-compare';

/**
 * The facility page's Data Drill Down: tables and graphs of the facility's
 * locations over a date range, 15-minute or daily (docs/decisions/0017-comparisons-and-drill-down.md);
 * the range's rule is in path-range.ts.
 * GET /api/get-display-facility/table-{interval}/{ndx}/{startDate}/{endDate}
 * GET /api/get-display-facility/graph-{interval}/{ndx}/{startDate}/{endDate}/{locationNdxs}
 * GET /api/list-parameters/{ids}, GET /api/list-locations/{ids}
 */

/** Time Interval options; the first is the default. */
export const DRILL_DOWN_INTERVALS: readonly Interval[] = ['daily', '15min'];
/** Days range options; the last is the default, and the one an interval that disables the chosen range resets to. */
export const DRILL_DOWN_DAYS_RANGES: readonly { days: number; label: string; disabledFor: readonly Interval[] }[] = [
  // One day of daily means is a single row: offered for 15 minutes only.
  { days: 1, label: 'Last 1 day', disabledFor: ['daily'] },
  { days: 3, label: 'Last 3 days', disabledFor: [] },
  { days: 7, label: 'Last 7 days', disabledFor: [] },
  { days: 30, label: 'Last 30 days', disabledFor: [] },
  { days: 90, label: 'Last 90 days', disabledFor: [] },
  { days: 365, label: 'Last 365 days', disabledFor: [] },
];
/** Graph locations in one request. */
export const DRILL_DOWN_MAX_GRAPH_LOCATIONS = 20;
/** Longest chart series; the table always gets every row. */
export const DRILL_DOWN_MAX_POINTS = 2000;

export function drillDownTableParamsSchema(interval: Interval, zone: string) {
  return z
    .object({ ndx: pathNdx('facility number'), ...pathRangeShape(zone) })
    .superRefine(refinePathRange(interval))
    .transform(toPathRange);
}
export function drillDownGraphParamsSchema(interval: Interval, zone: string) {
  return z
    .object({
      ndx: pathNdx('facility number'),
      ...pathRangeShape(zone),
      locations: pathNdxList('locations', DRILL_DOWN_MAX_GRAPH_LOCATIONS),
    })
    .superRefine(refinePathRange(interval))
    .transform(toPathRange);
}

/** One column of the drill-down table: a parameter at a location. */
export const drillDownColumnSchema = z.object({
  key: z.string(),
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  units: z.string().nullable(),
  decimals: z.number().int(),
});
export type DrillDownColumn = z.infer<typeof drillDownColumnSchema>;

/** The table: one row per instant, [epoch ms, value of each column or null]. */
export const drillDownTableSchema = z.object({
  facility_ndx: z.number().int(),
  interval: z.enum(INTERVALS),
  startDate: z.string(),
  endDate: z.string(),
  columns: z.array(drillDownColumnSchema),
  rows: z.array(z.array(z.number().nullable())),
});
export type DrillDownTable = z.infer<typeof drillDownTableSchema>;

export const drillDownSeriesSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  units: z.string().nullable(),
  label: z.string(),
  color: z.string().nullable(),
  points: z.array(z.tuple([z.number(), z.number()])),
  downsampled: z.boolean(),
  total: z.number().int(),
});
export type DrillDownSeries = z.infer<typeof drillDownSeriesSchema>;

/** One graph: a location, its left-axis series (the first parameter's units) and right-axis series (other units). */
export const drillDownGroupSchema = z.object({
  group: z.number().int(),
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  location_name: z.string(),
  yL: z.array(drillDownSeriesSchema),
  yR: z.array(drillDownSeriesSchema),
});
export type DrillDownGroup = z.infer<typeof drillDownGroupSchema>;

export const drillDownGraphSchema = z.object({
  facility_ndx: z.number().int(),
  interval: z.enum(INTERVALS),
  startDate: z.string(),
  endDate: z.string(),
  groups: z.array(drillDownGroupSchema),
});
export type DrillDownGraph = z.infer<typeof drillDownGraphSchema>;

/** GET /api/list-parameters/{ids} and /api/list-locations/{ids}: comma lists of at most this many. */
export const ASSOCIATED_LIST_MAX = 200;
export const associatedIdsParamsSchema = z.object({ ids: pathNdxList('ids', ASSOCIATED_LIST_MAX) });
export const associatedParameterSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  units: z.string().nullable(),
});
export type AssociatedParameter = z.infer<typeof associatedParameterSchema>;
export const associatedLocationSchema = z.object({
  location_ndx: z.number().int(),
  location_name: z.string(),
  location_display_label: z.string(),
});
export type AssociatedLocation = z.infer<typeof associatedLocationSchema>;

/** Trigger elevations of a facility's wells (the facility page's banner), with each well's newest water-level elevation. */
export const triggerElevationSchema = z.object({
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  trigger_elevation_ft: z.number(),
  /** Newest water-level elevation (measuring-point elevation minus depth to water); null without data or reference. */
  water_elevation_ft: z.number().nullable(),
  /** ISO instant of that reading. */
  water_elevation_at: z.string().nullable(),
});
export type TriggerElevation = z.infer<typeof triggerElevationSchema>;
