import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { pageRoutes } from './pages/derive-routes';
import { PAGES } from './pages/page-table';
import { NotFoundPage } from './routes/not-found-page';

// A page that throws is rare: the error page (and its alert) loads when one does.
const RouteErrorPage = lazy(async () => ({ default: (await import('./routes/route-error-page')).RouteErrorPage }));

/** Every route comes from the page table (pages/page-table.tsx); unknown paths show the 404 page. */
export const routes = pageRoutes(PAGES, {
  layout: <AppLayout />,
  notFound: <NotFoundPage />,
  error: (
    <Suspense fallback={null}>
      <RouteErrorPage />
    </Suspense>
  ),
});

export function createAppRouter() {
  return createBrowserRouter(routes);
}
