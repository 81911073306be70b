import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { makeBasemap, makeUser } from '../../test/factories';
import { signIn, silentRenewal } from '../../test/oidc-flow';
import { hashPassword, passwordsCheckedSoFar } from '../accounts/passwords';
import { freePort } from '../../test/server-process';

// Short delays keep the test quick; the pair and address limits are the real ones. The budget of
// an account across addresses is off here so those two show alone; account-budget.int.test.ts
// tests it, with device cookies.
const THROTTLE = { baseDelayMs: 1, maxDelayMs: 4, accountBudget: null };
const PASSWORD = 'correct horse 1';

async function startApp(db: TestDatabase['db'], env: Record<string, string> = {}): Promise<{ app: App; config: AppConfig; base: string }> {
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent', BASEMAPS: 'offline', ...env });
  const app = await buildApp({ config, db, logger: false, webDist: '/nonexistent', loginThrottle: THROTTLE });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, config, base: config.publicUrl };
}

describe('sign-in under attack (embedded provider, real HTTP)', () => {
  let t: TestDatabase;
  let plain: Awaited<ReturnType<typeof startApp>>;
  let proxied: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    t = await createTestDatabase();
    const hash = await hashPassword(PASSWORD);
    for (let n = 1; n <= 5; n++)
      await makeUser(t.db, {
        user_id: `usr_${n}`,
        name: `User ${n}`,
        nickname: `u${n}`,
        email: `user${n}@example.org`,
        password_hash: hash,
        role: 'User',
        landing_page_ndx: 1,
      });
    await makeBasemap(t.db, { name: 'Streets', style_url: null, display_order: 1, offline: true });
    plain = await startApp(t.db);
    // Behind a proxy on loopback: X-Forwarded-For is believed, so addresses can be told apart.
    proxied = await startApp(t.db, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await plain.app.close();
    await proxied.app.close();
    await t.drop();
  });

  const attempt = (target: typeof plain, email: string, password: string, headers: Record<string, string> = {}) =>
    signIn(target.base, target.config.oidc.clientId, target.config.oidc.audience, email, password, { loginHeaders: headers });

  it('ignores X-Forwarded-For from a client when no proxy is trusted: made-up addresses do not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const flow = await attempt(plain, 'user1@example.org', 'wrong', { 'x-forwarded-for': `203.0.113.${i + 1}` });
      statuses.push(flow.loginResponse.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const refused = await attempt(plain, 'user1@example.org', 'wrong');
    expect(refused.loginResponse.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.loginHtml).toContain('Too many failed sign-in attempts.');
  });

  it('counts a burst of 40 concurrent wrong passwords before checking them: at most 10 are checked', async () => {
    const checkedBefore = passwordsCheckedSoFar();
    const flows = await Promise.all(
      Array.from({ length: 40 }, () => attempt(proxied, 'user2@example.org', 'wrong', { 'x-forwarded-for': '198.51.100.7' })),
    );
    const statuses = flows.map((f) => f.loginResponse.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // Not only the answers: the password hash was checked 10 times, not 40.
    expect(passwordsCheckedSoFar() - checkedBefore).toBe(10);
  });

  it('refuses only the guessing address: the owner signs in from another address with the right password', async () => {
    for (let i = 0; i < 12; i++) await attempt(proxied, 'user3@example.org', 'wrong', { 'x-forwarded-for': '198.51.100.8' });
    const stranger = await attempt(proxied, 'user3@example.org', PASSWORD, { 'x-forwarded-for': '198.51.100.8' });
    expect(stranger.loginResponse.status).toBe(429);
    const owner = await attempt(proxied, 'user3@example.org', PASSWORD, { 'x-forwarded-for': '192.0.2.44' });
    expect(owner.loginResponse.status).toBe(303);
    const tokens = await owner.finish();
    expect(tokens.access_token.split('.')).toHaveLength(3);
  });

  it('issues access tokens with typ at+jwt and exp, which the API accepts', async () => {
    const tokens = await (await attempt(plain, 'user4@example.org', PASSWORD)).finish();
    const header = JSON.parse(Buffer.from(tokens.access_token.split('.')[0], 'base64url').toString()) as { typ?: string };
    expect(header.typ).toBe('at+jwt');
    const me = await fetch(`${plain.base}/api/auth/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.status).toBe(200);
  });

  it('answers NUL bytes in client_id, state or a token to revoke with a 4xx, never a 500', async () => {
    const auth = new URL(`${plain.base}/oidc/auth`);
    const params = {
      client_id: plain.config.oidc.clientId,
      redirect_uri: `${plain.base}/auth/callback`,
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      state: 'st',
    };
    auth.search = new URLSearchParams({ ...params, client_id: 'portal\u0000web' }).toString();
    const badClient = await fetch(auth, { redirect: 'manual' });
    expect(badClient.status).toBeGreaterThanOrEqual(400);
    expect(badClient.status).toBeLessThan(500);
    auth.search = new URLSearchParams({ ...params, state: 'st\u0000ate' }).toString();
    const badState = await fetch(auth, { redirect: 'manual' });
    expect(badState.status).toBeLessThan(500);
    expect(badState.headers.get('location') ?? '').not.toContain('interaction');
    const revoke = await fetch(`${plain.base}/oidc/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'abc\u0000def', client_id: plain.config.oidc.clientId }).toString(),
    });
    expect(revoke.status).toBeLessThan(500);
  });

  it('never copies a client-sent X-Forwarded-Host into the discovery document or basemap URLs', async () => {
    const meta = (await (
      await fetch(`${plain.base}/oidc/.well-known/openid-configuration`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      })
    ).json()) as Record<string, string>;
    expect(meta.authorization_endpoint).toBe(`${plain.base}/oidc/auth`);
    expect(JSON.stringify(meta)).not.toContain('evil.example');
    const basemaps = await fetch(`${plain.base}/api/public-map/basemaps`, {
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(basemaps.status).toBe(200);
    const text = await basemaps.text();
    expect(text).toContain(plain.base);
    expect(text).not.toContain('evil.example');
  });

  it('sends security headers; the sign-in page may never be framed', async () => {
    const config = await fetch(`${plain.base}/api/config`);
    expect(config.headers.get('x-content-type-options')).toBe('nosniff');
    expect(config.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(config.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const flow = await attempt(plain, 'nobody@example.org', 'whatever1');
    expect(flow.loginResponse.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(flow.loginResponse.headers.get('x-frame-options')).toBe('DENY');
    const discovery = await fetch(`${plain.base}/oidc/.well-known/openid-configuration`);
    expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signs in at a loopback alias of PUBLIC_URL, and names PUBLIC_URL when opened at another address', async () => {
    const alias = plain.base.replace('localhost', '127.0.0.1');
    const flow = await signIn(alias, plain.config.oidc.clientId, plain.config.oidc.audience, 'user4@example.org', PASSWORD);
    expect(flow.loginResponse.status).toBe(303);
    expect((await flow.finish()).access_token).toBeTruthy();
    const auth = new URL(`${plain.base}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: plain.config.oidc.clientId,
      redirect_uri: plain.base.replace('localhost', '192.0.2.10') + '/auth/callback',
      response_type: 'code',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    }).toString();
    const res = await fetch(auth, { redirect: 'manual' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`This portal signs in at ${plain.base}`);
    expect(html).toContain('set PUBLIC_URL');
  });

  it('signs out at once only when the portal sends the browser; a link from another site asks first', async () => {
    const endSession = (flow: Awaited<ReturnType<typeof attempt>>, hint?: string) => {
      const url = new URL(`${plain.base}/oidc/session/end`);
      if (hint) url.search = new URLSearchParams({ id_token_hint: hint, post_logout_redirect_uri: `${plain.base}/` }).toString();
      return flow.jar.fetch(url.toString());
    };
    const owner = await attempt(plain, 'user4@example.org', PASSWORD);
    const ownTokens = await owner.finish();
    const other = await attempt(plain, 'user3@example.org', PASSWORD);
    const othersTokens = await other.finish();

    // Another site links or posts the signed-in browser here: no hint, or someone else's ID token.
    for (const hint of [undefined, othersTokens.id_token]) {
      const page = await endSession(owner, hint);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Do you want to sign out of the Water Resources Portal?');
      expect(html).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('.submit()');
    }
    // The browser is still signed in.
    expect(await silentRenewal(owner.jar, plain.base, plain.config.oidc.clientId, plain.config.oidc.audience)).toBe('code');

    // The portal's own sign-out carries the account's ID token: the form submits itself.
    const own = await endSession(owner, ownTokens.id_token);
    const html = await own.text();
    expect(html).toContain('Signing you out...');
    expect(html).toContain('.submit()');
  });

  it('escapes what the sign-in page echoes back', async () => {
    const flow = await attempt(plain, '"><script>alert(1)</script>@example.org', 'whatever1');
    expect(flow.loginResponse.status).toBe(401);
    expect(flow.loginHtml).not.toContain('<script>alert(1)</script>');
    expect(flow.loginHtml).toContain('&lt;script&gt;');
  });
});

describe('rate limits of expensive public endpoints', () => {
  it('answers 429 with Retry-After and the error shape past the camera proxy limit, per client address', async () => {
    const t = await createTestDatabase();
    const config = loadConfig({ PORT: '3998', LOG_LEVEL: 'silent', BASEMAPS: 'offline', TRUST_PROXY: 'loopback' });
    const app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent' });
    try {
      const post = (ip: string) =>
        app.inject({ method: 'POST', url: '/api/river-photos', headers: { 'x-forwarded-for': ip }, payload: { camera: 'nowhere' } });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await post('198.51.100.20')).statusCode);
      // Unknown camera: 404 until the limit, then refused without any work.
      expect(statuses.every((s) => s === 404)).toBe(true);
      const refused = await post('198.51.100.20');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toMatchObject({ error: 'Too Many Requests' });
      expect(refused.json().message).toContain('at most 60 a minute');
      expect((await post('198.51.100.21')).statusCode).toBe(404);
    } finally {
      await app.close();
      await t.drop();
    }
  });
});
