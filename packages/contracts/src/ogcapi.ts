import { z } from 'zod';

/**
 * The open data API (OGC API - Features at /ogcapi): collection ids and property names are those
 * of USGS's Water Data API, so a client written for USGS works here by changing the base URL.
 */

/** The collections of the open data API, in the order its collections document lists them. */
export const OGC_COLLECTION_IDS = [
  'monitoring-locations',
  'time-series-metadata',
  'latest-continuous',
  'latest-daily',
  'continuous',
  'daily',
] as const;

const CRS84_URI = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

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
/** ISO 8601 durations of days, weeks and times of day (P7D, PT12H, P1DT6H, P2W); months and years vary in length and are not taken. */
const DURATION = /^P(?:(\d{1,5})W|(?:(\d{1,5})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,8})M)?(?:(\d{1,9})S)?)?)$/i;
/** Years the API reads: 0001 to 9999 (PostgreSQL has no year 0000). */
export const OGC_FIRST_YEAR = 1;

function isRealDate(text: string): boolean {
  if (Number(text.slice(0, 4)) < OGC_FIRST_YEAR) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(-24, -14) === text;
}

/** Milliseconds of an ISO 8601 duration of weeks, days, hours, minutes and seconds; null when it is not one. */
export function ogcDurationMs(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m || text.toUpperCase() === 'P' || text.toUpperCase().endsWith('T')) return null;
  const [, w, d, h, min, s] = m.map((x) => (x === undefined ? 0 : Number(x)));
  const ms = ((((w * 7 + d) * 24 + h) * 60 + min) * 60 + s) * 1000;
  return ms > 0 ? ms : null;
}

function parseBound(text: string, ctx: z.RefinementCtx): OgcTimeBound | undefined {
  if (text === '' || text === '..') return null;
  if (DATE.test(text) && isRealDate(text)) return { date: text };
  if (INSTANT.test(text) && isRealDate(text.slice(0, 10)) && Number.isFinite(Date.parse(text))) {
    const at = new Date(text);
    if (at.getUTCFullYear() >= OGC_FIRST_YEAR && at.getUTCFullYear() <= 9999) return { instant: at.toISOString() };
  }
  ctx.addIssue({
    code: 'custom',
    message: `"${text.slice(0, 40)}" is not a date (YYYY-MM-DD, years 0001 to 9999) or an instant with a time zone (2026-03-07T18:00:00Z)`,
  });
  return undefined;
}

/**
 * `datetime` (and USGS's `time`): an instant or date, an interval `start/end` where `..` or
 * nothing leaves an end open, or a duration (P7D, PT12H): the period of that length ending now.
 */
export const ogcDatetimeSchema = z
  .string()
  .max(100)
  .transform((text, ctx): OgcInterval => {
    const duration = ogcDurationMs(text);
    if (duration !== null) return { start: { instant: new Date(Date.now() - duration).toISOString() }, end: null };
    const parts = text.split('/');
    if (parts.length > 2 || text === '' || text === '/' || text === '../..') {
      ctx.addIssue({
        code: 'custom',
        message: 'expected an instant, a date, an interval start/end (.. for an open end) or a duration such as P7D',
      });
      return z.NEVER;
    }
    if (parts.length === 1) {
      if (parts[0] === '..' || /^P/i.test(parts[0])) {
        ctx.addIssue({
          code: 'custom',
          message:
            'expected an instant, a date, an interval start/end (.. for an open end) or a duration of weeks, days or hours (P7D, PT12H)',
        });
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

/** A comma list of ids as given (AGENCY-SITE, bare numbers or USGS parameter codes); what each names is the server's to read. */
const idList = (what: string) =>
  z
    .string()
    .max(8000)
    .transform((text, ctx) => {
      const items = text.split(',').map((s) => s.trim());
      if (items.length > OGC_MAX_LIST_IDS) {
        ctx.addIssue({ code: 'custom', message: `at most ${OGC_MAX_LIST_IDS} ${what} at once` });
        return z.NEVER;
      }
      const bad = items.find((s) => !/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/.test(s));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 40)}" is not one of the ${what} (a comma list such as RWSD-12,RWSD-14)` });
        return z.NEVER;
      }
      return [...new Set(items)];
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
    f: z.enum(['json', 'geojson', 'csv', 'html']).optional().describe('json (GeoJSON, the default), csv, or html (a page for people)'),
    lang: z.string().max(20).optional().describe('Ignored: answers are in English'),
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
    id: idList('feature ids').optional().describe('Comma list of feature ids (monitoring-locations: AGENCY-SITE, e.g. RWSD-12)'),
    monitoring_location_id: idList('monitoring location ids')
      .optional()
      .describe('Comma list of monitoring location ids, AGENCY-SITE (RWSD-12); the bare site number (12) too'),
    parameter_code: idList('parameter codes')
      .optional()
      .describe("Comma list of USGS parameter codes (00060); a parameter without one by the portal's parameter number"),
    filter: z.string().max(8000).optional().describe('A CQL2 filter on the queryables (filter-lang cql2-text, the default, or cql2-json)'),
    'filter-lang': z.enum(['cql2-text', 'cql2-json']).optional().describe('The language of filter: cql2-text (default) or cql2-json'),
    'filter-crs': z.literal(CRS84_URI).optional().describe('Only CRS84'),
    properties: z
      .string()
      .max(2000)
      .transform((text) => text.split(',').map((s) => s.trim()))
      .optional()
      .describe('Comma list of the properties to return (default: all)'),
    skipGeometry: booleanText.optional().describe('true: features without geometry'),
  })
  // Any other parameter names a queryable property of the collection (statistic_id=00011); the
  // server refuses a name the collection does not have.
  .catchall(z.string().max(8000));
export type OgcItemsQuery = z.output<typeof ogcItemsQuerySchema>;

/** Landing page, conformance, collections and their documents take f=json, and f=html where a page for people exists. */
export const ogcFormatQuerySchema = z
  .object({
    f: z.enum(['json', 'html']).optional().describe('json (the default) or html (a page for people)'),
    lang: z.string().max(20).optional(),
  })
  .strict();
/** The OpenAPI document, queryables and schema: JSON documents for programs, f=json only. */
export const ogcJsonOnlyQuerySchema = z.object({ f: z.enum(['json']).optional(), lang: z.string().max(20).optional() }).strict();
/** A single feature: f=json or f=csv, with properties and skipGeometry as for items. */
export const ogcItemQuerySchema = ogcItemsQuerySchema.pick({ f: true, properties: true, skipGeometry: true }).strict();

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
export const ogcConformanceSchema = z.object({ conformsTo: z.array(z.string()), links: z.array(ogcLinkSchema).optional() });
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
