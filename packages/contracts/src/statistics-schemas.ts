import { z } from 'zod';
import { daysBetween, type DayRange } from './calendar';
import { dayRangeInputShape } from './calendar-schemas';
import { PERCENTILE_CLASSES } from './statistics';
import { GRAPH_TYPES } from './timeseries';

/** Series normals requests and answers (the values and rules they use are in statistics.ts). */

export const seriesNormalsParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'location number must be a whole number' })
    .int('location number must be a whole number')
    .positive('location number must be positive')
    .max(2_147_483_647, 'location number is too large'),
});

/** The band of one year and a bit at most: a graph wider than that draws no band. */
export const NORMAL_BAND_MAX_DAYS = 3 * 366;

export const normalBandQuerySchema = z
  .object({
    ...dayRangeInputShape,
    /** The graph whose series the band is of, chosen by the graph's own rule. */
    type: z.enum(GRAPH_TYPES, { message: "type must be 'flow', 'stage' or 'waterlevel'" }).optional(),
    /** Or the series of this parameter at the location (a facility page's line). */
    parameter: z.coerce.number({ message: 'parameter must be a parameter number' }).int().positive().optional(),
  })
  .superRefine((query: DayRange & { type?: string; parameter?: number }, ctx) => {
    if (query.type === undefined && query.parameter === undefined) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'give type or parameter: the series the band is of' });
      return;
    }
    if (query.endDate < query.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `endDate ${query.endDate} is before startDate ${query.startDate}` });
      return;
    }
    const days = daysBetween(query.startDate, query.endDate) + 1;
    if (days > NORMAL_BAND_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `a normal band covers at most ${NORMAL_BAND_MAX_DAYS} days` });
  });
export type NormalBandQuery = z.output<typeof normalBandQuerySchema>;

const stat = z.number().nullable();
export const normalBandDaySchema = z.object({
  /** The local day, 'YYYY-MM-DD'. */
  date: z.string(),
  /** Its day of year, 'MM-DD'. */
  day_of_year: z.string(),
  sample_count: z.number().int(),
  min: stat,
  p10: stat,
  p25: stat,
  median: stat,
  p75: stat,
  p90: stat,
  max: stat,
});
export type NormalBandDay = z.infer<typeof normalBandDaySchema>;

export const normalBandResponseSchema = z.object({
  location_ndx: z.number().int(),
  parameter_ndx: z.number().int().nullable(),
  units: z.string().nullable(),
  /** One entry per local day of the range, in order; a day of year with no statistics has count 0 and nulls. */
  days: z.array(normalBandDaySchema),
});
export type NormalBandResponse = z.infer<typeof normalBandResponseSchema>;

export const latestClassSchema = z.object({
  location_ndx: z.number().int(),
  parameter_ndx: z.number().int(),
  value_field: z.string().nullable(),
  units: z.string().nullable(),
  /** The local day of the latest daily mean, 'YYYY-MM-DD'. */
  date: z.string(),
  value: z.number(),
  decimals: z.number().int().nullable(),
  percentile: z.number().int().min(0).max(100).nullable(),
  class: z.enum(PERCENTILE_CLASSES),
});
export type LatestClass = z.infer<typeof latestClassSchema>;

export const latestClassesResponseSchema = z.object({ items: z.array(latestClassSchema) });
export type LatestClassesResponse = z.infer<typeof latestClassesResponseSchema>;
