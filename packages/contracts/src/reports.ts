import { z } from 'zod';

/**
 * Public report tables: the Batteries Status Table and the Site Summary Table, one row per station.
 * Both answers are public: anonymous callers get the public stations,
 * staff get every station that is not excluded from the map (decision 0009).
 */

/** The battery window: the 7 × 24 hours up to the moment of the request. */
export const BATTERY_WINDOW_HOURS = 7 * 24;

/** One battery-voltage series: its min and max over the window and its newest reading. */
export const batteryStatusSchema = z.object({
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  location_name: z.string(),
  parameter_name: z.string(),
  unit_desc: z.string().nullable(),
  /** Null when the series has no reading in the window (a silent logger). */
  min_7day: z.number().nullable(),
  max_7day: z.number().nullable(),
  /** Readings in the window. */
  reading_count_7day: z.number().int(),
  last_value: z.number(),
  /** ISO 8601 instant of the newest reading ever stored. */
  last_timestamp: z.string(),
});
export type BatteryStatus = z.infer<typeof batteryStatusSchema>;

/** GET /api/display-batteries-last7days-stats. */
export const batteriesResponseSchema = z.array(batteryStatusSchema);

/** One (location, parameter) series with its period of record and where it is. */
export const siteSummaryRowSchema = z.object({
  location_ndx: z.number().int(),
  parameter_ndx: z.number().int(),
  /** An enabled alert request exists for this location and parameter. */
  is_alert: z.boolean(),
  /** The location's facilities' types and names, each distinct and joined with ', '; null when it has none. */
  facility_type_desc: z.string().nullable(),
  facility_name: z.string().nullable(),
  parameter: z.string(),
  location_name: z.string(),
  /** ISO 8601 instants of the first and the newest stored reading. */
  start_por: z.string(),
  end_por: z.string(),
  county_name: z.string().nullable(),
  waterbody_name: z.string(),
  huc12_name: z.string().nullable(),
});
export type SiteSummaryRow = z.infer<typeof siteSummaryRowSchema>;

/** GET /api/reports-site-param-summary-united-stations. */
export const siteSummaryResponseSchema = z.array(siteSummaryRowSchema);
