import { isValidElement } from 'react';
import { matchPath } from 'react-router';
import type { PageDef } from './page-access';

/** How long the first render waits for the page's code at most: on a stalled network the shell shows its loading screen. */
const FIRST_PAGE_WAIT_MS = 2000;

/**
 * Loads the code of the page at `pathname` (a lazily loaded page of the table) before the app's
 * first render, so that the page renders at once instead of through its loading fallback. The
 * server's HTML has the chunks of the pages visitors arrive on fetched already; for other pages
 * this starts the fetch the router would have started. Never rejects; resolves after at most
 * FIRST_PAGE_WAIT_MS.
 */
export function preloadPageAt(pages: readonly PageDef[], pathname: string): Promise<void> {
  const page = pages.find((p) => matchPath({ path: p.path, end: true }, pathname));
  const type: unknown = page && isValidElement(page.element) ? page.element.type : undefined;
  const preload = typeof type === 'function' && 'preload' in type && typeof type.preload === 'function' ? type.preload : undefined;
  if (!preload) return Promise.resolve();
  const loaded = (preload as () => Promise<void>)().catch(() => undefined);
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
}
