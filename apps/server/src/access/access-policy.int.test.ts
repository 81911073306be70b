import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GRAPH_PATHS,
  LOOKUP_NAMES,
  PUBLIC_LOCATIONS_SOURCE_ID,
  QUERY_DOWNLOAD_INTERVALS,
  ROLE_NAMES,
  TS_COMPARE_DATA_PATHS,
  type RoleName,
} from '@portal/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { RouteAccess } from '../tokens/guard';
import { LOOKUP_ITEMS_AS_LISTS } from '../modules/lookups/lookups.routes';
import { ingestObservations } from '../modules/timeseries/ingest';

/*
 * The access table of decision 0012 is the test's only source of expectations: it is parsed
 * here, and every data route is called as every caller of the table for a public, a private and
 * an excluded location, and for an authorised and another facility. Where the route's declared
 * guard (config.access) answers first, 401/403 is expected instead.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const DECISION = path.resolve(here, '../../../../docs/decisions/0012-access-policy.md');

type Column = 'public' | 'private' | 'excluded' | 'authorisedFacility' | 'otherFacility';
type Cell = 'read' | 'none' | 'read-if-authorised';
interface Identity {
  label: string;
  /** null: no token at all. */
  roles: RoleName[] | null;
  cells: Record<Column, Cell>;
}

const COLUMNS: Record<string, Column> = {
  'public location': 'public',
  'private location': 'private',
  'location excluded from the map': 'excluded',
  'facility the user is authorised for': 'authorisedFacility',
  'other facility': 'otherFacility',
};
const CELLS: Record<string, Cell> = { read: 'read', '—': 'none', 'read if in an authorised facility': 'read-if-authorised' };

function identityRoles(label: string): RoleName[] | null {
  if (label === 'Anonymous') return null;
  if (label === 'Signed in, no role') return [];
  if ((ROLE_NAMES as readonly string[]).includes(label)) return [label as RoleName];
  throw new Error(`Unknown caller in the access table: "${label}"`);
}

/** Parses the markdown table of decision 0012; anything it does not understand fails the test. */
function parseAccessTable(markdown: string): Identity[] {
  const lines = markdown.split('\n').map((l) => l.trim());
  const start = lines.findIndex((l) => /^\|\s*Caller\s*\|/.test(l));
  if (start < 0) throw new Error('No access table (a row whose first cell is "Caller") in decision 0012');
  const split = (l: string) =>
    l
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) => c.trim());
  const header = split(lines[start])
    .slice(1)
    .map((h) => {
      const column = COLUMNS[h.toLowerCase()];
      if (!column) throw new Error(`Unknown column in the access table: "${h}"`);
      return column;
    });
  const identities: Identity[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [label, ...cells] = split(line);
    if (cells.length !== header.length) throw new Error(`Row "${label}" has ${cells.length} cells, expected ${header.length}`);
    const parsed = {} as Record<Column, Cell>;
    cells.forEach((c, i) => {
      const cell = CELLS[c];
      if (!cell) throw new Error(`Unknown cell "${c}" in row "${label}"`);
      parsed[header[i]] = cell;
    });
    identities.push({ label, roles: identityRoles(label), cells: parsed });
  }
  return identities;
}

const TABLE = parseAccessTable(fs.readFileSync(DECISION, 'utf8'));
const SUB = 'usr_access';
const FAC = { authorised: 1, other: 2 } as const;
/** Locations of the fixture; the excluded ones are one in the authorised facility and one outside it. */
const LOC = { public: 1, private: 2, excludedAuthorised: 3, excludedOther: 4 } as const;

interface Target {
  name: string;
  ndx: number;
  column: Column;
  inAuthorisedFacility: boolean;
}
const LOCATION_TARGETS: Target[] = [
  { name: 'public location', ndx: LOC.public, column: 'public', inAuthorisedFacility: false },
  { name: 'private location', ndx: LOC.private, column: 'private', inAuthorisedFacility: false },
  { name: 'excluded location of the authorised facility', ndx: LOC.excludedAuthorised, column: 'excluded', inAuthorisedFacility: true },
  { name: 'excluded location of another facility', ndx: LOC.excludedOther, column: 'excluded', inAuthorisedFacility: false },
];
const FACILITY_TARGETS: Target[] = [
  { name: 'authorised facility', ndx: FAC.authorised, column: 'authorisedFacility', inAuthorisedFacility: true },
  { name: 'other facility', ndx: FAC.other, column: 'otherFacility', inAuthorisedFacility: false },
];

function mayRead(identity: Identity, target: Target): boolean {
  const cell = identity.cells[target.column];
  if (cell === 'read-if-authorised' && target.column !== 'excluded')
    throw new Error(`"read if ..." only applies to excluded locations (${identity.label})`);
  return cell === 'read' || (cell === 'read-if-authorised' && target.inAuthorisedFacility);
}

/** The guard's answer before any handler (decision 0002), from the route's declared access. */
function guardStatus(access: RouteAccess, roles: RoleName[] | null): number | undefined {
  if (access === 'public') return undefined;
  if (roles === null) return 401;
  if (access === 'authenticated') return undefined;
  return roles.some((r) => access.includes(r)) ? undefined : 403;
}

type Json = { [k: string]: unknown };
interface DataRoute {
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

const DATA_ROUTES: DataRoute[] = [
  ...Object.values(GRAPH_PATHS).map((p): DataRoute => ({
    method: 'POST',
    template: `/api/${p}/:id`,
    kind: 'location',
    shape: 'item',
    body: () => ({ ...DAY, interval: '15min' }),
    holds: (res, ndx) => (res.json() as { location: { location_ndx: number }; rows: unknown[] }).location.location_ndx === ndx,
  })),
  {
    method: 'GET',
    template: '/api/list-locations/:ids',
    kind: 'location',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  },
  {
    method: 'GET',
    template: '/api/ts-compare-dropdown-locations-assoc',
    kind: 'location',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  },
  ...Object.values(TS_COMPARE_DATA_PATHS).map((p): DataRoute => ({
    method: 'GET',
    template: `/api/${p}/:parameter/:locations/:startDate/:endDate`,
    kind: 'location',
    shape: 'item',
    url: (ndx) => `/api/${p}/1/${ndx}/${DAY.startDate}/${DAY.endDate}`,
    holds: (res, ndx) => (res.json() as { series: { location_ndx: number; total: number }[] }).series[0]?.location_ndx === ndx,
  })),
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
  {
    method: 'GET',
    template: '/api/display-batteries-last7days-stats',
    kind: 'location',
    shape: 'list',
    mapOnly: true,
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  },
  {
    method: 'GET',
    template: '/api/reports-site-param-summary-united-stations',
    kind: 'location',
    shape: 'list',
    mapOnly: true,
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  },
  {
    method: 'GET',
    template: '/api/display-list-facilities',
    kind: 'facility',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'facility_ndx', ndx),
  },
  {
    method: 'GET',
    template: '/api/facility-query-download/list-facilities-with-types',
    kind: 'facility',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'facility_ndx', ndx),
  },
  {
    method: 'GET',
    template: '/api/display-list-facilities/:ndx',
    kind: 'facility',
    shape: 'item',
    holds: (res, ndx) => (res.json() as Json).facility_ndx === ndx,
  },
  {
    method: 'GET',
    template: '/api/facility-summary/:ndx',
    kind: 'facility',
    shape: 'item',
    holds: (res, ndx) => (res.json() as Json).facility_ndx === ndx,
  },
  // Locations Setup and Facilities Setup (administrators only; decision 0016) read through the same predicates.
  ...(
    ['/api/data-list-locations', '/api/sys-mgmt-locations-toptable', '/api/locations-map', '/api/list-locations-united-only'] as const
  ).map((template): DataRoute => ({
    method: 'GET',
    template,
    kind: 'location',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  })),
  {
    method: 'GET',
    template: '/api/data-list-locations/:id',
    kind: 'location',
    shape: 'item',
    holds: (res, ndx) => (res.json() as Json).location_ndx === ndx,
  },
  ...(['/api/data-list-facilities', '/api/list-facilities-with-types'] as const).map((template): DataRoute => ({
    method: 'GET',
    template,
    kind: 'facility',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'facility_ndx', ndx),
  })),
  {
    method: 'GET',
    template: '/api/data-list-facilities/:id',
    kind: 'facility',
    shape: 'item',
    holds: (res, ndx) => (res.json() as Json).facility_ndx === ndx,
  },
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
      // Facility 1 holds the excluded location 3, facility 2 the public location 1.
      url: (ndx) => `/api/get-display-facility/graph-${interval}/${ndx}/${DAY.startDate}/${DAY.endDate}/${ndx === FAC.authorised ? 3 : 1}`,
      holds: (res, ndx) =>
        (res.json() as { groups: { location_ndx: number }[] }).groups[0]?.location_ndx === (ndx === FAC.authorised ? 3 : 1),
    },
  ]),
  {
    method: 'GET',
    template: '/api/facility-trigger-elevations/:ndx',
    kind: 'facility',
    shape: 'item',
    holds: (res) => Array.isArray(res.json()),
  },
  ...QUERY_DOWNLOAD_INTERVALS.map((interval): DataRoute => ({
    method: 'POST',
    template: `/api/facility-query-download/data-${interval}`,
    kind: 'facility',
    shape: 'item',
    body: (ndx) => ({ facilities: [ndx], parameterGroups: [1], ...DAY }),
    holds: (res, ndx) => res.body.includes(ndx === FAC.authorised ? 'Authorised Field' : 'Other Field'),
  })),
  {
    method: 'GET',
    template: '/api/display-dashgraph-data-hourly/:parameter/:hours',
    kind: 'location',
    shape: 'list',
    url: () => '/api/display-dashgraph-data-hourly/1/0',
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  },
  ...['available-flow-calcs-formulas', 'available-flow-calcs-notes'].map((p): DataRoute => ({
    method: 'GET',
    template: `/api/display-mobile/${p}`,
    kind: 'location',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'location_ndx', ndx),
  })),
  ...['wells', 'lastreport'].map((p): DataRoute => ({
    method: 'GET',
    template: `/api/display-mobile/${p}`,
    kind: 'facility',
    shape: 'list',
    holds: (res, ndx) => ndxIn(res.json(), 'facility_ndx', ndx),
  })),
];

/**
 * Routes with a path parameter that read no location, facility or series data. A new
 * parameterised route fails the coverage test until it is added to DATA_ROUTES or here.
 */
const NOT_LOCATION_DATA = [
  /^\/api\/import-data-sources\//, // administrators only; import configuration
  /^\/api\/(alerts-management-table|list-groups|list-contacts|assoc-contacts-groups)\//, // administrators only; alert configuration
  /^\/api\/basemaps\//,
  // administrators' writes of Locations Setup, Facilities Setup and the associations (their GETs are covered above)
  /^\/api\/data-list-(locations|facilities)\/:id$/,
  /^\/api\/assoc-locations-facilities\/:id$/,
  /^\/api\/users-management\//, // accounts, roles and landing pages; no location or facility data
  /^\/api\/list[-_][a-z-_]+\/:id$/, // reference lookups: covered below by the lookup test
  /^\/api\/list-parameters\/:ids$/, // parameters are reference data
];

let h: TestApp;
const tokens = new Map<string, string | undefined>();

beforeAll(async () => {
  h = await createTestApp();
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc, united_list_include, mobile_report) values (1, 'Wells', true, 'wells');
    insert into facility (facility_ndx, facility_name, facility_type_ndx) values (1, 'Authorised Field', 1), (2, 'Other Field', 1);
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Well');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte');
    insert into county (county_ndx, county_name) values (1, 'Weld');
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude, is_public, exclude_from_map) values
      (1, 'PUB-1', 'PUB1', 'Public Well', 1, 1, 40.1, -104.7, true, false),
      (2, 'PRIV-1', 'PRIV1', 'Private Well', 1, 1, 40.2, -104.7, false, false),
      (3, 'EXA-1', 'EXA1', 'Excluded Well A', 1, 1, 40.3, -104.7, true, true),
      (4, 'EXB-1', 'EXB1', 'Excluded Well B', 1, 1, 40.4, -104.7, false, true);
    insert into facility_location (facility_ndx, location_ndx) values (1, 3), (2, 1), (2, 2), (2, 4);
    insert into unit (unit_ndx, unit_desc) values (1, 'ft'), (2, 'V');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field) values (1, 'Water Level', 1, 'level_ft'), (2, 'Battery Voltage', 2, null);
    insert into parameter_group (parameter_group_ndx, parameter_group_name) values (1, 'Groundwater');
    insert into parameter_group_member (parameter_group_ndx, parameter_ndx) values (1, 1), (1, 2);
    insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file');
    insert into app_user (user_id, name, nickname, email) values (${sql.lit(SUB)}, 'Access Tester', 'access', 'access@example.org');
    insert into user_facility (user_id, facility_ndx) values (${sql.lit(SUB)}, ${sql.lit(FAC.authorised)});
    insert into flow_calculation (location_ndx, flow_calc_formula, flow_calc_notes) select location_ndx, 'Q = H', 'note' from location;
  `.execute(h.t.db);
  const at = new Date('2026-03-07T18:00:00Z');
  await ingestObservations(
    h.t.db,
    Object.values(LOC).flatMap((l) => [
      { locationNdx: l, parameterNdx: 1, collectTimestamp: at, resultValue: 10 + l, datasrcNdx: 1 },
      { locationNdx: l, parameterNdx: 2, collectTimestamp: at, resultValue: 12.5, datasrcNdx: 1 },
    ]),
  );
  // Every identity shares the subject authorised for facility 1: the table, not the fixture, decides who may open it.
  for (const identity of TABLE)
    tokens.set(identity.label, identity.roles === null ? undefined : await h.tokenFor({ sub: SUB, roles: identity.roles }));
}, 60_000);
afterAll(async () => h?.close());

function declared(method: string, template: string): RouteAccess {
  const route = h.app.declaredAccess.find((r) => r.method === method && r.url === template);
  if (!route) throw new Error(`${method} ${template} is not a registered route`);
  return route.access;
}

async function call(method: 'GET' | 'POST', url: string, label: string, payload?: unknown) {
  const token = tokens.get(label);
  return h.app.inject({ method, url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('decision 0012 access table', () => {
  it('has one row per caller and every column', () => {
    expect(TABLE.map((i) => i.label)).toEqual([
      'Anonymous',
      'Signed in, no role',
      ...['User', 'All Data User', 'Administrator', 'Developer'],
    ]);
    for (const i of TABLE) expect(Object.keys(i.cells).sort()).toEqual(Object.values(COLUMNS).sort());
  });

  it('covers every parameterised route that is not known to be free of location and facility data', () => {
    const covered = new Set(DATA_ROUTES.map((r) => `${r.method} ${r.template}`));
    const uncovered = h.app.declaredAccess
      .filter((r) => r.method !== 'HEAD' && r.url.includes(':'))
      .filter((r) => !covered.has(`${r.method} ${r.url}`) && !NOT_LOCATION_DATA.some((re) => re.test(r.url)))
      .map((r) => `${r.method} ${r.url}`);
    expect(uncovered).toEqual([]);
  });

  for (const route of DATA_ROUTES) {
    describe(`${route.method} ${route.template}`, () => {
      for (const identity of TABLE) {
        it(`as ${identity.label}`, async () => {
          const guard = guardStatus(declared(route.method, route.template), identity.roles);
          const targets = route.kind === 'location' ? LOCATION_TARGETS : FACILITY_TARGETS;
          const reader = route.asRow ? TABLE.find((i) => i.label === route.asRow)! : identity;
          for (const target of targets) {
            const url = route.url?.(target.ndx) ?? route.template.replace(/:[A-Za-z]+$/, String(target.ndx));
            const res = await call(route.method, url, identity.label, route.body?.(target.ndx));
            const readable = mayRead(reader, target) && !(route.mapOnly && target.column === 'excluded');
            const what = `${identity.label} → ${target.name} (${url})`;
            if (guard !== undefined) {
              expect(res.statusCode, what).toBe(guard);
              continue;
            }
            if (route.shape === 'list') {
              expect(res.statusCode, what).toBe(200);
              expect(route.holds(res, target.ndx), what).toBe(readable);
            } else if (readable) {
              expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(200);
              expect(route.holds(res, target.ndx), what).toBe(true);
            } else {
              expect(res.statusCode, what).toBe(404);
              expect(Object.keys(res.json()).sort(), what).toEqual(['error', 'message']);
            }
          }
        });
      }
    });
  }
});

describe('lookup item routes', () => {
  it('declare the access of their list route', () => {
    for (const name of LOOKUP_NAMES.filter((n) => !LOOKUP_ITEMS_AS_LISTS.includes(n)))
      expect(declared('GET', `/api/${name}/:id`), name).toEqual(declared('GET', `/api/${name}`));
  });

  it('answer their list access: the guard first, then the item', async () => {
    for (const name of LOOKUP_NAMES.filter((n) => !LOOKUP_ITEMS_AS_LISTS.includes(n))) {
      const list = (await call('GET', `/api/${name}`, 'Administrator')).json() as Json[];
      expect(list.length, name).toBeGreaterThan(0);
      const [key, id] = Object.entries(list[0])[0];
      for (const identity of TABLE) {
        const res = await call('GET', `/api/${name}/${String(id)}`, identity.label);
        const guard = guardStatus(declared('GET', `/api/${name}/:id`), identity.roles);
        expect(res.statusCode, `${identity.label} ${name}`).toBe(guard ?? 200);
        if (guard === undefined) expect((res.json() as Json)[key]).toBe(id);
      }
    }
  });
});

describe('unknown API paths', () => {
  const paths = [
    '/api/users-management/no-such-list',
    '/api/display-mobile/no-such-report',
    '/api/no-such-lookup',
    '/api/no-such-lookup/1',
    '/api/list-units-x/1',
  ];
  it('answer 404 {error, message} for every caller, anonymous included', async () => {
    for (const identity of TABLE) {
      for (const p of paths) {
        const res = await call('GET', p, identity.label);
        expect(res.statusCode, `${identity.label} ${p}`).toBe(404);
        expect(res.json(), `${identity.label} ${p}`).toEqual({ error: 'Not Found', message: `No endpoint GET ${p}` });
      }
    }
  });
});
