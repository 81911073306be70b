import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { hashPassword, passwordsCheckedSoFar } from '../../accounts/passwords';
import { loadConfig, type AppConfig } from '../../config';
import { signIn, silentRenewal, silentRenewalTokens } from '../../../test/oidc-flow';
import { revokeOtherProviderGrants } from '../../accounts/account-store.repository';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import type { RoleName } from '@portal/contracts';
import { makeUser } from '../../../test/factories';
import { freePort } from '../../../test/server-process';

// Short delays keep the test quick; the limits are the real ones. The throttle's clock stands
// still, so a wait the account's budget books never runs out during the test.
const NOW = Date.now();
const THROTTLE = { baseDelayMs: 1, maxDelayMs: 4, now: () => NOW };
const PASSWORD = 'correct horse 1';

/** Accounts and their tokens with the embedded provider, over real HTTP with real sign-ins. */
describe('accounts and sessions', () => {
  let t: TestDatabase;
  let app: App;
  let config: AppConfig;
  let base: string;

  const addUser = async (id: string, role: RoleName) =>
    makeUser(t.db, {
      user_id: id,
      name: id,
      nickname: id,
      email: `${id}@example.org`,
      password_hash: await hashPassword(PASSWORD),
      role,
      landing_page_ndx: 1,
    });
  const signInAs = (id: string, password = PASSWORD) =>
    signIn(base, config.oidc.clientId, config.oidc.audience, `${id}@example.org`, password);
  const tokenOf = async (id: string) => (await (await signInAs(id)).finish()).access_token;
  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const newAdministrator = (email: string) => ({
    email,
    name: 'Mallory',
    nickname: 'mal',
    password: 'backdoor pass 1',
    role: 'rol_administrator',
    landingPageNdx: 1,
    facilities: [],
  });

  beforeAll(async () => {
    t = await createTestDatabase();
    const port = await freePort();
    config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
    base = config.publicUrl;
    await addUser('boss', 'Developer');
    for (const id of ['keeper', 'leaver', 'demoted']) await addUser(id, 'Administrator');
    for (const id of ['walker', 'guesser']) await addUser(id, 'User');
    app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent', loginThrottle: THROTTLE });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it("refuses a deleted Administrator's access token at once: no new Administrator from it", async () => {
    const boss = await tokenOf('boss');
    const leaver = await tokenOf('leaver');
    expect((await api(leaver, 'GET', '/api/users-management/users')).status).toBe(200);
    expect((await api(boss, 'DELETE', '/api/users-management/users/leaver')).status).toBe(204);
    const backdoor = await api(leaver, 'POST', '/api/users-management/users', newAdministrator('backdoor1@example.org'));
    expect(backdoor.status).toBe(401);
    expect(((await backdoor.json()) as { message: string }).message).toContain('sign in again');
    expect((await api(leaver, 'GET', '/api/users-management/users')).status).toBe(401);
    expect((await t.db.selectFrom('app_user').select('user_id').where('email', '=', 'backdoor1@example.org').execute()).length).toBe(0);
  });

  it("refuses a demoted Administrator's access token at once; the next token carries the new role", async () => {
    const boss = await tokenOf('boss');
    const demoted = await tokenOf('demoted');
    const me = ((await (await api(boss, 'GET', '/api/users-management/users')).json()) as Record<string, unknown>[]).find(
      (u) => u.auth0_user_id === 'demoted',
    )!;
    const asUser = {
      id: 'demoted',
      email: me.auth0_email,
      name: me.auth0_name,
      nickname: me.auth0_nickname,
      role: 'rol_user',
      landingPageNdx: 1,
      facilities: [],
    };
    expect((await api(boss, 'PUT', '/api/users-management/users', asUser)).status).toBe(200);
    expect((await api(demoted, 'POST', '/api/users-management/users', newAdministrator('backdoor2@example.org'))).status).toBe(401);
    expect((await api(demoted, 'GET', '/api/auth/me')).status).toBe(401);
    const fresh = await tokenOf('demoted');
    expect(decodeJwt(fresh)[config.oidc.rolesClaim]).toEqual(['User']);
    expect((await api(fresh, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await api(fresh, 'POST', '/api/users-management/users', newAdministrator('backdoor3@example.org'))).status).toBe(403);
    // Other accounts' tokens are untouched.
    expect((await api(await tokenOf('keeper'), 'GET', '/api/users-management/users')).status).toBe(200);
  });

  it("a password change ends the account's other sign-in sessions and their access tokens at once, and keeps the one that changed it", async () => {
    const elsewhere = await signInAs('walker');
    const elsewhereToken = (await elsewhere.finish()).access_token;
    const here = await signInAs('walker');
    const token = (await here.finish()).access_token;
    const renew = (flow: typeof here) => silentRenewal(flow.jar, base, config.oidc.clientId, config.oidc.audience);
    expect(await renew(elsewhere)).toBe('code');
    expect((await api(elsewhereToken, 'GET', '/api/auth/me')).status).toBe(200);
    expect((await api(token, 'PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password 2' })).status).toBe(
      204,
    );
    expect(await renew(elsewhere)).toBe('login_required');
    // The other session's token, issued with the old password, is refused now, not at its expiry.
    expect((await api(elsewhereToken, 'GET', '/api/auth/me')).status).toBe(401);
    // The browser that changed it renews silently, as the web app does after the change.
    const renewed = await silentRenewalTokens(here.jar, base, config.oidc.clientId, config.oidc.audience);
    expect((await api(renewed.access_token, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('ends every sign-in session of the account when no grant is to be kept (a token without a grant id)', async () => {
    await addUser('roamer', 'User');
    const first = await signInAs('roamer');
    await first.finish();
    const second = await signInAs('roamer');
    await second.finish();
    const renew = (flow: typeof first) => silentRenewal(flow.jar, base, config.oidc.clientId, config.oidc.audience);
    expect(await renew(first)).toBe('code');
    expect(await revokeOtherProviderGrants(t.db, 'roamer', null)).toBeGreaterThan(0);
    expect(await renew(first)).toBe('login_required');
    expect(await renew(second)).toBe('login_required');
  });

  it("throttles the current-password check like sign-in: the account's budget (5) and one more checked, then 429 even for the right one", async () => {
    const token = await tokenOf('guesser');
    const checkedBefore = passwordsCheckedSoFar();
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api(token, 'PUT', '/api/account/password', { currentPassword: `wrong guess ${i}`, newPassword: 'taken over 1' }),
      ),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24);
    expect(passwordsCheckedSoFar() - checkedBefore).toBe(6);
    const right = await api(token, 'PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'taken over 1' });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await right.json()).toMatchObject({ error: 'Too Many Requests', message: expect.stringContaining('Try again in') });
    expect(passwordsCheckedSoFar() - checkedBefore).toBe(6);
  });
});
