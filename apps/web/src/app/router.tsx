import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { pageRoutes } from './pages/derive-routes';
import { PAGES } from './pages/page-table';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/** Every route comes from the page table (pages/page-table.tsx); unknown paths show the 404 page. */
export const routes = pageRoutes(PAGES, { layout: <AppLayout />, notFound: <NotFoundPage />, error: <RouteErrorPage /> });

export function createAppRouter() {
  return createBrowserRouter(routes);
}
