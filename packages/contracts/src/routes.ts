/** The hidden iframe of the silent token renew: it hands its URL to the parent window and stops (not a page). */
export const SILENT_CALLBACK_PATH = '/auth/silent-callback';

/** Web paths. '/' is the landing page and the public map lives at /map, so the disclaimer's Decline (to '/') leaves the map. */
export const ROUTES = {
  LANDING: '/',
  PUBLIC_MAP: '/map',
  LOGIN: '/login',
  LOGOUT: '/auth/logout',
  AUTH_CALLBACK: '/auth/callback',
  ACCOUNT_PROFILE: '/account/profile',
  SECRET: '/secret',
  MOBILE_DASHBOARD: '/dashboards/mobile-dashboard',
  /** Decision 0018: the home dashboard's path, which the product's route table does not give. */
  HOME_DASHBOARD: '/dashboards/home',
  FACILITY_PAGES: '/facility-pages',
  /** One facility's page (a React Router pattern); facilityPagePath gives the link to one. */
  FACILITY_DETAILS: '/facility-pages/:id',
  QUERY_AND_DOWNLOAD: '/data-access/query-and-download/facilities',
  TIME_SERIES_COMPARISONS: '/data-access/time-series-comparisons',
  BATTERIES_STATUS: '/data-access/batteries-status-table',
  SITE_SUMMARY: '/data-access/site-summary-table',
  USERS_MANAGEMENT: '/admin/users-management',
  ALERTS_MANAGEMENT: '/data-access/system-management/alerts-management',
  CONTACTS: '/data-access/system-management/contacts',
  GROUPS: '/data-access/system-management/groups',
  ASSOC_CONTACTS_GROUPS: '/data-access/system-management/associate-contacts-and-groups',
  SMS_HELP: '/data-access/system-management/sms-help',
  ASSOC_FACILITIES_LOCATIONS: '/data-access/system-management/associate-facilities-and-locations',
  LOCATIONS_SETUP: '/data-access/system-management/locations-setup',
  FACILITIES_SETUP: '/data-access/system-management/facilities-setup',
  IMPORTS_CONFIGURATION: '/data-access/system-management/imports-configuration',
  /** Whether visitors may sign up at the embedded identity provider. */
  SIGN_UP_SETTINGS: '/data-access/system-management/sign-up-settings',
  /** The USGS parameter code of each parameter (the open data API's parameter_code). */
  PARAMETER_CODES: '/data-access/system-management/parameter-codes',
  /** Data review and approval of one series (Administrators and Developers edit, All Data Users read). */
  DATA_REVIEW: '/data-access/data-review',
  IGNITION_DEMO: '/admin/ignition-demo',
  RIVER_WESTERN: '/river-photos/western',
  RIVER_EMPIRE: '/river-photos/empire',
  RIVER_RIVERSIDE_DAM: '/river-photos/riverside-dam',
  RIVER_RIVERSIDE_SAND_GATE: '/river-photos/riverside-sand-gate',
  ABOUT: '/about',
  PRIVACY: '/privacy',
  /** The footer's Documentation: how to use the portal, for everybody. */
  PORTAL_GUIDE: '/guide',
  TERMS: '/terms',
  ACCOUNT: '/account',
  CHANGELOG: '/changelog',
  DOCUMENTATION: '/documentation',
  SUPPORT: '/documentation/support',
} as const;

/**
 * The public answers a page's first render waits for, by the page's path: the server's HTML for
 * the page asks for them with it (preload hints), and the app asks for the same before it renders,
 * so the browser's preload is the request the page uses. Only answers that are public and the same
 * for every caller: a preload carries no Authorization header.
 */
export const FIRST_FETCHES_OF_ROUTE: Readonly<Partial<Record<string, readonly string[]>>> = {
  [ROUTES.PUBLIC_MAP]: ['/api/public-map/basemaps'],
};

export const facilityPagePath = (facilityNdx: number | string) => `${ROUTES.FACILITY_PAGES}/${facilityNdx}`;

/**
 * The public map with a location's graph open (the link of alert messages). Staff see every
 * location they may read; a visitor only public ones. location: location_ndx; graph: graph type.
 */
export const graphLinkPath = (locationNdx: number, graphType: 'flow' | 'stage' | 'waterlevel') =>
  `${ROUTES.PUBLIC_MAP}?location=${locationNdx}&graph=${graphType}`;
