import { lazy, Suspense, type ComponentType } from 'react';
import { ADMIN_ROLES, FACILITY_PAGES_ROLES, MOBILE_DASHBOARD_ROLES, ROUTES, SIGNED_IN_ROLES, STAFF_ROLES } from '@portal/contracts';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { FacilitiesListPage } from '../../features/facility-pages/components/facilities-list-page';
import { MobileTrackerPage } from '../../features/mobile-tracker/components/mobile-tracker-page';
import { ImportsConfigurationPage } from '../../features/imports/components/imports-configuration-page';
import { QueryDownloadPage } from '../../features/query-download/components/query-download-page';
import { BatteriesStatusPage } from '../../features/reports/components/batteries-status-page';
import { SiteSummaryPage } from '../../features/reports/components/site-summary-page';
import { SmsHelpPage } from '../../features/reports/components/sms-help-page';
import { RiverPhotoPage } from '../../features/river-photos/components/river-photo-page';
import { RIVER_CAMERAS } from '../../features/river-photos/lib/river-cameras';
import { AuthCallbackPage } from '../routes/auth-callback-page';
import { LandingPage } from '../routes/landing-page';
import { LoginPage } from '../routes/login-page';
import { LogoutPage } from '../routes/logout-page';
import { ProfilePage } from '../routes/profile-page';
import { SecretPage } from '../routes/secret-page';
import { FACILITY_DETAILS_PATH, type PageDef } from './page-access';

/** A page loaded in its own chunk (MapLibre is most of the map pages' weight). */
function lazyPage(load: () => Promise<ComponentType>, label: string) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<LoadingScreen label={label} />}>
      <Page />
    </Suspense>
  );
}

/**
 * THE page table: every page of the web app, once. The router (with its access guards), the
 * sidebar and the account menu are derived from it, so a menu entry exists only for a page that
 * exists. A new page is one row here; sidebar order within a group is the order of the rows.
 * Part 2 §2 lists paths whose pages are not built yet (Time Series Comparisons,
 * Users Management, the other System Management pages, Ignition Demo, /about, /changelog,
 * /documentation, /account): they get a row when their page lands, and until then the 404.
 */
export const PAGES: readonly PageDef[] = [
  { path: ROUTES.LANDING, title: 'Home', access: 'public', layout: 'bare', element: <LandingPage /> },
  { path: ROUTES.LOGIN, title: 'Login', access: 'public', layout: 'bare', element: <LoginPage /> },
  { path: ROUTES.AUTH_CALLBACK, title: 'Signing in', access: 'public', layout: 'bare', element: <AuthCallbackPage /> },
  { path: ROUTES.LOGOUT, title: 'Log out', access: 'public', layout: 'bare', element: <LogoutPage /> },

  // Open to everybody; staff see more on it (part 1 §6).
  {
    path: ROUTES.PUBLIC_MAP,
    title: 'Dashboard',
    access: 'public',
    navGroup: 'Dashboards',
    icon: 'map',
    element: lazyPage(async () => (await import('../routes/public-map-page')).PublicMapPage, 'Loading map…'),
  },
  // Part 2 §2/§6: the All Data User's landing page.
  {
    path: ROUTES.MOBILE_DASHBOARD,
    title: 'Mobile Tracker',
    access: MOBILE_DASHBOARD_ROLES,
    navGroup: 'Dashboards',
    icon: 'mobile',
    element: <MobileTrackerPage />,
  },
  // Decision 0018: the home dashboard's path (part 2 does not show it).
  {
    path: ROUTES.HOME_DASHBOARD,
    title: 'Home',
    access: STAFF_ROLES,
    navGroup: 'Dashboards',
    icon: 'home',
    element: lazyPage(async () => (await import('../../features/home-dashboard/components/home-dashboard-page')).HomeDashboardPage, 'Loading…'),
  },

  // Part 2 §6: Query & Download for staff (the server limits Users to their facilities); the report tables are public.
  {
    path: ROUTES.QUERY_AND_DOWNLOAD,
    title: 'Query & Download',
    access: STAFF_ROLES,
    navGroup: 'Data Access',
    icon: 'download',
    element: <QueryDownloadPage />,
  },
  {
    path: ROUTES.BATTERIES_STATUS,
    title: 'Batteries Status Table',
    access: 'public',
    navGroup: 'Data Access',
    icon: 'battery',
    element: <BatteriesStatusPage />,
  },
  {
    path: ROUTES.SITE_SUMMARY,
    title: 'Site Summary Table',
    access: 'public',
    navGroup: 'Data Access',
    icon: 'summary',
    element: <SiteSummaryPage />,
  },
  { path: ROUTES.SMS_HELP, title: 'SMS Help', access: ADMIN_ROLES, navGroup: 'System Management', element: <SmsHelpPage /> },
  {
    path: ROUTES.IMPORTS_CONFIGURATION,
    title: 'Imports Configuration',
    access: ADMIN_ROLES,
    navGroup: 'System Management',
    element: <ImportsConfigurationPage />,
  },

  // Part 2 §2/§6: the river photo pages are public; the key remounts the page between cameras.
  ...RIVER_CAMERAS.map((camera): PageDef => ({
    path: camera.path,
    title: camera.title,
    access: 'public',
    navGroup: 'River Photos',
    icon: 'camera',
    element: <RiverPhotoPage key={camera.slug} camera={camera} />,
  })),

  // Part 2 §2/§6: the facility pages, for the roles that see them in the sidebar.
  {
    path: ROUTES.FACILITY_PAGES,
    title: 'Facilities List',
    access: FACILITY_PAGES_ROLES,
    navGroup: 'Pages',
    icon: 'list',
    element: <FacilitiesListPage />,
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
    element: <ProfilePage />,
  },
  { path: ROUTES.SECRET, title: 'Secret Page', access: SIGNED_IN_ROLES, navGroup: 'Pages', icon: 'lock', element: <SecretPage /> },
];
