import { createContext, useCallback, useContext } from 'react';
import { canOpen, type Access } from '@portal/contracts';
import { useSession } from './session';

/**
 * Who may open the page at a path, as the page table declares it (app/ provides the lookup, since
 * shared code and features do not import app/). undefined: no page has that path.
 */
export type PageAccessLookup = (path: string) => Access | undefined;

const PageAccessContext = createContext<PageAccessLookup>(() => undefined);

export const PageAccessProvider = PageAccessContext.Provider;

/**
 * Whether the current user may open a page, asked of the page table: use it to offer a link
 * (e.g. to a facility page) only to those the page would let in, instead of checking roles here.
 */
export function useCanOpenPage(): (path: string) => boolean {
  const lookup = useContext(PageAccessContext);
  const { isAuthenticated, roles } = useSession();
  return useCallback(
    (path: string) => {
      const access = lookup(path);
      return access !== undefined && canOpen(access, { isAuthenticated, roles });
    },
    [lookup, isAuthenticated, roles],
  );
}
