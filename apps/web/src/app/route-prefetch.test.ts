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

/** Lets requests that first read a token (none here) reach fetch. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** sessionStorage with nothing in it, or with a user signed in to CONFIG's client until an hour from now. */
const noStoredUser = () => ({ getItem: () => null });
const storedUser = () => ({
  getItem: (key: string) =>
    key === `oidc.user:${CONFIG.oidcAuthority}:${CONFIG.oidcClientId}`
      ? JSON.stringify({
          access_token: 't',
          token_type: 'Bearer',
          profile: { sub: 'u1' },
          expires_at: Math.floor(Date.now() / 1000) + 3600,
        })
      : null,
});

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
    prefetchRouteData(client, '/map', pageWith(JSON.stringify(CONFIG)), storedUser);
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

  it("asks each route's first fetches as the contract lists them, the requests the server's HTML preloads", async () => {
    const routes = Object.keys(FIRST_FETCHES_OF_ROUTE);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const asked = recordRequests();
      prefetchRouteData(createQueryClient(), route, pageWith(JSON.stringify(CONFIG)), storedUser);
      await settled();
      expect(asked).toEqual(FIRST_FETCHES_OF_ROUTE[route]);
    }
  });

  it("asks a visitor's map layers and sources before the map renders, without a token, and never for a stored session", async () => {
    const asked = recordRequests();
    const client = createQueryClient();
    prefetchRouteData(client, '/map', pageWith(JSON.stringify(CONFIG)), noStoredUser);
    await settled();
    expect(asked).toEqual(['/api/public-map/basemaps', '/api/public-map/layers', '/api/public-map/sources']);
    expect(client.getQueryData(['public-map', 'sources', 'anonymous'])).toEqual([]);
    const headers = vi.mocked(fetch).mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(headers.some((h) => h.has('authorization'))).toBe(false);

    // The sign-in callback becomes a session: nothing a visitor sees is asked there.
    const onCallback = recordRequests();
    prefetchRouteData(createQueryClient(), '/auth/callback', pageWith(JSON.stringify(CONFIG)), noStoredUser);
    const onReports = recordRequests();
    prefetchRouteData(createQueryClient(), '/reports', pageWith(JSON.stringify(CONFIG)), noStoredUser);
    await settled();
    expect(onCallback).toEqual([]);
    expect(onReports).toEqual([]);
  });
});
