import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LINK_MESSAGES } from '@portal/contracts';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { deliverPending } from '../outbox/deliver';
import { listDeliveries, SENT_ACCOUNT_MESSAGE_BODY } from '../outbox/delivery.repository';
import { OUTRANKED_ACCOUNT_MESSAGE_BODY } from '../outbox/outbox-visibility';
import { createSmtpMailer, type Mailer } from '../outbox/mailer';
import { signIn, silentRenewal } from '../../test/oidc-flow';
import { mailText, startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import type { RoleName } from '@portal/contracts';
import { makeUser } from '../../test/factories';
import { LINK_REQUEST_ANSWER_MS } from './account-forms';
import { requestPasswordReset } from './password-reset';
import { hashPassword } from '../accounts/passwords';
import { freePort } from '../../test/server-process';

const THROTTLE = { baseDelayMs: 1, maxDelayMs: 4 };
const PASSWORD = 'old password 1';
const NEW_PASSWORD = 'brand new password 2';

/** Forgot password and sign-up over real HTTP, with the mail going through a real SMTP server. */
describe('forgot password and sign-up at the embedded identity provider', () => {
  let t: TestDatabase;
  let app: App;
  let config: AppConfig;
  let base: string;
  let smtp: SmtpTestServer;
  let mailer: Mailer;

  const addUser = async (id: string, role: RoleName | null) =>
    makeUser(t.db, {
      user_id: id,
      name: id,
      nickname: id,
      email: `${id}@example.org`,
      password_hash: await hashPassword(PASSWORD),
      role,
      landing_page_ndx: 1,
    });
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const api = (token: string, method: string, path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  const signInAs = (email: string, password: string) => signIn(base, config.oidc.clientId, config.oidc.audience, email, password);
  /** Sends what the delivery job would, and returns the links in the messages that arrived. */
  const deliveredLinks = async (): Promise<string[]> => {
    await deliverPending(t.db, mailer);
    return smtp.received.flatMap((m) => [...mailText(m.raw).matchAll(/https?:\/\/\S+/g)].map((x) => x[0]));
  };
  const tokenIn = (link: string) => new URL(link).searchParams.get('token')!;
  const pathOf = (link: string) => {
    const u = new URL(link);
    return `${u.pathname}${u.search}`;
  };
  const messageOf = (html: string) => /<div class="(?:done|error)" role="\w+">([^<]*)<\/div>/.exec(html)?.[1];
  const setSignUp = async (setting: { enabled: boolean; newAccountRole: 'User' | null }) =>
    sql`update sign_up_setting set enabled = ${setting.enabled}, new_account_role = ${setting.newAccountRole}`.execute(t.db);

  beforeAll(async () => {
    t = await createTestDatabase();
    smtp = await startSmtpTestServer();
    mailer = createSmtpMailer(smtp.url, 'portal@example.org');
    const port = await freePort();
    config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent', BASEMAPS: 'offline', SMTP_URL: smtp.url });
    base = config.publicUrl;
    for (const id of ['walker', 'again', 'late', 'closed', 'guessed']) await addUser(id, 'User');
    await addUser('admin', 'Administrator');
    await addUser('dev', 'Developer');
    await sql`update app_user set disabled = true where user_id = 'closed'`.execute(t.db);
    app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent', loginThrottle: THROTTLE });
    await app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    mailer.close();
    await smtp.close();
    await t.drop();
  });
  beforeEach(async () => {
    await deliverPending(t.db, mailer);
    smtp.received.length = 0;
    await setSignUp({ enabled: false, newAccountRole: null });
  });

  it('mails a reset link; the new password works, the old one and every earlier session and token do not', async () => {
    const earlier = await signInAs('walker@example.org', PASSWORD);
    const earlierToken = (await earlier.finish()).access_token;
    expect((await api(earlierToken, 'GET', '/api/auth/me')).status).toBe(200);
    const signInPage = await (await earlier.jar.fetch(`${base}/oidc/forgot-password`)).text();
    expect(signInPage).toContain('Send reset link');

    const asked = await form('/oidc/forgot-password', { email: 'Walker@Example.org' });
    expect(asked.status).toBe(200);
    expect(messageOf(await asked.text())).toBe(ACCOUNT_LINK_MESSAGES.resetRequested);
    const [link] = await deliveredLinks();
    expect(smtp.received[0].to).toEqual(['walker@example.org']);
    expect(link).toMatch(new RegExp(`^${base}/oidc/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
    // Only a hash of the token is stored, and the sent message in the log no longer carries it.
    const stored = await sql<{ token_hash: Buffer }>`select token_hash from account_link where purpose = 'password-reset'`.execute(t.db);
    expect(stored.rows.some((r) => r.token_hash.toString('base64url') === tokenIn(link))).toBe(false);
    const logged = (await listDeliveries(t.db, 10)).find((d) => d.purpose === 'password-reset')!;
    expect(logged).toMatchObject({ delivery_status: 'sent', alert_request_ndx: null, body: SENT_ACCOUNT_MESSAGE_BODY });

    const page = await fetch(`${base}${pathOf(link)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Confirm new password');
    const short = await form('/oidc/reset-password', { token: tokenIn(link), password: 'short', confirmPassword: 'short' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Must be at least 8 characters');
    const differ = await form('/oidc/reset-password', { token: tokenIn(link), password: NEW_PASSWORD, confirmPassword: 'something else' });
    expect(await differ.text()).toContain(ACCOUNT_LINK_MESSAGES.passwordsDiffer);

    const done = await form('/oidc/reset-password', { token: tokenIn(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(messageOf(await done.text())).toBe(ACCOUNT_LINK_MESSAGES.passwordReset);

    expect(await silentRenewal(earlier.jar, base, config.oidc.clientId, config.oidc.audience)).toBe('login_required');
    expect((await api(earlierToken, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await signInAs('walker@example.org', PASSWORD)).loginResponse.status).toBe(401);
    const fresh = await (await signInAs('walker@example.org', NEW_PASSWORD)).finish();
    expect((await api(fresh.access_token, 'GET', '/api/auth/me')).status).toBe(200);

    const audit = await sql<{ table_name: string; actor_sub: string | null; after: Record<string, unknown> }>`
      select table_name, actor_sub, after from audit_log where row_key = 'walker' order by audit_ndx`.execute(t.db);
    expect(audit.rows.map((r) => [r.table_name, r.actor_sub])).toEqual([
      ['account_link', null],
      ['app_user', 'walker'],
    ]);
    expect(audit.rows[1].after).toEqual({ password: 'reset with an e-mailed link' });
  });

  it('refuses a link the second time: it works once', async () => {
    await form('/oidc/forgot-password', { email: 'again@example.org' });
    const [link] = await deliveredLinks();
    const fields = { token: tokenIn(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await form('/oidc/reset-password', fields)).status).toBe(200);
    const reused = await form('/oidc/reset-password', { ...fields, password: 'attacker pass 9', confirmPassword: 'attacker pass 9' });
    expect(reused.status).toBe(400);
    expect(messageOf(await reused.text())).toBe(ACCOUNT_LINK_MESSAGES.linkInvalid);
    expect((await fetch(`${base}${pathOf(link)}`)).status).toBe(400);
    expect((await signInAs('again@example.org', 'attacker pass 9')).loginResponse.status).toBe(401);
  });

  it('refuses a link past its hour', async () => {
    await form('/oidc/forgot-password', { email: 'late@example.org' });
    const [link] = await deliveredLinks();
    await sql`update account_link set expires_at = now() - interval '1 second', created_at = now() - interval '61 minutes'
               where user_id = 'late'`.execute(t.db);
    expect((await fetch(`${base}${pathOf(link)}`)).status).toBe(400);
    const late = await form('/oidc/reset-password', { token: tokenIn(link), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(late.status).toBe(400);
    expect(messageOf(await late.text())).toBe(ACCOUNT_LINK_MESSAGES.linkInvalid);
    expect((await signInAs('late@example.org', NEW_PASSWORD)).loginResponse.status).toBe(401);
  });

  it('answers an unknown or disabled address exactly as a known one, no sooner, and mails nothing', async () => {
    const answer = async (email: string) => {
      const started = Date.now();
      const res = await form('/oidc/forgot-password', { email });
      return { status: res.status, html: await res.text(), ms: Date.now() - started };
    };
    const known = await answer('guessed@example.org');
    const unknown = await answer('nobody@example.org');
    const disabled = await answer('closed@example.org');
    expect(unknown.status).toBe(known.status);
    expect(unknown.html).toBe(known.html);
    expect(disabled.html).toBe(known.html);
    for (const a of [known, unknown, disabled]) expect(a.ms).toBeGreaterThanOrEqual(LINK_REQUEST_ANSWER_MS - 5);
    await deliveredLinks();
    expect(smtp.received.flatMap((m) => m.to)).toEqual(['guessed@example.org']);
    const audited = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where table_name = 'account_link' and after->>'email' = 'nobody@example.org'`.execute(t.db);
    expect(audited.rows[0].n).toBe(1);
  });

  it('refuses an e-mail address that is no address, with the form and its message', async () => {
    const res = await form('/oidc/forgot-password', { email: 'not an address' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Requires Email');
  });

  it('answers malformed requests to every page with a readable 4xx page, never a 5xx', async () => {
    await setSignUp({ enabled: true, newAccountRole: null });
    const odd: Array<[string, RequestInit]> = [
      ['/oidc/reset-password?token=short', {}],
      ['/oidc/reset-password?token=a&token=b', {}],
      [`/oidc/reset-password?token=${'A'.repeat(43)}`, {}],
      [`/oidc/sign-up/complete?token=${'A'.repeat(43)}`, {}],
    ];
    for (const path of ['/oidc/forgot-password', '/oidc/reset-password', '/oidc/sign-up', '/oidc/sign-up/complete']) {
      odd.push([path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":["x"],"token":{"a":1}}' }]);
      odd.push([path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' }]);
      odd.push([
        path,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a&email=b&token=x' },
      ]);
      odd.push([path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' }]);
    }
    for (const [path, init] of odd) {
      const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
      const text = await res.text();
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(500);
      expect(text).not.toMatch(/stack|at \w+ \(|select |insert /i);
    }
    const back = await (await fetch(`${base}/oidc/forgot-password?back=https://evil.example.org`)).text();
    expect(back).not.toContain('evil.example.org');
  });

  it('throttles reset requests like sign-in: 10 per address and account, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await form('/oidc/forgot-password', { email: 'flood@example.org' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('keeps the message in the outbox when no SMTP server is configured', async () => {
    await requestPasswordReset(t.db, { smtpUrl: undefined, publicUrl: base }, 'guessed@example.org');
    const held = (await listDeliveries(t.db, 5)).find((d) => d.delivery_status === 'outbox')!;
    expect(held).toMatchObject({ purpose: 'password-reset', address: 'guessed@example.org', alert_request_ndx: null });
    expect(held.body).toMatch(/\/oidc\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    await deliverPending(t.db, mailer);
    expect(smtp.received).toHaveLength(0);
  });

  it("hides from the outbox the reset link of an account whose role is above the reader's", async () => {
    await requestPasswordReset(t.db, { smtpUrl: undefined, publicUrl: base }, 'dev@example.org');
    await requestPasswordReset(t.db, { smtpUrl: undefined, publicUrl: base }, 'walker@example.org');
    const outboxOf = async (email: string) => {
      const token = (await (await signInAs(email, PASSWORD)).finish()).access_token;
      const res = await api(token, 'GET', '/api/alerts-delivery-log?limit=10');
      expect(res.status).toBe(200);
      const rows = (await res.json()) as { address: string; body: string; delivery_status: string }[];
      return (address: string) => rows.find((r) => r.address === address && r.delivery_status === 'outbox')!.body;
    };
    const link = /\/oidc\/reset-password\?token=[A-Za-z0-9_-]{43}/;
    const asAdmin = await outboxOf('admin@example.org');
    expect(asAdmin('walker@example.org')).toMatch(link);
    expect(asAdmin('dev@example.org')).not.toMatch(link);
    expect(asAdmin('dev@example.org')).toBe(OUTRANKED_ACCOUNT_MESSAGE_BODY);
    const asDeveloper = await outboxOf('dev@example.org');
    expect(asDeveloper('dev@example.org')).toMatch(link);
    expect(asDeveloper('walker@example.org')).toMatch(link);
  });

  it('refuses sign-up while it is off: no link, the page 404, the form 403, nothing mailed', async () => {
    const flow = await signInAs('x@example.org', 'wrong password');
    expect(flow.loginHtml).toContain('Forgot password?');
    expect(flow.loginHtml).not.toContain('Sign up');
    expect((await fetch(`${base}/oidc/sign-up`)).status).toBe(404);
    const post = await form('/oidc/sign-up', { email: 'stranger@example.org' });
    expect(post.status).toBe(403);
    expect(messageOf(await post.text())).toBe(ACCOUNT_LINK_MESSAGES.signUpOff);
    expect(await deliveredLinks()).toEqual([]);
  });

  it('lets an administrator turn sign-up on (audited); a confirmed address becomes an account with the named role', async () => {
    const adminToken = (await (await signInAs('admin@example.org', PASSWORD)).finish()).access_token;
    const off = await api(adminToken, 'GET', '/api/sign-up-setting');
    expect(await off.json()).toEqual({ enabled: false, newAccountRole: null, embeddedSignIn: true });
    const tooHigh = await api(adminToken, 'PUT', '/api/sign-up-setting', { enabled: true, newAccountRole: 'Administrator' });
    expect(tooHigh.status).toBe(400);
    expect(((await tooHigh.json()) as { message: string }).message).toContain('newAccountRole must be null (no role) or User');
    const userToken = (await (await signInAs('guessed@example.org', PASSWORD)).finish()).access_token;
    expect((await api(userToken, 'PUT', '/api/sign-up-setting', { enabled: true, newAccountRole: 'User' })).status).toBe(403);
    const on = await api(adminToken, 'PUT', '/api/sign-up-setting', { enabled: true, newAccountRole: 'User' });
    expect(on.status).toBe(200);
    const audit = await sql<{ actor_sub: string }>`select actor_sub from audit_log where table_name = 'sign_up_setting'`.execute(t.db);
    expect(audit.rows.map((r) => r.actor_sub)).toEqual(['admin']);

    expect((await signInAs('x@example.org', 'wrong password')).loginHtml).toContain('Sign up');
    expect((await fetch(`${base}/oidc/sign-up`)).status).toBe(200);
    const asked = await form('/oidc/sign-up', { email: 'newcomer@example.org' });
    expect(messageOf(await asked.text())).toBe(ACCOUNT_LINK_MESSAGES.signUpRequested);
    const taken = await form('/oidc/sign-up', { email: 'walker@example.org' });
    expect(messageOf(await taken.text())).toBe(ACCOUNT_LINK_MESSAGES.signUpRequested);
    const links = await deliveredLinks();
    const link = links.find((l) => l.includes('/oidc/sign-up/complete'))!;
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['newcomer@example.org', 'walker@example.org']);

    expect(await (await fetch(`${base}${pathOf(link)}`)).text()).toContain('newcomer@example.org');
    const missing = await form('/oidc/sign-up/complete', {
      token: tokenIn(link),
      name: '',
      nickname: 'N',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Requires Full-name');
    const done = await form('/oidc/sign-up/complete', {
      token: tokenIn(link),
      name: 'New Comer',
      nickname: 'newbie',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    expect(messageOf(await done.text())).toBe(ACCOUNT_LINK_MESSAGES.signedUp);
    const again = await form('/oidc/sign-up/complete', {
      token: tokenIn(link),
      name: 'Other',
      nickname: 'o',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(again.status).toBe(400);

    const fresh = await (await signInAs('newcomer@example.org', NEW_PASSWORD)).finish();
    const me = (await (await api(fresh.access_token, 'GET', '/api/auth/me')).json()) as { roles: string[]; name: string };
    expect(me).toMatchObject({ roles: ['User'], name: 'New Comer' });
    const created = await sql<{ actor_sub: string; row_key: string }>`
      select actor_sub, row_key from audit_log where table_name = 'app_user' and action = 'insert'`.execute(t.db);
    expect(created.rows).toHaveLength(1);
    expect(created.rows[0].actor_sub).toBe(created.rows[0].row_key);
  });

  it('refuses to finish a sign-up once an administrator has turned it off again', async () => {
    await setSignUp({ enabled: true, newAccountRole: null });
    await form('/oidc/sign-up', { email: 'toolate@example.org' });
    const [link] = await deliveredLinks();
    await setSignUp({ enabled: false, newAccountRole: null });
    expect((await fetch(`${base}${pathOf(link)}`)).status).toBe(404);
    const post = await form('/oidc/sign-up/complete', {
      token: tokenIn(link),
      name: 'T',
      nickname: 't',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(post.status).toBe(403);
    const rows = await sql`select 1 from app_user where email = 'toolate@example.org'`.execute(t.db);
    expect(rows.rows).toHaveLength(0);
  });
});
