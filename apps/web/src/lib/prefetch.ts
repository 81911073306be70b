/** How long after a page has settled its later code is fetched ahead of use. */
const PREFETCH_DELAY_MS = 4000;

/**
 * Fetches a chunk the page will likely need (a tool's code) once the page has been quiet for a
 * while, so its first use does not wait for the network, without weighing on the first paint.
 * Returns the cancel function for an effect's cleanup.
 */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    const fetchIt = () => void load().catch(() => undefined);
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(fetchIt, { timeout: 10_000 });
    else fetchIt();
  }, PREFETCH_DELAY_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined && 'cancelIdleCallback' in window) window.cancelIdleCallback(idle);
  };
}
