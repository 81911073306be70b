import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Access } from '@portal/contracts';
import { RequireAccess } from '../../lib/authorization';
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
 * sidebar layout, and the 404 page last inside the layout for every other path.
 */
export function pageRoutes(pages: readonly PageDef[], shell: { layout: ReactNode; notFound: ReactNode; error: ReactNode }): RouteObject[] {
  return [
    {
      errorElement: shell.error,
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
