import { GRAPH_PATHS, PUBLIC_LOCATIONS_SOURCE_ID, QUERY_DOWNLOAD_INTERVALS, TS_COMPARE_DATA_PATHS } from '@portal/contracts';
import { fx } from './access-fixture';

type Json = { [k: string]: unknown };
/** A route that reads location or facility data, and how to tell whether its answer holds a target. */
export interface DataRoute {
  method: 'GET' | 'POST';
  /** The route template exactly as registered (checked against the app's declared routes). */
  template: string;
  kind: 'location' | 'facility';
  /** item: 200 with the row, or 404; list: 200, with or without the row. */
  shape: 'item' | 'list';
  body?: (ndx: number) => unknown;
  /** Whether the answer carries the target's data. */
  holds: (res: { json: () => unknown; body: string }, ndx: number) => boolean;
  /** Maps and reports list map locations only: an excluded location is never in them (decisions 0004, 0009). */
  mapOnly?: boolean;
  /** The list is the anonymous map whoever asks (public-locations). */
  asRow?: string;
  /** The URL for a target when the target is not the template's last path parameter. */
  url?: (ndx: number) => string;
}

const DAY = { startDate: '2026-03-07', endDate: '2026-03-07' };
const ndxIn = (rows: unknown, key: string, ndx: number) => Array.isArray(rows) && rows.some((r: Json) => r[key] === ndx);
const featureIn = (fc: { features?: { id: unknown }[] } | undefined, ndx: number) => (fc?.features ?? []).some((f) => f.id === ndx);
const locationList = (template: string): DataRoute => ({
  method: 'GET',
  template,
  kind: 'location',
  shape: 'list',
  holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
});
const facilityList = (template: string): DataRoute => ({
  method: 'GET',
  template,
  kind: 'facility',
  shape: 'list',
  holds: (res, ndx) => ndxIn(res.json(), 'facility_ndx', ndx),
});
const facilityItem = (template: string): DataRoute => ({
  method: 'GET',
  template,
  kind: 'facility',
  shape: 'item',
  holds: (res, ndx) => (res.json() as Json).facility_ndx === ndx,
});

/** Graphs, the locations list and Time Series Comparisons. */
export const TIME_SERIES_ROUTES: DataRoute[] = [
  ...Object.values(GRAPH_PATHS).map((p): DataRoute => ({
    method: 'POST',
    template: `/api/${p}/:id`,
    kind: 'location',
    shape: 'item',
    body: () => ({ ...DAY, interval: '15min' }),
    holds: (res, ndx) => (res.json() as { location: { location_ndx: number }; rows: unknown[] }).location.location_ndx === ndx,
  })),
  locationList('/api/list-locations/:ids'),
  locationList('/api/ts-compare-dropdown-locations-assoc'),
  ...Object.values(TS_COMPARE_DATA_PATHS).map((p): DataRoute => ({
    method: 'GET',
    template: `/api/${p}/:parameter/:locations/:startDate/:endDate`,
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/api/${p}/${fx.parameter.level}/${ndx}/${DAY.startDate}/${DAY.endDate}`,
    holds: (res, ndx) => (res.json() as { series: { location_ndx: number; total: number }[] }).series[0]?.location_ndx === ndx,
  })),
  {
    method: 'GET',
    template: '/api/series-normals/:id/band',
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/api/series-normals/${ndx}/band?type=flow&startDate=${DAY.startDate}&endDate=${DAY.endDate}`,
    holds: (res, ndx) => (res.json() as { location_ndx: number }).location_ndx === ndx,
  },
];

/** The public map's feeds and popups, and the map-based reports. */
export const PUBLIC_MAP_ROUTES: DataRoute[] = [
  {
    method: 'GET',
    template: '/api/public-map/sources',
    kind: 'location',
    shape: 'list',
    mapOnly: true,
    asRow: 'Anonymous',
    holds: (res, ndx) =>
      featureIn(
        (res.json() as { id: string; data: { features: { id: unknown }[] } }[]).find((s) => s.id === PUBLIC_LOCATIONS_SOURCE_ID)?.data,
        ndx,
      ),
  },
  {
    method: 'GET',
    template: '/api/public-map/united',
    kind: 'location',
    shape: 'list',
    mapOnly: true,
    holds: (res, ndx) => featureIn((res.json() as { data: never }).data, ndx),
  },
  // A popup's properties follow its feed: public-locations is the anonymous map whoever asks.
  {
    method: 'GET',
    template: '/api/public-map/public-locations/:locationNdx',
    kind: 'location',
    shape: 'item',
    mapOnly: true,
    asRow: 'Anonymous',
    holds: (res, ndx) => (res.json() as { properties: Json }).properties.location_ndx === ndx,
  },
  {
    method: 'GET',
    template: '/api/public-map/united/:locationNdx',
    kind: 'location',
    shape: 'item',
    mapOnly: true,
    holds: (res, ndx) => (res.json() as { properties: Json }).properties.location_ndx === ndx,
  },
  { ...locationList('/api/display-batteries-last7days-stats'), mapOnly: true },
  { ...locationList('/api/reports-site-param-summary-united-stations'), mapOnly: true },
];

/** Facility pages: the facility list, summary, dashboard widgets, tables, graphs and trigger elevations. */
export const FACILITY_ROUTES: DataRoute[] = [
  facilityList('/api/display-list-facilities'),
  facilityItem('/api/display-list-facilities/:ndx'),
  facilityItem('/api/facility-summary/:ndx'),
  ...[
    'lastfew',
    'monthly',
    'ytd',
    'pctfull',
    'eccv-current-totals',
    'eccv-current-values-by-well/graph',
    'eccv-current-values-by-well/table',
  ].map((w): DataRoute => ({
    method: 'GET',
    template: `/api/get-display-facility/${w}/:facilityNdx`,
    kind: 'facility',
    shape: 'item',
    holds: (res) => res.json() !== null,
  })),
  ...(['daily', '15min'] as const).flatMap((interval): DataRoute[] => [
    {
      method: 'GET',
      template: `/api/get-display-facility/table-${interval}/:ndx/:startDate/:endDate`,
      kind: 'facility',
      shape: 'item',
      url: (ndx) => `/api/get-display-facility/table-${interval}/${ndx}/${DAY.startDate}/${DAY.endDate}`,
      holds: (res, ndx) =>
        (res.json() as { facility_ndx: number; columns: unknown[] }).columns.length > 0 && (res.json() as Json).facility_ndx === ndx,
    },
    {
      method: 'GET',
      template: `/api/get-display-facility/graph-${interval}/:ndx/:startDate/:endDate/:locations`,
      kind: 'facility',
      shape: 'item',
      // The authorised facility holds the excluded location A, the other one the public location.
      url: (ndx) => `/api/get-display-facility/graph-${interval}/${ndx}/${DAY.startDate}/${DAY.endDate}/${graphLocation(ndx)}`,
      holds: (res, ndx) => (res.json() as { groups: { location_ndx: number }[] }).groups[0]?.location_ndx === graphLocation(ndx),
    },
  ]),
  {
    method: 'GET',
    template: '/api/facility-trigger-elevations/:ndx',
    kind: 'facility',
    shape: 'item',
    holds: (res) => Array.isArray(res.json()),
  },
];
const graphLocation = (facilityNdx: number) => (facilityNdx === fx.fac.authorised ? fx.loc.excludedAuthorised : fx.loc.public);

/** Query & Download: its facility list and the data downloads. */
export const QUERY_DOWNLOAD_ROUTES: DataRoute[] = [
  facilityList('/api/facility-query-download/list-facilities-with-types'),
  ...QUERY_DOWNLOAD_INTERVALS.map((interval): DataRoute => ({
    method: 'POST',
    template: `/api/facility-query-download/data-${interval}`,
    kind: 'facility',
    shape: 'item',
    body: (ndx) => ({ facilities: [ndx], parameterGroups: [fx.parameterGroup], ...DAY }),
    holds: (res, ndx) => res.body.includes(ndx === fx.fac.authorised ? fx.facilityName.authorised : fx.facilityName.other),
  })),
];

/** Locations Setup and Facilities Setup (administrators only; decision 0016) read through the same predicates. */
export const SYSTEM_MANAGEMENT_ROUTES: DataRoute[] = [
  ...['/api/data-list-locations', '/api/sys-mgmt-locations-toptable', '/api/locations-map', '/api/list-locations-united-only'].map(
    locationList,
  ),
  {
    method: 'GET',
    template: '/api/data-list-locations/:id',
    kind: 'location',
    shape: 'item',
    holds: (res, ndx) => (res.json() as Json).location_ndx === ndx,
  },
  ...['/api/data-list-facilities', '/api/list-facilities-with-types'].map(facilityList),
  facilityItem('/api/data-list-facilities/:id'),
];

/** The home dashboard's graph and the Mobile Tracker reports. */
export const DASHBOARD_ROUTES: DataRoute[] = [
  {
    ...locationList('/api/display-dashgraph-data-hourly/:parameter/:hours'),
    url: () => `/api/display-dashgraph-data-hourly/${fx.parameter.level}/0`,
  },
  ...['available-flow-calcs-formulas', 'available-flow-calcs-notes'].map((p) => locationList(`/api/display-mobile/${p}`)),
  ...['wells', 'lastreport'].map((p) => facilityList(`/api/display-mobile/${p}`)),
];

/** A location's id in the open data API: the default agency code and its number (a bare number names it too). */
const ogcLocationId = (ndx: number) => `RWSD-${ndx}`;

/** The open data API (decisions 0027, 0042): unreadable locations are absent from pages and 404 as features. */
const OGC_COLLECTIONS = [
  'monitoring-locations',
  'time-series-metadata',
  'latest-continuous',
  'latest-daily',
  'continuous',
  'daily',
] as const;

/** Whether a page holds the location: as a monitoring location's feature, or in the values' monitoring_location_id. */
const ogcPageHolds = (collection: string) => (res: { json: () => unknown }, ndx: number) =>
  (res.json() as { features: { id: string; properties: Json }[] }).features.some((f) =>
    collection === 'monitoring-locations' ? f.id === ogcLocationId(ndx) : f.properties.monitoring_location_id === ogcLocationId(ndx),
  );

/** The open data API's location routes under one of its roots (/ogcapi, and /ogcapi/v0 where USGS's clients look). */
const ogcRoutesUnder = (root: '/ogcapi' | '/ogcapi/v0'): DataRoute[] => [
  {
    method: 'GET',
    template: `${root}/collections/:collectionId/items/:featureId`,
    kind: 'location',
    shape: 'item',
    url: (ndx) => `${root}/collections/monitoring-locations/items/${ogcLocationId(ndx)}`,
    holds: (res, ndx) => (res.json() as Json).id === ogcLocationId(ndx),
  },
  ...OGC_COLLECTIONS.map((collection): DataRoute => ({
    method: 'GET',
    template: `${root}/collections/:collectionId/items`,
    kind: 'location',
    shape: 'list',
    url: (ndx) => `${root}/collections/${collection}/items?monitoring_location_id=${ogcLocationId(ndx)}`,
    holds: ogcPageHolds(collection),
  })),
  ...OGC_COLLECTIONS.map((collection): DataRoute => ({
    method: 'POST',
    template: `${root}/collections/:collectionId/items`,
    kind: 'location',
    shape: 'list',
    url: () => `${root}/collections/${collection}/items`,
    body: (ndx) => ({ op: '=', args: [{ property: 'monitoring_location_id' }, ogcLocationId(ndx)] }),
    holds: ogcPageHolds(collection),
  })),
];

/** The open data API (decisions 0027, 0042): unreadable locations are absent from pages and 404 as features. */
export const OGCAPI_ROUTES: DataRoute[] = [
  // A bare location number still names the location, as it did before agency codes.
  {
    method: 'GET',
    template: '/ogcapi/collections/:collectionId/items/:featureId',
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/ogcapi/collections/monitoring-locations/items/${ndx}`,
    holds: (res, ndx) => (res.json() as Json).id === ogcLocationId(ndx),
  },
  ...ogcRoutesUnder('/ogcapi'),
];

/** The same under /ogcapi/v0, checked in a file of its own (the open data API's rate limit counts per caller). */
export const OGCAPI_V0_ROUTES: DataRoute[] = ogcRoutesUnder('/ogcapi/v0');

/** Data review's reads of one series (All Data Users, Administrators and Developers). */
const REVIEW_RANGE = 'start=2026-03-07T00:00:00Z&end=2026-03-08T12:00:00Z';
export const DATA_REVIEW_ROUTES: DataRoute[] = [
  {
    method: 'GET',
    template: '/api/data-review/series/:locationNdx/:parameterNdx',
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/api/data-review/series/${ndx}/${fx.parameter.level}?${REVIEW_RANGE}`,
    holds: (res, ndx) => (res.json() as Json).location_ndx === ndx && ((res.json() as { rows: unknown[] }).rows ?? []).length > 0,
  },
  {
    method: 'GET',
    template: '/api/data-review/series/:locationNdx/:parameterNdx/edits',
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/api/data-review/series/${ndx}/${fx.parameter.level}/edits`,
    holds: (res) => Array.isArray((res.json() as Json).edits),
  },
];

export const DATA_ROUTES: DataRoute[] = [
  ...TIME_SERIES_ROUTES,
  ...PUBLIC_MAP_ROUTES,
  ...FACILITY_ROUTES,
  ...QUERY_DOWNLOAD_ROUTES,
  ...SYSTEM_MANAGEMENT_ROUTES,
  ...DASHBOARD_ROUTES,
  ...OGCAPI_ROUTES,
  ...OGCAPI_V0_ROUTES,
  ...DATA_REVIEW_ROUTES,
];

/**
 * Routes with a path parameter that read no location, facility or series data. A new
 * parameterised route fails the coverage test until it is added to a family above or here.
 */
export const NOT_LOCATION_DATA = [
  /^\/api\/import-data-sources\//, // administrators only; import configuration
  /^\/api\/(alerts-management-table|list-groups|list-contacts|assoc-contacts-groups)\//, // administrators only; alert configuration
  /^\/api\/basemaps\//,
  // administrators' writes of Locations Setup, Facilities Setup and the associations (their GETs are covered above)
  /^\/api\/data-list-(locations|facilities)\/:id$/,
  /^\/api\/assoc-locations-facilities\/:id$/,
  /^\/api\/users-management\//, // accounts, roles and landing pages; no location or facility data
  /^\/api\/list[-_][a-z-_]+\/:id$/, // reference lookups: covered below by the lookup test
  /^\/api\/list-parameters\/:ids$/, // parameters are reference data
  /^\/ogcapi(\/v0)?\/collections\/:collectionId(\/queryables|\/schema)?$/, // collection documents: names, filters and the extent of what the caller reads
  /^\/api\/account\/api-keys\/:id$/, // the caller's own API keys
  /^\/api\/parameter-codes\/:parameterNdx$/, // administrators only; parameters are reference data
  /^\/api\/data-review\/series\/:locationNdx\/:parameterNdx\/edits$/, // POST: a change, Administrators and Developers only (the GET is covered above)
  /^\/api\/data-review\/edits\/:editId\/undo$/, // Administrators and Developers only; a change's number
  /^\/api\/data-review\/parameter-checks\/:parameterNdx$/, // Administrators and Developers only; parameters are reference data
];
