import { z } from 'zod';

/**
 * USGS Water Data OGC API (the successor of WaterServices /nwis/iv and /nwis/dv): how an import
 * source names its series, the move of WaterServices sources, and "Fill from USGS".
 */

/** data_source.kind of the Water Data API source; 'usgs' stays WaterServices. */
export const WATER_DATA_KIND = 'usgs-water-data';
/** data_source.kind of the retiring USGS WaterServices (NWIS) source. */
export const WATER_SERVICES_KIND = 'usgs';
/** The name of the Water Data API data source in the imports lookups. */
export const WATER_DATA_SOURCE_NAME = 'USGS Water Data API';

/** USGS retires WaterServices in the first quarter of 2027: it answers no request after this day. */
export const WATER_SERVICES_LAST_DAY = '2027-03-31';
export const WATER_SERVICES_RETIREMENT_TEXT = 'USGS retires WaterServices in the first quarter of 2027 (by 31 March 2027)';

/** The two collections an import source reads: instantaneous values and daily statistics. */
export const WATER_DATA_COLLECTIONS = ['continuous', 'daily'] as const;
export type WaterDataCollection = (typeof WATER_DATA_COLLECTIONS)[number];
export const WATER_DATA_COLLECTION_LABELS: Record<WaterDataCollection, string> = {
  continuous: 'continuous (instantaneous values)',
  daily: 'daily (daily statistics)',
};
/** Statistic of a daily source that names none: the daily mean. */
export const DAILY_MEAN_STATISTIC = '00003';

export interface WaterDataSeries {
  collection: WaterDataCollection;
  parameterCode: string;
  /** Always set for daily (00003 when not given); null for continuous unless the source names one. */
  statisticId: string | null;
}

export const WATER_DATA_MESSAGES = {
  metadataFormat:
    'Source Site Metadata must be <collection>:<parameter code>[:<statistic code>], e.g. continuous:00065 or daily:00060:00003',
  collection: 'The collection must be continuous or daily',
  parameterCode: 'The parameter code must be five digits, e.g. 00060 (discharge) or 00065 (gage height)',
  statisticId: 'The statistic code must be five digits, e.g. 00003 (daily mean)',
  monitoringLocationId: 'The monitoring location id must look like USGS-06754000 (or the site number 06754000)',
  siteId: 'Source Site ID must be a monitoring location id such as USGS-06904500 (or the site number 06904500)',
} as const;

const FIVE_DIGITS = /^\d{5}$/;

/** Reads `<collection>:<parameter_code>[:<statistic_id>]`; the message says what is wrong. */
export function parseWaterDataMetadata(
  text: string | null | undefined,
): { ok: true; series: WaterDataSeries } | { ok: false; message: string } {
  const parts = (text ?? '').trim().split(':');
  if (parts.length < 2 || parts.length > 3) return { ok: false, message: WATER_DATA_MESSAGES.metadataFormat };
  const collection = parts[0].trim().toLowerCase();
  if (!(WATER_DATA_COLLECTIONS as readonly string[]).includes(collection)) return { ok: false, message: WATER_DATA_MESSAGES.collection };
  const parameterCode = parts[1].trim();
  if (!FIVE_DIGITS.test(parameterCode)) return { ok: false, message: WATER_DATA_MESSAGES.parameterCode };
  const stat = parts[2]?.trim();
  if (stat !== undefined && !FIVE_DIGITS.test(stat)) return { ok: false, message: WATER_DATA_MESSAGES.statisticId };
  const c = collection as WaterDataCollection;
  return { ok: true, series: { collection: c, parameterCode, statisticId: stat ?? (c === 'daily' ? DAILY_MEAN_STATISTIC : null) } };
}

/** The metadata text of a series, as stored: 'continuous:00065', 'daily:00060:00003'. */
export function formatWaterDataMetadata(s: WaterDataSeries): string {
  return [s.collection, s.parameterCode, ...(s.statisticId ? [s.statisticId] : [])].join(':');
}

/** Agency code, a dash, and the site number: 'USGS-06904500'. A bare site number is a USGS one. */
const LOCATION_ID = /^(?:([A-Za-z][A-Za-z0-9]{1,9})[-:])?(\d{6,15})$/;

/** 'USGS-06904500', '06904500' or 'usgs:06904500' -> 'USGS-06904500'; null when it is no monitoring location id. */
export function normalizeMonitoringLocationId(text: string | null | undefined): string | null {
  const m = LOCATION_ID.exec((text ?? '').trim());
  if (!m) return null;
  return `${(m[1] ?? 'USGS').toUpperCase()}-${m[2]}`;
}

/** GET /api/usgs-monitoring-location: which monitoring location to fill a location from. */
export const monitoringLocationQuerySchema = z.strictObject(
  {
    monitoring_location_id: z
      .string({ error: 'monitoring_location_id is required, e.g. USGS-06754000' })
      .max(40, WATER_DATA_MESSAGES.monitoringLocationId)
      .refine((v) => normalizeMonitoringLocationId(v) !== null, WATER_DATA_MESSAGES.monitoringLocationId)
      .transform((v) => normalizeMonitoringLocationId(v)!),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field(s): ${iss.keys.join(', ')}` : undefined) },
);

/** What "Fill from USGS" puts into a location: its name and coordinates (WGS 84). */
export const monitoringLocationSchema = z.object({
  monitoring_location_id: z.string(),
  location_name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  site_type: z.string().nullable(),
  state_name: z.string().nullable(),
});
export type MonitoringLocation = z.infer<typeof monitoringLocationSchema>;

/** POST /api/import-data-sources/move-to-water-data-api: which sources to move (none listed = every WaterServices source). */
export const moveToWaterDataBodySchema = z
  .strictObject(
    {
      import_ndx: z
        .array(
          z.number({ error: 'import_ndx must list whole numbers' }).int('import_ndx must list whole numbers').positive().max(2_147_483_647),
          {
            error: 'import_ndx must be a list of import numbers',
          },
        )
        .max(10_000, 'import_ndx may list at most 10000 sources')
        .optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field(s): ${iss.keys.join(', ')}` : undefined) },
  )
  .nullish()
  .transform((v) => v ?? {});

export const moveToWaterDataResultSchema = z.object({
  moved: z.array(
    z.object({
      import_ndx: z.number().int(),
      source_site_id: z.string(),
      source_site_metadata: z.string(),
      /** The high-water mark the next run continues from (kept as it was). */
      imported_through: z.string().nullable(),
    }),
  ),
  /** Sources that could not be moved, with the reason (e.g. metadata without a parameter code). */
  not_moved: z.array(z.object({ import_ndx: z.number().int(), message: z.string() })),
});
export type MoveToWaterDataResult = z.infer<typeof moveToWaterDataResultSchema>;

/** The notice shown at start-up and on the Imports page while enabled sources still use WaterServices. */
export function waterServicesNotice(enabledSources: number): string {
  const sources = enabledSources === 1 ? '1 enabled import source still uses' : `${enabledSources} enabled import sources still use`;
  return `${sources} USGS WaterServices. ${WATER_SERVICES_RETIREMENT_TEXT}; from then on ${enabledSources === 1 ? 'it imports' : 'they import'} nothing. Move ${enabledSources === 1 ? 'it' : 'them'} with "Move to the Water Data API" on the Imports Configuration page.`;
}
