import { z } from 'zod';

/** A facility as listed for navigation (sidebar groups, facility list). */
export const displayFacilitySchema = z.object({
  facility_ndx: z.number().int(),
  facility_name: z.string(),
  facility_type_ndx: z.number().int(),
  facility_type_desc: z.string(),
  /** The facility type's icon name from the lookup (a Material icon name such as 'Water'); null for none. */
  facility_type_icon: z.string().nullable(),
  display_order: z.number().int(),
});
export type DisplayFacility = z.infer<typeof displayFacilitySchema>;

export const facilityNdxParamsSchema = z.object({
  ndx: z.coerce
    .number({ message: 'facility number must be a whole number' })
    .int('facility number must be a whole number')
    .positive('facility number must be positive')
    .max(2_147_483_647, 'facility number is too large'),
});

/**
 * One facility as its detail page needs it (GET /api/display-list-facilities/{ndx}): the list
 * fields plus the facility map's stored view (centre and zoom) and the widget order.
 */
export const facilityDetailSchema = displayFacilitySchema.extend({
  /** Short name or code of the facility. */
  facility: z.string().nullable(),
  notes: z.string().nullable(),
  widget_order: z.array(z.string()),
  fp_mapcenter_lat: z.number().nullable(),
  fp_mapcenter_lon: z.number().nullable(),
  fp_mapzoom_level: z.number().nullable(),
  /** The facility's own series lists (list-locations / list-parameters of the Data Drill Down). */
  array_location_ndx: z.array(z.number().int()),
  array_parameter_ndx: z.array(z.number().int()),
});
export type FacilityDetail = z.infer<typeof facilityDetailSchema>;

/** The newest value of one parameter at one location (from series_latest). */
export const facilityLatestValueSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  result_value: z.number(),
  unit_desc: z.string().nullable(),
  /** ISO 8601 instant. */
  collect_timestamp: z.string(),
});
export type FacilityLatestValue = z.infer<typeof facilityLatestValueSchema>;

export const facilitySummaryLocationSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  location_display_label: z.string(),
  location_name: z.string(),
  location_type_desc: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** One entry per parameter with data, in parameter display order; empty when nothing was ever recorded. */
  latest: z.array(facilityLatestValueSchema),
});
export type FacilitySummaryLocation = z.infer<typeof facilitySummaryLocationSchema>;

/** The facility page's summary panel (GET /api/facility-summary/{ndx}). */
export const facilitySummarySchema = z.object({
  facility_ndx: z.number().int(),
  location_count: z.number().int(),
  /** ISO instant of the newest observation at any of the facility's locations; null without data. */
  last_report_timestamp: z.string().nullable(),
  locations: z.array(facilitySummaryLocationSchema),
});
export type FacilitySummary = z.infer<typeof facilitySummarySchema>;
