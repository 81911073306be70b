import { z } from 'zod';

/**
 * Home dashboard: its data rows, the parameter it shows and the lookback hours (0-24).
 * Decision 0018.
 */

export const HOME_DEFAULT_PARAMETER_NDX = 67;
export const HOME_MAX_LOOKBACK_HOURS = 24;
export const HOME_LOOKBACK_DEBOUNCE_MS = 1000;
export const HOME_LOOKBACK_TOO_HIGH = 'Value must not exceed 24';
/** Shown for a negative or fractional lookback, which is not applied. */
export const HOME_LOOKBACK_WHOLE_HOURS = 'Enter whole hours from 0 to 24';

export const dashboardParameterSchema = z.object({
  parameter_ndx: z.number().int(),
  parameter_name: z.string(),
});
export type DashboardParameter = z.infer<typeof dashboardParameterSchema>;
export const dashboardParametersResponseSchema = z.array(dashboardParameterSchema);

/** Path parameters of `display-dashgraph-data-hourly/{parameter}/{hours}`. */
export const dashgraphParamsSchema = z.object({
  parameter: z.coerce
    .number({ message: 'parameter must be a whole number' })
    .int({ message: 'parameter must be a whole number' })
    .positive({ message: 'parameter must be a whole number' }),
  hours: z
    .string()
    .regex(/^\d+$/, { message: `hours must be a whole number from 0 to ${HOME_MAX_LOOKBACK_HOURS}` })
    .transform(Number)
    .refine((h) => h <= HOME_MAX_LOOKBACK_HOURS, { message: `hours must be a whole number from 0 to ${HOME_MAX_LOOKBACK_HOURS}` }),
});

/** The newest value of one location at or before (now − hours). */
export const homeDashboardRowSchema = z.object({
  location_ndx: z.number().int(),
  location_label: z.string(),
  parameter_name: z.string(),
  unit_name: z.string().nullable(),
  /** ISO 8601 instant. */
  collect_timestamp: z.string(),
  data_value: z.number(),
  datasrc_name: z.string().nullable(),
  /** Hex colour of the location's bar. */
  bar_color: z.string(),
});
export type HomeDashboardRow = z.infer<typeof homeDashboardRowSchema>;
export const homeDashboardResponseSchema = z.array(homeDashboardRowSchema);
