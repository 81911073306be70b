import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ADMIN_ROLES, FACILITY_PAGES_ROLES, ROUTES, SIGNED_IN_ROLES, STAFF_ROLES } from '@portal/contracts';
import { FacilitiesListPage } from '../features/facility-pages/components/facilities-list-page';
import { ImportsConfigurationPage } from '../features/imports/components/imports-configuration-page';
import { QueryDownloadPage } from '../features/query-download/components/query-download-page';
import { RiverPhotoPage } from '../features/river-photos/components/river-photo-page';
import { RIVER_CAMERAS } from '../features/river-photos/lib/river-cameras';
import { BatteriesStatusPage } from '../features/reports/components/batteries-status-page';
import { SiteSummaryPage } from '../features/reports/components/site-summary-page';
import { SmsHelpPage } from '../features/reports/components/sms-help-page';
import { LoadingScreen } from '../components/ui/loading-screen';
import { RequireAuth, RequireRoles } from '../lib/authorization';
import { AppLayout } from './layout/app-layout';
import { AuthCallbackPage } from './routes/auth-callback-page';
import { LandingPage } from './routes/landing-page';
import { LoginPage } from './routes/login-page';
import { LogoutPage } from './routes/logout-page';
import { NotFoundPage } from './routes/not-found-page';
import { ProfilePage } from './routes/profile-page';
import { RouteErrorPage } from './routes/route-error-page';
import { SecretPage } from './routes/secret-page';

// MapLibre is most of the facility page's weight: it comes in its own chunk, as /map does.
const FacilityDetailsPage = lazy(async () => ({ default: (await import('../features/facility-pages/components/facility-details-page')).FacilityDetailsPage }));
function LazyFacilityDetailsPage() {
  return (
    <Suspense fallback={<LoadingScreen label="Loading facility…" />}>
      <FacilityDetailsPage />
    </Suspense>
  );
}

/**
 * Pages inside the sidebar layout. Feature pages are added here, wrapped in RequireAuth /
 * RequireRoles as their spec section says; the catch-all must stay last.
 */
const layoutRoutes: RouteObject[] = [
  // Open to everybody; staff see more on it (part 1 §6). Loaded on demand: MapLibre is most of its weight.
  {
    path: ROUTES.PUBLIC_MAP,
    lazy: async () => ({ Component: (await import('../features/public-map/components/public-map-page')).PublicMapPage }),
  },
  {
    path: ROUTES.ACCOUNT_PROFILE,
    element: (
      <RequireAuth>
        <ProfilePage />
      </RequireAuth>
    ),
  },
  {
    path: ROUTES.SECRET,
    element: (
      <RequireAuth>
        <RequireRoles roles={SIGNED_IN_ROLES}>
          <SecretPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  {
    path: ROUTES.IMPORTS_CONFIGURATION,
    element: (
      <RequireAuth>
        <RequireRoles roles={ADMIN_ROLES}>
          <ImportsConfigurationPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  // Part 2 §2/§6: the facility pages, for the roles that see them in the sidebar. Loaded on demand (the map).
  {
    path: ROUTES.FACILITY_PAGES,
    element: (
      <RequireAuth>
        <RequireRoles roles={FACILITY_PAGES_ROLES}>
          <FacilitiesListPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  {
    path: `${ROUTES.FACILITY_PAGES}/:id`,
    element: (
      <RequireAuth>
        <RequireRoles roles={FACILITY_PAGES_ROLES}>
          <LazyFacilityDetailsPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  // Part 2 §2/§6: Query & Download - Facility Data, for staff (the server limits Users to their facilities).
  {
    path: ROUTES.QUERY_AND_DOWNLOAD,
    element: (
      <RequireAuth>
        <RequireRoles roles={STAFF_ROLES}>
          <QueryDownloadPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  // Part 2 §2/§6: the public report tables (no sign-in) and SMS Help under System Management (administrators).
  { path: ROUTES.BATTERIES_STATUS, element: <BatteriesStatusPage /> },
  { path: ROUTES.SITE_SUMMARY, element: <SiteSummaryPage /> },
  {
    path: ROUTES.SMS_HELP,
    element: (
      <RequireAuth>
        <RequireRoles roles={ADMIN_ROLES}>
          <SmsHelpPage />
        </RequireRoles>
      </RequireAuth>
    ),
  },
  // Part 2 §2/§6: the river photo pages are public; the key remounts the page between cameras.
  ...RIVER_CAMERAS.map((camera): RouteObject => ({ path: camera.path, element: <RiverPhotoPage key={camera.slug} camera={camera} /> })),
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: ROUTES.LANDING, element: <LandingPage /> },
      { path: ROUTES.LOGIN, element: <LoginPage /> },
      { path: ROUTES.AUTH_CALLBACK, element: <AuthCallbackPage /> },
      { path: ROUTES.LOGOUT, element: <LogoutPage /> },
      { element: <AppLayout />, children: layoutRoutes },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
