import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoDistrict } from '../../seed/seed-demo';

/** Shared setup of the public map tests: the demo district in a test file's own app, callers' tokens and requests. */

// Anchor "now" so the computed reporting statuses match the seeded staleness.
const anchor = new Date(Math.floor(Date.now() / 900_000) * 900_000);
export let h: TestApp;
export let staff: string;
export let noRole: string;

/** Registers the hooks that seed the demo district in the test file's own app; call it once at the top of the file. */
export function useDemoDistrictApp(): void {
  beforeAll(async () => {
    h = await createTestApp();
    await seedDemoDistrict(h.t.db, { anchor, demoPassword: 'demo-password-for-tests', fifteenMinuteDays: 2, dailyYears: 0.05 });
    staff = await h.tokenFor({ roles: ['User'] });
    noRole = await h.tokenFor({ roles: [] });
  }, 180_000);
  afterAll(async () => h?.close());
}

export const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  h.app.inject({ url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
export const locationNdxOf = async (id: string) =>
  (await h.t.db.selectFrom('location').select('location_ndx').where('location_id', '=', id).executeTakeFirstOrThrow()).location_ndx;
/** The full popup properties of a location from its feed's endpoint. */
export const popupOf = async (url: string, token?: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { properties: Record<string, unknown> }).properties;
};
export type Feature = { id: number; geometry: { type: string; coordinates: number[] }; properties: Record<string, unknown> };
