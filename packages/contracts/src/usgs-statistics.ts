import { z } from 'zod';

/**
 * The statistics service in USGS's shape (its observationNormals and observationIntervals), read by
 * USGS's own client: day-of-year and month-of-year normals, and month, calendar-year and
 * water-year intervals, of each series' daily means. Lists are comma-separated, as USGS takes them.
 */

/** A list given comma-separated (a=1,2), repeated (a=1&a=2), or both, as USGS's service takes them. */
const list = <T extends string>(name: string, item: z.ZodType<T, string>) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z
      .string()
      .max(2000, `${name}: at most 2,000 characters`)
      .transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      )
      .pipe(z.array(item).min(1, `${name}: give at least one value`).max(200, `${name}: at most 200 values`)),
  );

export const NORMAL_COMPUTATIONS = ['arithmetic_mean', 'maximum', 'median', 'minimum', 'percentile'] as const;
export const INTERVAL_COMPUTATIONS = ['arithmetic_mean', 'maximum', 'minimum'] as const;
export const INTERVAL_TYPES = { M: 'month', CY: 'calendar_year', WY: 'water_year' } as const;

const monthDay = (name: string) =>
  z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name}: a month and day, MM-DD (such as 01-31)`);
const isoDay = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name}: a date, YYYY-MM-DD`)
    .refine((s) => {
      const y = Number(s.slice(0, 4));
      return (
        y >= 1800 && y <= 2200 && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)
      );
    }, `${name}: a real date between the years 1800 and 2200`);

const common = {
  monitoring_location_id: list('monitoring_location_id', z.string().min(1).max(40)).optional(),
  parameter_code: list('parameter_code', z.string().regex(/^\d{1,9}$/, 'parameter_code: five-digit codes such as 00060')).optional(),
  parent_time_series_id: list('parent_time_series_id', z.string().min(1).max(60)).optional(),
  approval_status: z.enum(['approved', 'provisional'], { message: 'approval_status: approved or provisional' }).optional(),
  country_code: list('country_code', z.string().min(1).max(10)).optional(),
  state_code: list('state_code', z.string().regex(/^\d{2}$/, 'state_code: two-digit FIPS codes')).optional(),
  county_code: list('county_code', z.string().min(1).max(12)).optional(),
  site_type_code: list('site_type_code', z.string().min(1).max(20)).optional(),
  site_type_name: list('site_type_name', z.string().min(1).max(80)).optional(),
  page_size: z.coerce
    .number({ message: 'page_size: a whole number from 1 to 10000' })
    .int('page_size: a whole number from 1 to 10000')
    .min(1, 'page_size: a whole number from 1 to 10000')
    .max(10000, 'page_size: a whole number from 1 to 10000')
    .default(1000),
  next_token: z
    .string()
    .regex(/^\d{1,9}$/, 'next_token: the value of "next" from the previous page')
    .optional(),
  f: z.enum(['json'], { message: 'f: json' }).optional(),
};

export const observationNormalsQuerySchema = z
  .object({
    ...common,
    computation_type: list(
      'computation_type',
      z.enum(NORMAL_COMPUTATIONS, { message: `computation_type: ${NORMAL_COMPUTATIONS.join(', ')}` }),
    ).optional(),
    start_date: monthDay('start_date').optional(),
    end_date: monthDay('end_date').optional(),
    normal_type: z.enum(['DOY', 'MOY'], { message: 'normal_type: DOY (day of year) or MOY (month of year)' }).optional(),
  })
  .strict();
export type ObservationNormalsQuery = z.output<typeof observationNormalsQuerySchema>;

export const observationIntervalsQuerySchema = z
  .object({
    ...common,
    computation_type: list(
      'computation_type',
      z.enum(INTERVAL_COMPUTATIONS, { message: `computation_type: ${INTERVAL_COMPUTATIONS.join(', ')}` }),
    ).optional(),
    start_date: isoDay('start_date').optional(),
    end_date: isoDay('end_date').optional(),
    interval_type: list('interval_type', z.enum(['M', 'CY', 'WY'], { message: 'interval_type: M, CY or WY' })).optional(),
  })
  .strict();
export type ObservationIntervalsQuery = z.output<typeof observationIntervalsQuerySchema>;

const statisticValue = z.object({
  approval_status: z.enum(['approved', 'provisional']),
  computation: z.string(),
  computation_id: z.string(),
  sample_count: z.number().int(),
  value: z.string().optional(),
  values: z.array(z.string()).optional(),
  percentiles: z.array(z.string()).optional(),
  time_of_year: z.string().optional(),
  time_of_year_type: z.enum(['day_of_year', 'month_of_year']).optional(),
  interval_type: z.enum(['month', 'calendar_year', 'water_year']).optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
});

export const statisticsFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }).nullable(),
      properties: z
        .object({
          monitoring_location_id: z.string(),
          monitoring_location_name: z.string(),
          data: z.array(
            z.object({
              parameter_code: z.string(),
              parent_statistic_id: z.string(),
              parent_statistic_name: z.string(),
              parent_time_series_id: z.string(),
              unit_of_measure: z.string().nullable(),
              values: z.array(statisticValue),
            }),
          ),
        })
        .passthrough(),
    }),
  ),
  next: z.string().nullable(),
});
export type StatisticsFeatureCollection = z.infer<typeof statisticsFeatureCollectionSchema>;
