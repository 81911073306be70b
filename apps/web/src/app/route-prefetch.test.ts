import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISTRICT_TIME_ZONE, FIRST_FETCHES_OF_ROUTE, type ClientConfig } from '@portal/contracts';
import { districtTimeZone, setDistrictTimeZone } from '../lib/district-zone';
import { createQueryClient } from '../lib/query-client';
import { prefetchRouteData } from './route-prefetch';

const CONFIG: ClientConfig = {
  oidcAuthority: 'http://portal.test/oidc',
  oidcClientId: 'portal-web',
  oidcAudience: 'portal-api',
  rolesClaim: 'roles',
  basemaps: 'offline',
  version: '1.2.3',
  environment: 'production',
  districtTimeZone: 'America/Chicago',
};

/** A page whose HTML carries `text` as its configuration block (none when undefined). */
const pageWith = (text?: string) => ({
  getElementById: (id: string) => (id === 'client-config' && text !== undefined ? ({ textContent: text } as HTMLElement) : null),
});

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
    prefetchRouteData(client, '/map', pageWith());
    expect(client.isFetching({ queryKey: ['config'] })).toBe(1);
    expect(client.isFetching({ queryKey: ['public-map', 'basemaps'] })).toBe(1);
    expect(asked).toEqual(['/api/config', '/api/public-map/basemaps']);
  });

  it('asks any other page for the configuration only, never for answers that depend on the session', () => {
    const asked = recordRequests();
    const client = createQueryClient();
    prefetchRouteData(client, '/reports', pageWith());
    expect(asked).toEqual(['/api/config']);
    expect(client.isFetching({ queryKey: ['public-map'] })).toBe(0);
  });

  it('starts with the configuration the HTML carries: no request, and the district zone set before the first render', () => {
    const asked = recordRequests();
    const client = createQueryClient();
    setDistrictTimeZone(DEFAULT_DISTRICT_TIME_ZONE);
    prefetchRouteData(client, '/map', pageWith(JSON.stringify(CONFIG)));
    expect(client.getQueryData(['config'])).toEqual(CONFIG);
    expect(districtTimeZone()).toBe('America/Chicago');
    expect(asked).toEqual(['/api/public-map/basemaps']);
    setDistrictTimeZone(DEFAULT_DISTRICT_TIME_ZONE);
  });

  it('asks GET /api/config when the HTML carries a configuration that is not one', () => {
    for (const text of ['{"oidcAuthority":', JSON.stringify({ ...CONFIG, basemaps: 'satellite' }), '']) {
      const asked = recordRequests();
      const client = createQueryClient();
      prefetchRouteData(client, '/reports', pageWith(text));
      expect(asked).toEqual(['/api/config']);
      expect(client.getQueryData(['config'])).toBeUndefined();
    }
  });

  it("asks each route's first fetches as the contract lists them, the requests the server's HTML preloads", () => {
    const routes = Object.keys(FIRST_FETCHES_OF_ROUTE);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const asked = recordRequests();
      prefetchRouteData(createQueryClient(), route, pageWith(JSON.stringify(CONFIG)));
      expect(asked).toEqual(FIRST_FETCHES_OF_ROUTE[route]);
    }
  });
});
