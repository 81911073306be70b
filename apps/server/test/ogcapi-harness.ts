import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { seedOgcDistrict } from './ogcapi-fixture';

/** The address the OGC API tests' app links from. */
export const PUBLIC_URL = 'https://water.example.org';

export type Json = Record<string, unknown>;
export interface Feature {
  id: string;
  geometry: { type: string; coordinates: number[] } | null;
  properties: Json;
}
export interface Page {
  type: string;
  features: Feature[];
  numberReturned: number;
  numberMatched?: number;
  links: { href: string; rel: string }[];
}

/** The app over the seeded OGC district of one test file, with an administrator's and a staff member's tokens. */
export interface OgcApiHarness {
  readonly h: TestApp;
  readonly admin: string;
  readonly staffNoFacility: string;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<InjectResponse>;
  /** Every feature of a query, following links[rel=next] (the path is taken from the absolute href). */
  readAll(url: string, token?: string): Promise<{ features: Feature[]; pages: number }>;
}

/** Starts the app over the seeded OGC district before the file's tests and closes it after them. */
export function ogcApiHarness(): OgcApiHarness {
  let h: TestApp | undefined;
  let admin = '';
  let staffNoFacility = '';
  beforeAll(async () => {
    h = await createTestApp({ PUBLIC_URL });
    await seedOgcDistrict(h.t.db);
    admin = await h.tokenFor({ sub: 'usr_ogc_admin', roles: ['Administrator'] });
    staffNoFacility = await h.tokenFor({ sub: 'usr_ogc_user', roles: ['User'] });
  }, 60_000);
  afterAll(async () => h?.close());

  const app = () => {
    if (!h) throw new Error('the OGC API test app has not started');
    return h;
  };
  const get = (url: string, token?: string, headers: Record<string, string> = {}): Promise<InjectResponse> =>
    app().app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  const readAll = async (url: string, token?: string) => {
    const features: Feature[] = [];
    let next: string | undefined = url;
    let pages = 0;
    while (next) {
      const res = await get(next, token);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const page = res.json() as Page;
      expect(page.numberReturned).toBe(page.features.length);
      features.push(...page.features);
      pages++;
      const href = page.links.find((l) => l.rel === 'next')?.href;
      if (href) expect(href.startsWith(`${PUBLIC_URL}/ogcapi/`)).toBe(true);
      next = href?.slice(PUBLIC_URL.length);
    }
    return { features, pages };
  };
  return {
    get h() {
      return app();
    },
    get admin() {
      return admin;
    },
    get staffNoFacility() {
      return staffNoFacility;
    },
    get,
    readAll,
  };
}
