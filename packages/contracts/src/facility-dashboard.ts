import { z } from 'zod';

/**
 * The facility dashboard's "Recent Data Summary":
 * GET /api/get-display-facility/{widget}/{facilityNdx}. Series are the facility's own lists
 * (array_location_ndx × array_parameter_ndx) that have a location_parameter row or data.
 */

export const dashboardFacilityParamsSchema = z.object({
  facilityNdx: z.coerce
    .number({ message: 'facility number must be a whole number' })
    .int('facility number must be a whole number')
    .positive('facility number must be positive')
    .max(2_147_483_647, 'facility number is too large'),
});

/** Water years run April to March and are named by the year they start in. */
export const waterYearQuerySchema = z.object({
  water_year: z.coerce
    .number({ message: 'water_year must be a year such as 2025' })
    .int('water_year must be a year such as 2025')
    .min(1900, 'water_year must be between 1900 and 2200')
    .max(2200, 'water_year must be between 1900 and 2200')
    .optional(),
});

/** How a series is summarised: flows and pumping become volumes (acre-feet), the rest means. */
export const dashboardSeriesKindSchema = z.enum(['flow', 'pumping', 'level', 'storage', 'percent', 'other']);
export type DashboardSeriesKind = z.infer<typeof dashboardSeriesKindSchema>;

/** One series' graph settings (location_parameter) with its location and unit. */
export const dashboardSeriesSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  /** The series' own unit, else its parameter's. */
  unit_desc: z.string().nullable(),
  kind: dashboardSeriesKindSchema,
  legend_label: z.string().nullable(),
  graph_series_color: z.string().nullable(),
  graph_line_type: z.enum(['solid', 'dashed', 'dotted']).nullable(),
  graph_line_width: z.number().nullable(),
  graph_series_type: z.enum(['line', 'bar', 'area', 'scatter']).nullable(),
  graph_area_opacity: z.number().nullable(),
  axis_label: z.string().nullable(),
  suppress_legend: z.boolean(),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;

/** A dashboard series row, the 15-minute variant. */
export const lastFewRowSchema = z.object({
  /** ISO instant. */
  collect_timestamp: z.string(),
  result_value: z.number(),
  location_ndx: z.number().int(),
  location_id: z.string(),
  unit_desc: z.string().nullable(),
  graph_series_color: z.string().nullable(),
  parameter_ndx: z.number().int(),
});
export type LastFewRow = z.infer<typeof lastFewRowSchema>;

/** 'Last 6 hours': every 15-minute value in the 6 hours up to the facility's newest value. */
export const lastFewResponseSchema = z.object({
  /** ISO instants; null when the facility's series have no data at all. */
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  series: z.array(dashboardSeriesSchema),
  rows: z.array(lastFewRowSchema),
});
export type LastFewResponse = z.infer<typeof lastFewResponseSchema>;

export const monthlyRowSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  parameter_ndx: z.number().int(),
  collect_month: z.number().int().min(1).max(12),
  collect_year: z.number().int(),
  /** Flow and pumping: the month's volume in af; everything else: mean of the daily means. */
  result_value: z.number(),
  /** Unit of result_value ('af' for volumes). */
  unit_desc: z.string().nullable(),
  graph_series_color: z.string().nullable(),
  /** Days with data in the month (missing days add nothing to a volume). */
  day_count: z.number().int(),
});
export type MonthlyRow = z.infer<typeof monthlyRowSchema>;

const waterYearFields = {
  /** Start year of the water year: 2025 = April 1, 2025 to March 31, 2026 (district calendar days, see calendar.ts). */
  water_year: z.number().int(),
  /** YYYY-MM-DD, local days, inclusive. */
  start_date: z.string(),
  end_date: z.string(),
};

export const monthlyResponseSchema = z.object({
  ...waterYearFields,
  series: z.array(dashboardSeriesSchema),
  rows: z.array(monthlyRowSchema),
});
export type MonthlyResponse = z.infer<typeof monthlyResponseSchema>;

export const ytdRowSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  parameter_ndx: z.number().int(),
  kind: z.enum(['flow', 'pumping']),
  legend_label: z.string().nullable(),
  graph_series_color: z.string().nullable(),
  /** Water-year-to-date volume in acre-feet. */
  ytd_flow_af: z.number(),
  /** Start year of the water year. */
  year: z.number().int(),
  day_count: z.number().int(),
  /** Newest local day with data (YYYY-MM-DD); null without data. */
  last_date: z.string().nullable(),
});
export type YtdRow = z.infer<typeof ytdRowSchema>;

export const ytdResponseSchema = z.object({ ...waterYearFields, rows: z.array(ytdRowSchema) });
export type YtdResponse = z.infer<typeof ytdResponseSchema>;

/** A percent-full row, one per reservoir location (a location with storage or percent-full data). */
export const pctFullRowSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  /** Fraction 0..1 from the newest Percent Full value; null without one. */
  pct_full: z.number().nullable(),
  /** Newest Storage Volume (af). */
  curr_af: z.number().nullable(),
  /** Capacity (curr_af / pct_full) minus curr_af; null when either is missing or pct_full is 0. */
  remaining_af: z.number().nullable(),
  /** ISO instant of the newer of the two values. */
  collect_timestamp: z.string().nullable(),
});
export type PctFullRow = z.infer<typeof pctFullRowSchema>;

/** Current values by well: newest level and pumping rate per well. */
export const wellCurrentValueSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  current_level_ft: z.number().nullable(),
  level_timestamp: z.string().nullable(),
  current_gpm: z.number().nullable(),
  gpm_timestamp: z.string().nullable(),
});
export type WellCurrentValue = z.infer<typeof wellCurrentValueSchema>;

/** The table variant: a metric column plus one column per well, keyed location_id_{location_id}. */
export const wellValuesTableSchema = z.object({
  columns: z.array(z.object({ field: z.string(), location_id: z.string() })),
  rows: z.array(z.object({ metric: z.string() }).catchall(z.number().nullable())),
});
export type WellValuesTable = z.infer<typeof wellValuesTableSchema>;

export const currentTotalsSchema = z.object({
  /** Wells with a pumping series that has data. */
  well_count: z.number().int(),
  /** Sum of the wells' newest pumping rates. */
  total_gpm: z.number(),
  /** The same rate as a daily volume: gpm × 1440 / 325,851. */
  total_af_per_day: z.number(),
  /** ISO instants of the oldest and newest of the values summed; null without data. */
  oldest_timestamp: z.string().nullable(),
  newest_timestamp: z.string().nullable(),
});
export type CurrentTotals = z.infer<typeof currentTotalsSchema>;

/** Volume conversions (the factors and rounding chosen in decision 0008). */
export const AF_PER_CFS_DAY = 1.983471;
export const GALLONS_PER_AF = 325_851;
export const AF_PER_GPM_DAY = 1440 / GALLONS_PER_AF;
