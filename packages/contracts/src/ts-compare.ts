import { z } from 'zod';
import { type Interval } from './calendar';
import { pathRangeShape, refinePathRange, toPathRange } from './path-range';

/**
 * Time Series Comparisons: the dropdown lists and the data of one side
 * (left or right axis): GET /api/ts-compare-daily-data|ts-compare-raw-data/{parameter}/{locations}/{startDate}/{endDate}.
 * Public: a caller gets the locations the access policy lets them read (decision 0012).
 */

/** API path of each interval's data, without the leading /api/. */
export const TS_COMPARE_DATA_PATHS = { daily: 'ts-compare-daily-data', '15min': 'ts-compare-raw-data' } as const satisfies Record<
  Interval,
  string
>;

/** At most this many locations on one side of a comparison. */
export const TS_COMPARE_MAX_LOCATIONS = 20;
/** Longest chart series per location; the table always gets every row. */
export const TS_COMPARE_MAX_POINTS = 2000;

/** What the comparison page opens with: daily values, 30 days back, parameter 67 left and 1539 right. */
export const TS_COMPARE_DEFAULTS = {
  interval: 'daily' as Interval,
  leftParameter: 67,
  leftLocation: 2,
  rightParameter: 1539,
  rightLocation: 6,
  /** Start days back, per interval (30 days; 3 days for 15 Minutes). */
  startDaysBack: { daily: 30, '15min': 3 } as Record<Interval, number>,
};

/** Quick date sets; 3 months is disabled for 15 Minutes. */
export const TS_COMPARE_QUICK_SETS: readonly { label: string; days: number; disabledFor: readonly Interval[] }[] = [
  { label: '3 months', days: 120, disabledFor: ['15min'] },
  { label: '3 weeks', days: 21, disabledFor: [] },
  { label: '3 days', days: 3, disabledFor: [] },
];

const MAX_INT = 2_147_483_647;

/** One whole positive number of a path part, with the field named in every message. */
export const pathNdx = (label: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT) {
        ctx.addIssue({ code: 'custom', message: `${label} "${text.slice(0, 40)}" must be a whole number from 1 to ${MAX_INT}` });
        return z.NEVER;
      }
      return Number(text);
    });

/** A comma list of 1..max whole positive numbers (duplicates dropped, order kept). */
export const pathNdxList = (label: string, max: number) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const parts = text.split(',').map((p) => p.trim());
      const bad = parts.find((p) => !/^\d{1,10}$/.test(p) || Number(p) < 1 || Number(p) > MAX_INT);
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a comma list of whole numbers from 1 to ${MAX_INT}; "${bad.slice(0, 40)}" is not one`,
        });
        return z.NEVER;
      }
      const unique = [...new Set(parts.map(Number))];
      if (unique.length > max) {
        ctx.addIssue({ code: 'custom', message: `${label} may list at most ${max} numbers, got ${unique.length}` });
        return z.NEVER;
      }
      return unique;
    });

export function tsCompareDataParamsSchema(interval: Interval, zone: string) {
  return z
    .object({ parameter: pathNdx('parameter'), locations: pathNdxList('locations', TS_COMPARE_MAX_LOCATIONS), ...pathRangeShape(zone) })
    .superRefine(refinePathRange(interval))
    .transform(toPathRange);
}
export type TsCompareDataParams = z.output<ReturnType<typeof tsCompareDataParamsSchema>>;

export const tsCompareFacilitySchema = z.object({ facility_ndx: z.number().int(), facility_name: z.string() });
export type TsCompareFacility = z.infer<typeof tsCompareFacilitySchema>;

export const tsCompareParameterSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
  units: z.string().nullable(),
});
export type TsCompareParameter = z.infer<typeof tsCompareParameterSchema>;

/** A location with data the caller may read: which parameters it has series of and which facilities hold it. */
export const tsCompareLocationSchema = z.object({
  location_ndx: z.number().int(),
  location_id: z.string(),
  location_display_label: z.string(),
  location_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  parameter_ndxs: z.array(z.number().int()),
  facility_ndxs: z.array(z.number().int()),
});
export type TsCompareLocation = z.infer<typeof tsCompareLocationSchema>;

export const tsCompareSeriesSchema = z.object({
  location_ndx: z.number().int(),
  location_display_label: z.string(),
  location_name: z.string(),
  /**
   * The series' unit: the location's own unit for the parameter when it sets one, else the
   * parameter's (which `parameter.units` names), so a location with its own unit reads as its graph does.
   */
  units: z.string().nullable(),
  /** [epoch ms, value], oldest first; LTTB-thinned to TS_COMPARE_MAX_POINTS when `downsampled`. */
  points: z.array(z.tuple([z.number(), z.number()])),
  downsampled: z.boolean(),
  /** Rows the series was drawn from. */
  total: z.number().int(),
  /**
   * Every row for the table and CSV, [epoch ms, value], oldest first (daily rows at local midnight).
   * Pairs rather than objects: a year of 15-minute data is 35,000 rows a location.
   */
  rows: z.array(z.tuple([z.number(), z.number()])),
});
export type TsCompareSeries = z.infer<typeof tsCompareSeriesSchema>;

export const tsCompareDataSchema = z.object({
  interval: z.enum(['15min', 'daily']),
  startDate: z.string(),
  endDate: z.string(),
  parameter: tsCompareParameterSchema,
  /** One per requested location, in the order asked. */
  series: z.array(tsCompareSeriesSchema),
});
export type TsCompareData = z.infer<typeof tsCompareDataSchema>;
