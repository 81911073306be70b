import { z } from 'zod';

/**
 * The open data API (OGC API - Features at /ogcapi): collection ids and property names are those
 * of USGS's Water Data API, so a client written for USGS works here by changing the base URL.
 */

export const OGC_COLLECTION_IDS = ['monitoring-locations', 'time-series-metadata', 'latest-continuous', 'continuous', 'daily'] as const;
export type OgcCollectionId = (typeof OGC_COLLECTION_IDS)[number];

/** Each collection's feature properties, in the order the JSON and the CSV write them. */
export const OGC_PROPERTIES: Record<OgcCollectionId, readonly string[]> = {
  'monitoring-locations': [
    'monitoring_location_number',
    'monitoring_location_name',
    'monitoring_location_label',
    'location_type',
    'facility',
    'waterbody_name',
    'county_name',
    'hydrologic_unit_name',
    'reporting_status',
    'last_report',
    'most_recent_measurements',
  ],
  'time-series-metadata': [
    'monitoring_location_id',
    'parameter_code',
    'parameter_name',
    'unit_of_measure',
    'statistic_id',
    'computation_identifier',
    'computation_period_identifier',
    'begin',
    'end',
  ],
  'latest-continuous': [
    'time_series_id',
    'monitoring_location_id',
    'parameter_code',
    'statistic_id',
    'time',
    'value',
    'unit_of_measure',
    'approval_status',
    'qualifier',
  ],
  continuous: [
    'time_series_id',
    'monitoring_location_id',
    'parameter_code',
    'statistic_id',
    'time',
    'value',
    'unit_of_measure',
    'approval_status',
    'qualifier',
    'last_modified',
  ],
  daily: [
    'time_series_id',
    'monitoring_location_id',
    'parameter_code',
    'statistic_id',
    'time',
    'value',
    'min',
    'max',
    'count',
    'unit_of_measure',
    'approval_status',
    'qualifier',
  ],
};

/** The JSON Schema type of each property (queryables and the OpenAPI description). */
export const OGC_PROPERTY_TYPES: Record<string, { type: string | string[]; format?: string; items?: { type: string } }> = {
  monitoring_location_number: { type: 'string' },
  monitoring_location_name: { type: 'string' },
  monitoring_location_label: { type: 'string' },
  location_type: { type: 'string' },
  facility: { type: 'array', items: { type: 'string' } },
  waterbody_name: { type: ['string', 'null'] },
  county_name: { type: ['string', 'null'] },
  hydrologic_unit_name: { type: ['string', 'null'] },
  reporting_status: { type: ['string', 'null'] },
  last_report: { type: ['string', 'null'], format: 'date-time' },
  most_recent_measurements: { type: 'array', items: { type: 'string' } },
  monitoring_location_id: { type: 'string' },
  parameter_code: { type: 'string' },
  parameter_name: { type: 'string' },
  unit_of_measure: { type: ['string', 'null'] },
  statistic_id: { type: 'string' },
  computation_identifier: { type: 'string' },
  computation_period_identifier: { type: 'string' },
  begin: { type: 'string' },
  end: { type: 'string' },
  time_series_id: { type: 'string' },
  time: { type: 'string' },
  value: { type: 'string' },
  min: { type: 'string' },
  max: { type: 'string' },
  count: { type: 'integer' },
  approval_status: { type: 'string' },
  qualifier: { type: ['array', 'null'], items: { type: 'string' } },
  last_modified: { type: 'string', format: 'date-time' },
};

/** The query parameters each collection filters on besides limit, cursor, properties, skipGeometry and f. */
export const OGC_FILTERS: Record<OgcCollectionId, readonly ('bbox' | 'monitoring_location_id' | 'parameter_code' | 'datetime')[]> = {
  'monitoring-locations': ['bbox', 'monitoring_location_id'],
  'time-series-metadata': ['bbox', 'monitoring_location_id', 'parameter_code'],
  'latest-continuous': ['bbox', 'monitoring_location_id', 'parameter_code', 'datetime'],
  continuous: ['bbox', 'monitoring_location_id', 'parameter_code', 'datetime'],
  daily: ['bbox', 'monitoring_location_id', 'parameter_code', 'datetime'],
};

export const OGC_DEFAULT_LIMIT = 10_000;
export const OGC_MAX_LIMIT = 50_000;
/** Ids a comma list may name at once. */
export const OGC_MAX_LIST_IDS = 200;

/** A calendar date (the district's day) or an instant with a time zone offset; null = open. */
export type OgcTimeBound = { date: string } | { instant: string } | null;
export interface OgcInterval {
  start: OgcTimeBound;
  end: OgcTimeBound;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/i;

function isRealDate(text: string): boolean {
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function parseBound(text: string, ctx: z.RefinementCtx): OgcTimeBound | undefined {
  if (text === '' || text === '..') return null;
  if (DATE.test(text) && isRealDate(text)) return { date: text };
  if (INSTANT.test(text) && isRealDate(text.slice(0, 10)) && Number.isFinite(Date.parse(text))) {
    return { instant: new Date(text).toISOString() };
  }
  ctx.addIssue({
    code: 'custom',
    message: `"${text.slice(0, 40)}" is not a date (YYYY-MM-DD) or an instant with a time zone (2026-03-07T18:00:00Z)`,
  });
  return undefined;
}

/** `datetime` (and USGS's `time`): an instant or date, or an interval `start/end` where `..` or nothing leaves an end open. */
export const ogcDatetimeSchema = z
  .string()
  .max(100)
  .transform((text, ctx): OgcInterval => {
    const parts = text.split('/');
    if (parts.length > 2 || text === '' || text === '/' || text === '../..') {
      ctx.addIssue({ code: 'custom', message: 'expected an instant, a date or an interval start/end (.. for an open end)' });
      return z.NEVER;
    }
    if (parts.length === 1) {
      if (parts[0] === '..') {
        ctx.addIssue({ code: 'custom', message: 'expected an instant, a date or an interval start/end (.. for an open end)' });
        return z.NEVER;
      }
      const at = parseBound(parts[0], ctx);
      return at === undefined ? z.NEVER : { start: at, end: at };
    }
    const start = parseBound(parts[0], ctx);
    const end = parseBound(parts[1], ctx);
    if (start === undefined || end === undefined) return z.NEVER;
    return { start, end };
  });

const positiveIdList = (what: string) =>
  z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      const items = text.split(',').map((s) => s.trim());
      if (items.length > OGC_MAX_LIST_IDS) {
        ctx.addIssue({ code: 'custom', message: `at most ${OGC_MAX_LIST_IDS} ${what} at once` });
        return z.NEVER;
      }
      const bad = items.find((s) => !/^[1-9]\d{0,8}$/.test(s));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad.slice(0, 40)}" is not a ${what.replace(/s$/, '')} (a comma list of whole numbers)`,
        });
        return z.NEVER;
      }
      return [...new Set(items.map(Number))];
    });

/** bbox=minLon,minLat,maxLon,maxLat in WGS 84 degrees (six numbers: the heights are ignored). */
export const ogcBboxSchema = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const n = text.split(',').map((s) => (s.trim() === '' ? NaN : Number(s)));
    if ((n.length !== 4 && n.length !== 6) || n.some((x) => !Number.isFinite(x))) {
      ctx.addIssue({ code: 'custom', message: 'expected four numbers minLon,minLat,maxLon,maxLat' });
      return z.NEVER;
    }
    const [minLon, minLat, maxLon, maxLat] = n.length === 6 ? [n[0], n[1], n[3], n[4]] : n;
    if (minLat > maxLat || minLat < -90 || maxLat > 90 || minLon < -180 || maxLon > 180 || minLon > maxLon) {
      ctx.addIssue({ code: 'custom', message: 'expected longitudes -180..180 and latitudes -90..90, each minimum not above its maximum' });
      return z.NEVER;
    }
    return { minLon, minLat, maxLon, maxLat };
  });

const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The query of /ogcapi/collections/{id}/items. Unknown parameters are refused (400), so a typo is never silently ignored. */
export const ogcItemsQuerySchema = z
  .object({
    f: z.enum(['json', 'geojson', 'csv']).optional().describe('json (GeoJSON, the default) or csv'),
    limit: z
      .string()
      .regex(/^\d{1,6}$/, 'a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(OGC_MAX_LIMIT))
      .optional()
      .describe(`Features per page, 1 to ${OGC_MAX_LIMIT.toLocaleString('en-US')} (default ${OGC_DEFAULT_LIMIT.toLocaleString('en-US')})`),
    cursor: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, 'a cursor from a next link')
      .optional()
      .describe('Where the page starts: copy it from the links of rel "next"'),
    bbox: ogcBboxSchema.optional().describe('minLon,minLat,maxLon,maxLat (WGS 84)'),
    datetime: ogcDatetimeSchema
      .optional()
      .describe('An instant, a date (the district calendar day) or an interval start/end; .. leaves an end open'),
    time: ogcDatetimeSchema.optional().describe('USGS name for datetime'),
    monitoring_location_id: positiveIdList('monitoring location ids').optional().describe('Comma list of location ids'),
    parameter_code: positiveIdList('parameter codes').optional().describe('Comma list of parameter codes'),
    properties: z
      .string()
      .max(2000)
      .transform((text) => text.split(',').map((s) => s.trim()))
      .optional()
      .describe('Comma list of the properties to return (default: all)'),
    skipGeometry: booleanText.optional().describe('true: features without geometry'),
  })
  .strict();
export type OgcItemsQuery = z.output<typeof ogcItemsQuerySchema>;

/** Landing page, conformance, collections and single features take only f=json. */
export const ogcFormatQuerySchema = z.object({ f: z.enum(['json']).optional() }).strict();
/** A single feature: f=json or f=csv, with properties and skipGeometry as for items. */
export const ogcItemQuerySchema = ogcItemsQuerySchema.pick({ f: true, properties: true, skipGeometry: true });

export const ogcCollectionParamsSchema = z.object({ collectionId: z.string().max(100) });
export const ogcItemParamsSchema = z.object({ collectionId: z.string().max(100), featureId: z.string().max(100) });

/** The OGC exception shape of every /ogcapi error. */
export const ogcExceptionSchema = z.object({
  code: z.string().describe('e.g. InvalidParameterValue, NotFound'),
  description: z.string().describe('Readable explanation for the client'),
});
export type OgcException = z.infer<typeof ogcExceptionSchema>;

export const ogcLinkSchema = z.object({
  href: z.string(),
  rel: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
});

export const ogcLandingPageSchema = z.object({ title: z.string(), description: z.string(), links: z.array(ogcLinkSchema) });
export const ogcConformanceSchema = z.object({ conformsTo: z.array(z.string()) });
export const ogcCollectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  itemType: z.literal('feature'),
  crs: z.array(z.string()),
  extent: z.object({
    spatial: z.object({ bbox: z.array(z.array(z.number())), crs: z.string() }),
    temporal: z.object({ interval: z.array(z.array(z.string().nullable())), trs: z.string() }),
  }),
  links: z.array(ogcLinkSchema),
});
export const ogcCollectionsSchema = z.object({ collections: z.array(ogcCollectionSchema), links: z.array(ogcLinkSchema) });
export type OgcCollection = z.infer<typeof ogcCollectionSchema>;
