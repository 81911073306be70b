import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { prefetchRouteData } from './route-prefetch';

/** The URLs the page asked for, answered as the server would (an empty list for the basemaps). */
function recordRequests(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      asked.push(new URL(url, 'http://portal.test').pathname);
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

describe('prefetchRouteData', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks for the configuration and the map's basemap list before the map page renders", () => {
    const asked = recordRequests();
    const client = createQueryClient();
    prefetchRouteData(client, '/map');
    expect(client.isFetching({ queryKey: ['config'] })).toBe(1);
    expect(client.isFetching({ queryKey: ['public-map', 'basemaps'] })).toBe(1);
    expect(asked).toEqual(['/api/config', '/api/public-map/basemaps']);
  });

  it('asks any other page for the configuration only, never for answers that depend on the session', () => {
    const asked = recordRequests();
    const client = createQueryClient();
    prefetchRouteData(client, '/reports');
    expect(asked).toEqual(['/api/config']);
    expect(client.isFetching({ queryKey: ['public-map'] })).toBe(0);
  });
});
