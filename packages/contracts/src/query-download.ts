import { z } from 'zod';
import { calendarDate, daysBetween } from './timeseries';

/**
 * Query & Download - Facility Data (part 2 §2, §4, §5, §7, §9; docs/decisions/0011-query-download.md).
 * GET  /api/facility-query-download/list-facility-types-united-only
 * GET  /api/facility-query-download/list-facilities-with-types
 * GET  /api/facility-query-download/q-d-list-parameter-groups
 * POST /api/facility-query-download/data-15min | data-daily  -> text/csv
 */

export const QUERY_DOWNLOAD_INTERVALS = ['15min', 'daily'] as const;
export type QueryDownloadInterval = (typeof QUERY_DOWNLOAD_INTERVALS)[number];
/** Time step labels (part 2 §9), in the order the page lists them. */
export const QUERY_DOWNLOAD_INTERVAL_LABELS: Record<QueryDownloadInterval, string> = { '15min': '15 Minutes', daily: 'Daily' };
/** Longest range per time step, in days (end - start): ~3 years of 15-minute data, as the graph API allows. */
export const QUERY_DOWNLOAD_MAX_RANGE_DAYS: Record<QueryDownloadInterval, number> = { '15min': 3 * 366, daily: 100 * 366 };
/** Most facilities / parameter groups in one request: far above the district's lists, low enough to bound the SQL. */
export const QUERY_DOWNLOAD_MAX_IDS = 500;

export const qdFacilityTypeSchema = z.object({ facility_type_ndx: z.number().int(), facility_type_desc: z.string() });
export type QdFacilityType = z.infer<typeof qdFacilityTypeSchema>;
export const qdParameterGroupSchema = z.object({ parameter_group_ndx: z.number().int(), parameter_group_name: z.string() });
export type QdParameterGroup = z.infer<typeof qdParameterGroupSchema>;

const idList = (label: string, item: string) =>
  z
    .array(
      z
        .number({ message: `${label} must be a list of whole numbers` })
        .int(`${label} must be a list of whole numbers`)
        .positive(`${label} must be a list of positive numbers`)
        .max(2_147_483_647, `${label} holds a number that is too large`),
      { message: `${label} must be a list of ${item} numbers` },
    )
    .min(1, `Choose at least one ${item}`)
    .max(QUERY_DOWNLOAD_MAX_IDS, `At most ${QUERY_DOWNLOAD_MAX_IDS} ${item}s per download`)
    // Duplicates would only repeat rows: drop them, keep the order.
    .transform((ids) => [...new Set(ids)]);

/** Request body of one time step. Dates are America/Denver calendar days, both inclusive. */
export function queryDownloadRequestSchemaFor(interval: QueryDownloadInterval) {
  return z
    .object({
      facilities: idList('facilities', 'facility'),
      parameterGroups: idList('parameterGroups', 'parameter group'),
      startDate: calendarDate('startDate'),
      endDate: calendarDate('endDate'),
    })
    .superRefine((body, ctx) => {
      const days = daysBetween(body.startDate, body.endDate);
      if (days < 0) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: `endDate ${body.endDate} is before startDate ${body.startDate}` });
        return;
      }
      const max = QUERY_DOWNLOAD_MAX_RANGE_DAYS[interval];
      if (days > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: `The date range is too long for ${QUERY_DOWNLOAD_INTERVAL_LABELS[interval]}: at most ${max} days (about ${Math.round(max / 366)} years), got ${days}`,
        });
      }
    });
}
export type QueryDownloadRequestInput = z.input<ReturnType<typeof queryDownloadRequestSchemaFor>>;
export type QueryDownloadRequest = z.output<ReturnType<typeof queryDownloadRequestSchemaFor>>;

/**
 * Column headers of the CSV files (the decision record explains the timestamp format). Qualifiers are the
 * source's marks on the value (USGS P provisional, A approved, e estimated, Ice; CDSS flags), comma-separated.
 */
export const QUERY_DOWNLOAD_CSV_COLUMNS: Record<QueryDownloadInterval, readonly string[]> = {
  '15min': [
    'Facility',
    'Facility Type',
    'Location ID',
    'Location Name',
    'Parameter',
    'Units',
    'Timestamp (America/Denver)',
    'UTC Offset',
    'Value',
    'Data Source',
    'Qualifiers',
  ],
  daily: ['Facility', 'Facility Type', 'Location ID', 'Location Name', 'Parameter', 'Units', 'Date (America/Denver)', 'Mean', 'Min', 'Max', 'Readings', 'Data Source', 'Qualifiers (last reading)'],
};

/** Name of the saved file: the time step and the district's current date, e.g. facility-data-daily-2026-11-22.csv. */
export function queryDownloadFileName(interval: QueryDownloadInterval, todayIso: string): string {
  return `facility-data-${interval}-${todayIso}.csv`;
}
