import { z } from 'zod';

/**
 * Mobile Tracker: the rows of `GET /api/display-mobile/{report}` (mobile report row, last report,
 * flow calculation, battery). Decision 0018 says how every cell is computed.
 */

/** The four overview reports: one per facility type (`facility_type.mobile_report`). */
export const MOBILE_OVERVIEW_REPORTS = ['storage', 'recharge', 'augmentation', 'wells'] as const;
export const mobileOverviewReportSchema = z.enum(MOBILE_OVERVIEW_REPORTS);
export type MobileOverviewReport = z.infer<typeof mobileOverviewReportSchema>;

/** A series whose newest reading is older than this is "Missing Data". */
export const MOBILE_MISSING_DATA_HOURS = 24;
/** The legend's "Missing Data" colour, sent with each cell that lacks data (highlight_color). */
export const MOBILE_MISSING_DATA_COLOR = '#FFFF00';
/** What a cell says when the column does not apply to the facility (legend "Not Applicable"). */
export const MOBILE_NOT_APPLICABLE = '-';

/** One cell of an overview pivot: row = facility, column = a configured measure. */
export const mobileReportRowSchema = z.object({
  row_name: z.string(),
  column_name: z.string(),
  /** Formatted number; '' when not collecting (or nothing to show), '-' when not applicable. */
  result_formatted: z.string(),
  row_sort: z.number().int(),
  column_sort: z.number().int(),
  /** Hex colour of the cell (Missing Data), null for none. */
  highlight_color: z.string().nullable(),
  facility_ndx: z.number().int(),
});
export type MobileReportRow = z.infer<typeof mobileReportRowSchema>;
export const mobileReportResponseSchema = z.array(mobileReportRowSchema);

/** A facility's newest reading over all its series; the list is oldest first. */
export const lastReportSchema = z.object({
  facility_ndx: z.number().int(),
  facility_name: z.string(),
  facility_type_desc: z.string(),
  /** ISO 8601 instant; null when the facility has never reported. */
  last_report_timestamp: z.string().nullable(),
  /** The facility's reporting locations (location ids), ', '-joined, the newest reporter first. */
  locations_labels: z.string(),
});
export type LastReport = z.infer<typeof lastReportSchema>;
export const lastReportResponseSchema = z.array(lastReportSchema);

/** A measuring structure with its stored rating formula and the newest flow it gave. */
export const flowCalcFormulaSchema = z.object({
  location_ndx: z.number().int(),
  storage_site: z.string(),
  most_recent_value_cfs: z.number().nullable(),
  flow_calc_formula: z.string(),
});
export type FlowCalcFormula = z.infer<typeof flowCalcFormulaSchema>;
export const flowCalcFormulasResponseSchema = z.array(flowCalcFormulaSchema);

export const flowCalcNoteSchema = z.object({
  location_ndx: z.number().int(),
  storage_site: z.string(),
  flow_calc_notes: z.string(),
});
export type FlowCalcNote = z.infer<typeof flowCalcNoteSchema>;
export const flowCalcNotesResponseSchema = z.array(flowCalcNoteSchema);

export const mobileBatterySchema = z.object({
  location_display_label: z.string(),
  min_7day: z.number().nullable(),
  max_7day: z.number().nullable(),
});
export type MobileBattery = z.infer<typeof mobileBatterySchema>;
export const mobileBatteriesResponseSchema = z.array(mobileBatterySchema);
