import { z } from 'zod';
import { DEFAULT_DISTRICT_TIME_ZONE, INTERVAL_STEP_LABELS, INTERVALS, type CalendarDay, type Interval } from './calendar';
import { dayRangeInputShape, refineDayRange } from './calendar-schemas';

/**
 * Query & Download - Facility Data (docs/decisions/0011-query-download.md).
 * GET  /api/facility-query-download/list-facility-types-united-only
 * GET  /api/facility-query-download/list-facilities-with-types
 * GET  /api/facility-query-download/q-d-list-parameter-groups
 * POST /api/facility-query-download/data-15min | data-daily  -> text/csv
 */

export const QUERY_DOWNLOAD_INTERVALS = INTERVALS;
export type QueryDownloadInterval = Interval;
/** Time step labels, in the order the page lists them. */
export const QUERY_DOWNLOAD_INTERVAL_LABELS = INTERVAL_STEP_LABELS;
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

/** Request body of one time step. Dates are calendar days in the district time zone, both inclusive. */
export function queryDownloadRequestSchemaFor(interval: QueryDownloadInterval) {
  return z
    .object({
      facilities: idList('facilities', 'facility'),
      parameterGroups: idList('parameterGroups', 'parameter group'),
      ...dayRangeInputShape,
    })
    .superRefine((body, ctx) => refineDayRange(body, interval, QUERY_DOWNLOAD_INTERVAL_LABELS[interval], ctx));
}
export type QueryDownloadRequestInput = z.input<ReturnType<typeof queryDownloadRequestSchemaFor>>;
export type QueryDownloadRequest = z.output<ReturnType<typeof queryDownloadRequestSchemaFor>>;

/**
 * Column headers of the CSV files (the decision record explains the timestamp format); the zone names
 * the local column. Qualifiers are the source's marks on the value (USGS P provisional, A approved,
 * e estimated, Ice; CDSS flags), comma-separated.
 */
export function queryDownloadCsvColumns(interval: QueryDownloadInterval, zone: string = DEFAULT_DISTRICT_TIME_ZONE): readonly string[] {
  return interval === '15min'
    ? [
        'Facility',
        'Facility Type',
        'Location ID',
        'Location Name',
        'Parameter',
        'Units',
        `Timestamp (${zone})`,
        'UTC Offset',
        'Value',
        'Data Source',
        'Qualifiers',
      ]
    : [
        'Facility',
        'Facility Type',
        'Location ID',
        'Location Name',
        'Parameter',
        'Units',
        `Date (${zone})`,
        'Mean',
        'Min',
        'Max',
        'Readings',
        'Data Source',
        'Qualifiers (last reading)',
      ];
}

/** Name of the saved file: the time step and the district's current date, e.g. facility-data-daily-2026-11-22.csv. */
export function queryDownloadFileName(interval: QueryDownloadInterval, today: CalendarDay): string {
  return `facility-data-${interval}-${today}.csv`;
}
