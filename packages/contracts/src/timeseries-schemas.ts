import { z } from 'zod';
import { dayRangeInputShape, refineDayRange } from './calendar-schemas';
import { GRAPH_INTERVAL_LABELS, GRAPH_INTERVALS, GRAPH_MAX_POINTS_LIMIT, type GraphType } from './timeseries';

/** Time-series graph requests and answers (the graph types, paths and limits are in timeseries.ts). */

/**
 * Request body. Dates are calendar days in the district time zone, both inclusive: the answer covers
 * local midnight of startDate up to local midnight after endDate.
 */
export const graphRequestSchema = z
  .object({
    ...dayRangeInputShape,
    interval: z.enum(GRAPH_INTERVALS, { message: "interval must be '15min' or 'daily'" }),
    maxPoints: z
      .number({ message: 'maxPoints must be a number' })
      .int('maxPoints must be a whole number')
      .min(10, 'maxPoints must be at least 10')
      .max(GRAPH_MAX_POINTS_LIMIT, `maxPoints must be at most ${GRAPH_MAX_POINTS_LIMIT}`)
      .optional(),
    /** true: only the chart series (dashboards, thumbnails); the rows array is then empty. */
    chartOnly: z.boolean({ message: 'chartOnly must be true or false' }).optional(),
  })
  .superRefine((body, ctx) => refineDayRange(body, body.interval, GRAPH_INTERVAL_LABELS[body.interval], ctx));
export type GraphRequestInput = z.input<typeof graphRequestSchema>;
export type GraphRequest = z.output<typeof graphRequestSchema>;

export const graphParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'location number must be a whole number' })
    .int('location number must be a whole number')
    .positive('location number must be positive')
    .max(2_147_483_647, 'location number is too large'),
});

const rowBase = {
  /** ISO 8601 UTC instant; daily rows carry local midnight of their day. */
  collect_timestamp: z.string(),
  units: z.string().nullable(),
  source: z.string().nullable(),
  location_name: z.string(),
  location_id: z.string(),
  /** The source's marks on the value (USGS P provisional, A approved, e estimated, Ice; CDSS flags); daily rows: the day's last reading's. */
  qualifiers: z.string().nullable(),
};

export const flowRowSchema = z.object({ ...rowBase, flow_cfs: z.number() });
export const stageRowSchema = z.object({ ...rowBase, stage_ft: z.number() });
export const levelRowSchema = z.object({ ...rowBase, level_ft: z.number() });
export const graphRowSchemas = { flow: flowRowSchema, stage: stageRowSchema, waterlevel: levelRowSchema } as const;

export const graphChartSchema = z.object({
  /** [epoch milliseconds, value], oldest first. */
  points: z.array(z.tuple([z.number(), z.number()])),
  /** true when LTTB thinned the rows to at most maxPoints. */
  downsampled: z.boolean(),
  /** Number of rows the series was drawn from. */
  total: z.number().int(),
  /** [first, last] epoch milliseconds of each run of provisional rows (qualifier P), oldest first. */
  provisional: z.array(z.tuple([z.number(), z.number()])),
});
export type GraphChart = z.infer<typeof graphChartSchema>;

const responseBase = {
  location: z.object({ location_ndx: z.number().int(), location_id: z.string(), location_name: z.string() }),
  interval: z.enum(GRAPH_INTERVALS),
  value_field: z.enum(['flow_cfs', 'stage_ft', 'level_ft']),
  /** Units of the series, null when the location has no such series. */
  units: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  chart: graphChartSchema,
};

/** Response of one graph endpoint: every row for the table and CSV, and the (downsampled) chart series. */
export function graphResponseSchemaFor(type: GraphType) {
  return z.object({ ...responseBase, rows: z.array(graphRowSchemas[type]) });
}
/** Any graph endpoint's response (the web parses with this and reads `value_field`). */
export const graphResponseSchema = z.object({
  ...responseBase,
  rows: z.array(
    z.object({ ...rowBase, flow_cfs: z.number().optional(), stage_ft: z.number().optional(), level_ft: z.number().optional() }),
  ),
});
export type GraphResponse = z.infer<typeof graphResponseSchema>;
/** A time-series row: the value sits in exactly one of the three value fields. */
export type GraphRow = GraphResponse['rows'][number];
