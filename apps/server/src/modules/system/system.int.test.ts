import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

describe('system endpoints', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => h.close());

  it('reports liveness and readiness', async () => {
    expect((await h.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await h.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('gives the web app its public configuration', async () => {
    const res = await h.app.inject('/api/config');
    expect(res.json()).toEqual({
      oidcAuthority: 'http://localhost:3999/oidc',
      oidcClientId: 'portal-web',
      oidcAudience: 'http://localhost:3999/api',
      rolesClaim: 'https://water-portal/roles',
      basemaps: 'offline',
      version: h.config.version,
      environment: 'production',
      districtTimeZone: DEFAULT_DISTRICT_TIME_ZONE,
    });
  });

  it('documents the API in OpenAPI, with the bearer scheme', async () => {
    const res = await h.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/config', '/api/auth/me', '/api/display-list-facilities', '/api/list-units', '/api/list-units/{id}']),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('answers unknown API paths and bad JSON with the one error shape', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/nothing/here/at/all' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'No endpoint POST /api/nothing/here/at/all' });
    const bad = await h.app.inject({
      method: 'POST',
      url: '/oidc/interaction/abc/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('This sign-in page has expired');
  });

  it('exposes Prometheus metrics', async () => {
    const res = await h.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds');
  });
});
