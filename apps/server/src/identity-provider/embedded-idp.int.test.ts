import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { makeUser } from '../../test/factories';
import { signIn } from '../../test/oidc-flow';
import { hashPassword } from '../accounts/passwords';
import { freePort } from '../../test/server-process';

describe('embedded OpenID Connect provider: code + PKCE sign-in', () => {
  let t: TestDatabase;
  let app: App;
  let config: AppConfig;
  let base: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const port = await freePort();
    config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent' });
    base = config.publicUrl;
    const passwordHash = await hashPassword('correct horse 1');
    await makeUser(t.db, {
      user_id: 'usr_dev',
      name: 'Dee Veloper',
      nickname: 'dee',
      email: 'Dev@Example.org',
      password_hash: passwordHash,
      role: 'Developer',
      landing_page_ndx: 3,
    });
    await makeUser(t.db, {
      user_id: 'usr_none',
      name: 'No Role',
      nickname: 'nr',
      email: 'none@example.org',
      password_hash: passwordHash,
      landing_page_ndx: 1,
    });
    app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent' });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('publishes discovery metadata under /oidc', async () => {
    const res = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as Record<string, unknown>;
    expect(meta.issuer).toBe(`${base}/oidc`);
    expect(meta.authorization_endpoint).toBe(`${base}/oidc/auth`);
    expect(meta.code_challenge_methods_supported).toContain('S256');
  });

  it('signs in with e-mail (any case) and password and issues a JWT access token with the roles claim', async () => {
    const flow = await signIn(base, config.oidc.clientId, config.oidc.audience, 'dev@example.org', 'correct horse 1');
    const tokens = await flow.finish();
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe(config.oidc.audience);
    expect(claims.iss).toBe(config.oidc.issuer);
    expect(claims[config.oidc.rolesClaim]).toEqual(['Developer']);
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      sub: 'usr_dev',
      email: 'Dev@Example.org',
      name: 'Dee Veloper',
      nickname: 'dee',
      roles: ['Developer'],
      landingPagePath: '/dashboards/mobile-dashboard',
    });
    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({ name: 'Dee Veloper', email: 'Dev@Example.org' });
  });

  it('gives a user without a role a token with an empty roles list, so protected routes answer 403', async () => {
    const tokens = await (await signIn(base, config.oidc.clientId, config.oidc.audience, 'none@example.org', 'correct horse 1')).finish();
    expect(decodeJwt(tokens.access_token)[config.oidc.rolesClaim]).toEqual([]);
    const res = await fetch(`${base}/api/display-list-facilities`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(res.status).toBe(403);
  });

  it('shows a clear message for a wrong password and keeps refusing repeated failures', async () => {
    // The growing delay between failures is covered by login-throttle.test.ts.
    for (const password of ['wrong password', 'wrong again']) {
      const flow = await signIn(base, config.oidc.clientId, config.oidc.audience, 'dev@example.org', password);
      expect(flow.loginResponse.status).toBe(401);
      expect(flow.loginHtml).toContain('The e-mail address or password is not correct.');
      expect(flow.loginHtml).toContain('value="dev@example.org"');
    }
  });

  it('refuses an unknown e-mail with the same message as a wrong password', async () => {
    const flow = await signIn(base, config.oidc.clientId, config.oidc.audience, 'nobody@example.org', 'whatever1');
    expect(flow.loginResponse.status).toBe(401);
    expect(flow.loginHtml).toContain('The e-mail address or password is not correct.');
  });
});
