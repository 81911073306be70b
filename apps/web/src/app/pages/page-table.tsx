import { lazy, Suspense } from 'react';
import {
  ADMIN_ROLES,
  DATA_REVIEW_READ_ROLES,
  FACILITY_PAGES_ROLES,
  MOBILE_DASHBOARD_ROLES,
  ROUTES,
  STAFF_ROLES,
  USERS_MANAGEMENT_ROLES,
} from '@portal/contracts';
import { RIVER_CAMERAS } from '../../features/river-photos/lib/river-cameras';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { lazyPage } from './lazy-page';
import { FACILITY_DETAILS_PATH, type PageDef } from './page-access';

/** The river photo pages (one per camera) share one chunk, loaded when one is first opened. */
const RiverPhotoPage = lazy(async () => ({
  default: (await import('../../features/river-photos/components/river-photo-page')).RiverPhotoPage,
}));

/**
 * THE page table: every page of the web app, once. The router (with its access guards), the
 * sidebar and the account menu are derived from it, so a menu entry exists only for a page that
 * exists. A new page is one row here; sidebar order within a group is the order of the rows.
 * Every page of the product's route table has a row; a path without one is the 404 page.
 */
export const PAGES: readonly PageDef[] = [
  {
    path: ROUTES.LANDING,
    title: 'Home',
    access: 'public',
    layout: 'bare',
    element: lazyPage(async () => (await import('../routes/landing-page')).LandingPage),
  },
  {
    path: ROUTES.LOGIN,
    title: 'Login',
    access: 'public',
    layout: 'bare',
    element: lazyPage(async () => (await import('../routes/login-page')).LoginPage),
  },
  {
    path: ROUTES.AUTH_CALLBACK,
    title: 'Signing in',
    access: 'public',
    layout: 'bare',
    element: lazyPage(async () => (await import('../routes/auth-callback-page')).AuthCallbackPage),
  },
  {
    path: ROUTES.LOGOUT,
    title: 'Log out',
    access: 'public',
    layout: 'bare',
    element: lazyPage(async () => (await import('../routes/logout-page')).LogoutPage),
  },

  // Open to everybody; staff see more on it.
  {
    path: ROUTES.PUBLIC_MAP,
    title: 'Dashboard',
    access: 'public',
    layout: 'fill',
    navGroup: 'Dashboards',
    icon: 'map',
    element: lazyPage(async () => (await import('../routes/public-map-page')).PublicMapPage, 'Loading map…'),
  },
  // The All Data User's landing page.
  {
    path: ROUTES.MOBILE_DASHBOARD,
    title: 'Mobile Tracker',
    access: MOBILE_DASHBOARD_ROLES,
    navGroup: 'Dashboards',
    icon: 'mobile',
    element: lazyPage(async () => (await import('../../features/mobile-tracker/components/mobile-tracker-page')).MobileTrackerPage),
  },
  // Decision 0018: the home dashboard's path (the product's route table does not give one).
  {
    path: ROUTES.HOME_DASHBOARD,
    title: 'Home',
    access: STAFF_ROLES,
    navGroup: 'Dashboards',
    icon: 'home',
    element: lazyPage(
      async () => (await import('../../features/home-dashboard/components/home-dashboard-page')).HomeDashboardPage,
      'Loading…',
    ),
  },

  // Query & Download for staff (the server limits Users to their facilities); the report tables are public.
  {
    path: ROUTES.QUERY_AND_DOWNLOAD,
    title: 'Query & Download',
    access: STAFF_ROLES,
    navGroup: 'Data Access',
    icon: 'download',
    element: lazyPage(async () => (await import('../../features/query-download/components/query-download-page')).QueryDownloadPage),
  },
  // The comparison data is requested without a token: public.
  {
    path: ROUTES.TIME_SERIES_COMPARISONS,
    title: 'Time Series Comparisons',
    access: 'public',
    navGroup: 'Data Access',
    icon: 'compare',
    element: lazyPage(
      async () => (await import('../../features/ts-compare/components/time-series-comparisons-page')).TimeSeriesComparisonsPage,
      'Loading comparisons…',
    ),
  },
  {
    path: ROUTES.BATTERIES_STATUS,
    title: 'Batteries Status Table',
    access: 'public',
    navGroup: 'Data Access',
    icon: 'battery',
    element: lazyPage(async () => (await import('../../features/reports/components/batteries-status-page')).BatteriesStatusPage),
  },
  {
    path: ROUTES.SITE_SUMMARY,
    title: 'Site Summary Table',
    access: 'public',
    navGroup: 'Data Access',
    icon: 'summary',
    element: lazyPage(async () => (await import('../../features/reports/components/site-summary-page')).SiteSummaryPage),
  },
  // Data review and approval of one series (issue 32): Administrators and Developers edit, All Data Users read.
  {
    path: ROUTES.DATA_REVIEW,
    title: 'Data Review',
    access: DATA_REVIEW_READ_ROLES,
    navGroup: 'Data Access',
    icon: 'review',
    element: lazyPage(async () => (await import('../../features/data-review/components/data-review-page')).DataReviewPage, 'Loading…'),
  },
  // Alerts and who they reach, administrators only (decision 0015).
  {
    path: ROUTES.ALERTS_MANAGEMENT,
    title: 'Alerts Management',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/alerts/components/alerts-management-page')).AlertsManagementPage),
  },
  {
    path: ROUTES.CONTACTS,
    title: 'Contacts',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/alerts/components/contacts-page')).ContactsPage),
  },
  {
    path: ROUTES.GROUPS,
    title: 'Groups',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/alerts/components/groups-page')).GroupsPage),
  },
  {
    path: ROUTES.ASSOC_CONTACTS_GROUPS,
    title: 'Groups to Contacts Associations',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(
      async () => (await import('../../features/alerts/components/groups-contacts-associations-page')).GroupsContactsAssociationsPage,
    ),
  },
  {
    path: ROUTES.SMS_HELP,
    title: 'SMS Help',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/reports/components/sms-help-page')).SmsHelpPage),
  },
  {
    path: ROUTES.IMPORTS_CONFIGURATION,
    title: 'Imports Configuration',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/imports/components/imports-configuration-page')).ImportsConfigurationPage),
  },
  // Locations, facilities and their associations (issue 11; decision 0016): administrators.
  {
    path: ROUTES.ASSOC_FACILITIES_LOCATIONS,
    title: 'Facilities to Locations',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(
      async () => (await import('../../features/system-management/components/facilities-locations-page')).FacilitiesLocationsPage,
      'Loading…',
    ),
  },
  {
    path: ROUTES.LOCATIONS_SETUP,
    title: 'Locations Setup',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(
      async () => (await import('../../features/system-management/components/locations-setup-page')).LocationsSetupPage,
      'Loading…',
    ),
  },
  {
    path: ROUTES.FACILITIES_SETUP,
    title: 'Facilities Setup',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(
      async () => (await import('../../features/system-management/components/facilities-setup-page')).FacilitiesSetupPage,
      'Loading…',
    ),
  },
  // Whether visitors may sign up at the embedded identity provider: administrators.
  {
    path: ROUTES.SIGN_UP_SETTINGS,
    title: 'Sign-up Settings',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(async () => (await import('../../features/system-management/components/sign-up-settings-page')).SignUpSettingsPage),
  },
  // The USGS parameter code of each parameter (the open data API's parameter_code): administrators.
  {
    path: ROUTES.PARAMETER_CODES,
    title: 'Parameter Codes',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: lazyPage(
      async () => (await import('../../features/system-management/components/parameter-codes-page')).ParameterCodesPage,
      'Loading…',
    ),
  },

  // Users Management for Administrator, Developer and All Data User (issue 11).
  {
    path: ROUTES.USERS_MANAGEMENT,
    title: 'Users Management',
    access: USERS_MANAGEMENT_ROLES,
    navGroup: 'Admin',
    icon: 'users',
    element: lazyPage(async () => (await import('../../features/users-management/components/users-management-page')).UsersManagementPage),
  },

  {
    path: ROUTES.IGNITION_DEMO,
    title: 'Ignition Demo',
    access: ADMIN_ROLES,
    navGroup: 'Admin',
    icon: 'scada',
    element: lazyPage(async () => (await import('../../features/system-management/components/ignition-demo-page')).IgnitionDemoPage),
  },

  // The river photo pages are public; the key remounts the page between cameras.
  ...RIVER_CAMERAS.map((camera): PageDef => ({
    path: camera.path,
    title: camera.title,
    access: 'public',
    navGroup: 'River Photos',
    icon: 'camera',
    element: (
      <Suspense fallback={<LoadingScreen label="Loading…" />}>
        <RiverPhotoPage key={camera.slug} camera={camera} />
      </Suspense>
    ),
  })),

  // The facility pages, for the roles that see them in the sidebar.
  {
    path: ROUTES.FACILITY_PAGES,
    title: 'Facilities List',
    access: FACILITY_PAGES_ROLES,
    navGroup: 'Pages',
    icon: 'list',
    element: lazyPage(async () => (await import('../../features/facility-pages/components/facilities-list-page')).FacilitiesListPage),
  },
  {
    path: FACILITY_DETAILS_PATH,
    title: 'Facility Details',
    access: FACILITY_PAGES_ROLES,
    element: lazyPage(async () => (await import('../routes/facility-details-route')).FacilityDetailsRoute, 'Loading facility…'),
  },
  {
    path: ROUTES.ACCOUNT_PROFILE,
    title: 'Profile',
    access: 'authenticated',
    navGroup: 'Pages',
    icon: 'profile',
    userMenu: true,
    element: lazyPage(async () => (await import('../routes/profile-page')).ProfilePage),
  },
  // The account menu's information pages (issue 11).
  // The footer's links, open to everybody.
  {
    path: ROUTES.PRIVACY,
    title: 'Privacy',
    access: 'public',
    element: lazyPage(async () => (await import('../../features/info/components/privacy-page')).PrivacyPage),
  },
  {
    path: ROUTES.PORTAL_GUIDE,
    title: 'Portal Guide',
    access: 'public',
    element: lazyPage(async () => (await import('../../features/info/components/portal-guide-page')).PortalGuidePage),
  },
  {
    path: ROUTES.TERMS,
    title: 'Terms of Service',
    access: 'public',
    element: lazyPage(async () => (await import('../../features/info/components/terms-page')).TermsPage),
  },
  {
    path: ROUTES.ABOUT,
    title: 'About',
    access: 'authenticated',
    userMenu: true,
    element: lazyPage(async () => (await import('../../features/info/components/about-page')).AboutPage),
  },
  // The Developer alone opens Documentation (the account menu and the footer link follow this row).
  {
    path: ROUTES.DOCUMENTATION,
    title: 'Documentation',
    access: ['Developer'],
    userMenu: true,
    element: lazyPage(async () => (await import('../../features/info/components/documentation-page')).DocumentationPage),
  },
  {
    path: ROUTES.CHANGELOG,
    title: 'Changelog',
    access: 'authenticated',
    userMenu: true,
    element: lazyPage(async () => (await import('../../features/info/components/changelog-page')).ChangelogPage),
  },
  {
    path: ROUTES.ACCOUNT,
    title: 'Your Account',
    access: 'authenticated',
    userMenu: true,
    element: lazyPage(async () => (await import('../routes/account-page')).AccountPage),
  },
  {
    path: ROUTES.SUPPORT,
    title: 'Support',
    access: 'authenticated',
    userMenu: true,
    element: lazyPage(async () => (await import('../../features/info/components/support-page')).SupportPage),
  },
  {
    path: ROUTES.SECRET,
    title: 'Secret Page',
    access: 'authenticated',
    navGroup: 'Pages',
    icon: 'lock',
    element: lazyPage(async () => (await import('../routes/secret-page')).SecretPage),
  },
];
