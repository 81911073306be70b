import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('Cache-Control of answers that depend on the caller', () => {
  let h: TestApp;
  let admin: string;
  beforeAll(async () => {
    h = await createTestApp();
    admin = await h.tokenFor({ roles: ['Administrator'] });
  });
  afterAll(async () => h?.close());
  const get = (url: string, token?: string) => h.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('sends private, no-store on signed-in answers that are not built to be cached', async () => {
    for (const url of ['/api/users-management/users', '/api/users-management/list-user-roles', '/api/config']) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // A refused token is an answer about that caller too.
    const refused = await get('/api/users-management/users', 'not-a-token');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the ETag answers built to be cached per caller, and anonymous answers as their route says', async () => {
    const layers = await get('/api/public-map/layers', admin);
    expect(layers.statusCode).toBe(200);
    expect(layers.headers.etag).toBeTruthy();
    expect(String(layers.headers.vary)).toContain('Authorization');
    expect(layers.headers['cache-control']).not.toContain('no-store');
    const anonymous = await get('/api/public-map/basemaps');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
  });
});
