import type { ReactNode } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import type { Access } from '@portal/contracts';
import { RequireAccess } from '../../lib/authorization';
import { RouteErrorBoundary } from '../routes/route-error-boundary';
import type { PageDef, PageHandle } from './page-access';

/** The display guard a page's access asks for (the server checks every call regardless). */
export function guarded(access: Access, element: ReactNode): ReactNode {
  if (access === 'public') return element;
  return <RequireAccess access={access}>{element}</RequireAccess>;
}

const toRoute = (page: PageDef): RouteObject => ({
  path: page.path,
  element: guarded(page.access, page.element),
  handle: { layout: page.layout ?? 'app', title: page.title } satisfies PageHandle,
});

/**
 * The router's routes from the page table: bare pages at the top level, the others inside the
 * sidebar layout, and the 404 page last inside the layout for every other path. A page that throws
 * while rendering shows `shell.error` in place of them all.
 */
export function pageRoutes(
  pages: readonly PageDef[],
  shell: { layout: ReactNode; notFound: ReactNode; error: (error: unknown) => ReactNode },
): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary fallback={shell.error}>
          <Outlet />
        </RouteErrorBoundary>
      ),
      children: [
        ...pages.filter((page) => page.layout === 'bare').map(toRoute),
        {
          element: shell.layout,
          children: [...pages.filter((page) => page.layout !== 'bare').map(toRoute), { path: '*', element: shell.notFound }],
        },
      ],
    },
  ];
}

const handleRoutesOf = new WeakMap<readonly PageDef[], RouteObject[]>();

/**
 * The handle of the page at `pathname` (undefined for a path no page has: the 404 page), matched
 * the way the router ranks the same paths, so the layout knows the page it frames.
 */
export function pageHandleAt(pages: readonly PageDef[], pathname: string): PageHandle | undefined {
  let routes = handleRoutesOf.get(pages);
  if (!routes) {
    routes = pages.map((page) => ({ path: page.path, handle: toRoute(page).handle as PageHandle }));
    handleRoutesOf.set(pages, routes);
  }
  return matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
}
