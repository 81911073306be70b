import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { pageRoutes } from './pages/derive-routes';
import { PAGES } from './pages/page-table';
import { NotFoundPage } from './routes/not-found-page';

// A page that throws is rare: the error page (and its alert) loads when one does.
const RouteErrorPage = lazy(async () => ({ default: (await import('./routes/route-error-page')).RouteErrorPage }));

/** Every route comes from the page table (pages/page-table.tsx); unknown paths show the 404 page. */
export const routes = pageRoutes(PAGES, {
  layout: <AppLayout pages={PAGES} />,
  notFound: <NotFoundPage />,
  error: (error) => (
    <Suspense fallback={null}>
      <RouteErrorPage error={error} />
    </Suspense>
  ),
});

/**
 * The app's pages for the browser's location, under a <BrowserRouter>: react-router's component
 * router, not its data router (createBrowserRouter), whose loaders, actions and fetchers the app
 * does not use and which would add some 15 KB (brotli) to every page's first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
