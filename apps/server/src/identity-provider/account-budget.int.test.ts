import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { deliverPending } from '../outbox/deliver';
import { createSmtpMailer, type Mailer } from '../outbox/mailer';
import { makeUser } from '../../test/factories';
import { CookieJar, signIn } from '../../test/oidc-flow';
import { freePort } from '../../test/server-process';
import { mailText, startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { hashPassword, passwordsCheckedSoFar } from '../accounts/passwords';

const PASSWORD = 'owner password 1';
const NEW_PASSWORD = 'reset password 2';
const DEVICE_COOKIE = 'portal_device';
/** Eleven guessing addresses, ten guesses each: 110 wrong passwords on one account. */
const ATTACKERS = Array.from({ length: 11 }, (_, i) => `198.51.100.${i + 1}`);
const GUESSES_PER_ADDRESS = 10;
const TWO_MINUTES = 120_000;

interface Answer {
  status: number;
  retryAfter: string | null;
}

/**
 * Sign-in and the current-password check under a guessing attack spread over many addresses,
 * over real HTTP behind a trusted proxy (X-Forwarded-For tells the addresses apart). The wait
 * schedule is the production one; only the sleeps of the per-address delays are shortened and
 * the throttle's clock is the test's, so two minutes of attack take a few seconds.
 */
describe('a guessing budget per account across addresses, and device cookies', () => {
  let t: TestDatabase;
  let app: App;
  let config: AppConfig;
  let base: string;
  let smtp: SmtpTestServer;
  let mailer: Mailer;
  let now = Date.now();

  const signInFrom = (email: string, password: string, address: string, jar?: CookieJar) =>
    signIn(base, config.oidc.clientId, config.oidc.audience, email, password, { loginHeaders: { 'x-forwarded-for': address }, jar });
  /** A browser that signed in to the account before: its provider session has ended, its device cookie is kept. */
  const earlierBrowser = async (email: string, address: string) => {
    const first = await signInFrom(email, PASSWORD, address);
    expect(first.loginResponse.status).toBe(303);
    const tokens = await first.finish();
    const device = first.jar.get(DEVICE_COOKIE);
    expect(device).toBeTruthy();
    const jar = new CookieJar();
    jar.set(DEVICE_COOKIE, device!);
    return { jar, device: device!, accessToken: tokens.access_token };
  };
  const changePassword = (token: string, address: string, currentPassword: string, cookie?: string) =>
    fetch(`${base}/api/account/password`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ currentPassword, newPassword: 'taken over 123' }),
    });

  /**
   * The attack: every address sends its next guess at once; when all of a round are refused,
   * the attacker waits the shortest Retry-After (the clock moves on) and goes again, until the
   * guesses are spent or two minutes have passed. Returns how many guesses reached the check.
   */
  const attack = async (guess: (address: string) => Promise<Answer>) => {
    const left = new Map(ATTACKERS.map((a) => [a, GUESSES_PER_ADDRESS]));
    const started = now;
    const checkedBefore = passwordsCheckedSoFar();
    const refusals: Answer[] = [];
    for (let round = 0; round < 400 && now - started < TWO_MINUTES && [...left.values()].some((n) => n > 0); round++) {
      const answers = await Promise.all(
        [...left.entries()]
          .filter(([, n]) => n > 0)
          .map(async ([address]) => {
            const answer = await guess(address);
            if (answer.status !== 429) left.set(address, left.get(address)! - 1);
            return answer;
          }),
      );
      const refused = answers.filter((a) => a.status === 429);
      refusals.push(...refused);
      if (refused.length === answers.length) now += Math.min(...refused.map((a) => Number(a.retryAfter) * 1000));
    }
    // The attacker keeps taking the account's next check, so it is still waiting afterwards.
    await guess(ATTACKERS[0]);
    return { checked: passwordsCheckedSoFar() - checkedBefore, refusals, guessesLeft: [...left.values()].reduce((s, n) => s + n, 0) };
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    smtp = await startSmtpTestServer();
    mailer = createSmtpMailer(smtp.url, 'portal@example.org');
    const hash = await hashPassword(PASSWORD);
    for (const email of ['owner@example.org', 'changer@example.org', 'other@example.org']) {
      await makeUser(t.db, { role: 'User', email, password_hash: hash });
    }
    const port = await freePort();
    config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent', BASEMAPS: 'offline', TRUST_PROXY: 'loopback', SMTP_URL: smtp.url });
    base = config.publicUrl;
    app = await buildApp({
      config,
      db: t.db,
      logger: false,
      webDist: '/nonexistent',
      loginThrottle: { baseDelayMs: 1, maxDelayMs: 4, now: () => now },
    });
    await app.listen({ port, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    mailer.close();
    await smtp.close();
    await t.drop();
  });

  it("sign-in: 110 wrong passwords from 11 addresses, at most 30 checked in two minutes; the owner's earlier browser still signs in", async () => {
    const owner = await earlierBrowser('owner@example.org', '192.0.2.10');
    // The device cookie is signed, names nobody in clear text the page could read, and is not for scripts.
    const first = await signInFrom('other@example.org', PASSWORD, '192.0.2.11');
    const setCookie = first.loginResponse.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!;
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    expect(Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1])).toBeGreaterThanOrEqual(30 * 86_400);
    expect(setCookie).not.toMatch(/; Secure/i);

    let lastRefusal = '';
    const result = await attack(async (address) => {
      const flow = await signInFrom('owner@example.org', `wrong guess ${address}`, address);
      if (flow.loginResponse.status === 429) lastRefusal = flow.loginHtml;
      return { status: flow.loginResponse.status, retryAfter: flow.loginResponse.headers.get('retry-after') };
    });
    expect(result.checked).toBeLessThanOrEqual(30);
    expect(result.guessesLeft).toBeGreaterThan(0);
    expect(result.refusals.length).toBeGreaterThan(0);
    expect(result.refusals.every((r) => /^\d+$/.test(r.retryAfter ?? ''))).toBe(true);
    // The refusal is the sign-in page with a message a person can read, not an error body.
    expect(lastRefusal).toContain('<form');
    expect(lastRefusal).toMatch(/Too many failed sign-in attempts on this account\. Try again in \d+ (second|minute)s?\./);

    // A browser without the account's device cookie waits like the guessers, even with the right password...
    expect((await signInFrom('owner@example.org', PASSWORD, '192.0.2.10')).loginResponse.status).toBe(429);
    // ...and so does one with a forged cookie or the cookie of another account.
    const forged = new CookieJar();
    forged.set(DEVICE_COOKIE, `${owner.device.slice(0, -4)}AAAA`);
    expect((await signInFrom('owner@example.org', PASSWORD, '192.0.2.10', forged)).loginResponse.status).toBe(429);
    const others = new CookieJar();
    others.set(DEVICE_COOKIE, first.jar.get(DEVICE_COOKIE)!);
    expect((await signInFrom('owner@example.org', PASSWORD, '192.0.2.11', others)).loginResponse.status).toBe(429);

    // The owner's earlier browser is not held by the account's budget: it signs in at once.
    const checkedBefore = passwordsCheckedSoFar();
    const back = await signInFrom('owner@example.org', PASSWORD, '192.0.2.10', owner.jar);
    expect(back.loginResponse.status).toBe(303);
    expect((await back.finish()).access_token.split('.')).toHaveLength(3);
    expect(passwordsCheckedSoFar() - checkedBefore).toBe(1);
    // Each sign-in rotates the device cookie; the old one is no longer trusted.
    const rotated = back.jar.get(DEVICE_COOKIE)!;
    expect(rotated).not.toBe(owner.device);
    const stale = new CookieJar();
    stale.set(DEVICE_COOKIE, owner.device);
    expect((await signInFrom('owner@example.org', PASSWORD, '192.0.2.10', stale)).loginResponse.status).toBe(429);
  });

  it('a trusted browser has its own budget: wrong passwords from it are refused after ten, the account budget untouched', async () => {
    const device = await earlierBrowser('other@example.org', '192.0.2.20');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const jar = new CookieJar();
      jar.set(DEVICE_COOKIE, device.device);
      // From a new address each time (a laptop on the move): only the device's own count holds it.
      statuses.push((await signInFrom('other@example.org', `wrong ${i}`, `192.0.2.${100 + i}`, jar)).loginResponse.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // The account's budget was not spent by the device: a new browser still gets its checks.
    expect((await signInFrom('other@example.org', PASSWORD, '192.0.2.21')).loginResponse.status).toBe(303);
  });

  it('a password reset works during the attack, and the browser that reset it signs in', async () => {
    await attack(async (address) => {
      const flow = await signInFrom('owner@example.org', 'still guessing', address);
      return { status: flow.loginResponse.status, retryAfter: flow.loginResponse.headers.get('retry-after') };
    });
    expect((await signInFrom('owner@example.org', PASSWORD, '192.0.2.30')).loginResponse.status).toBe(429);
    const browser = new CookieJar();
    const asked = await browser.fetch(`${base}/oidc/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.30' },
      body: new URLSearchParams({ email: 'owner@example.org' }).toString(),
    });
    expect(asked.status).toBe(200);
    await deliverPending(t.db, mailer);
    const link = smtp.received.flatMap((m) => [...mailText(m.raw).matchAll(/https?:\/\/\S+/g)].map((x) => x[0])).at(-1)!;
    const token = new URL(link).searchParams.get('token')!;
    const reset = await browser.fetch(`${base}/oidc/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.30' },
      body: new URLSearchParams({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }).toString(),
    });
    expect(reset.status).toBe(200);
    expect(browser.get(DEVICE_COOKIE)).toBeTruthy();
    const signedIn = await signInFrom('owner@example.org', NEW_PASSWORD, '192.0.2.30', browser);
    expect(signedIn.loginResponse.status).toBe(303);
  });

  it("password change: 110 wrong current passwords from 11 addresses, at most 30 checked in two minutes; the owner's browser still changes it", async () => {
    const owner = await earlierBrowser('changer@example.org', '192.0.2.40');
    // The guesser holds a token of the account (a stolen session) and tries current passwords.
    const stolen = await earlierBrowser('changer@example.org', '192.0.2.41');
    let lastRefusal: Response | undefined;
    const result = await attack(async (address) => {
      const res = await changePassword(stolen.accessToken, address, `wrong guess ${address}`);
      if (res.status === 429) lastRefusal = res;
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    });
    expect(result.checked).toBeLessThanOrEqual(30);
    expect(result.guessesLeft).toBeGreaterThan(0);
    expect(result.refusals.every((r) => /^\d+$/.test(r.retryAfter ?? ''))).toBe(true);
    expect(await lastRefusal!.json()).toMatchObject({ error: 'Too Many Requests', message: expect.stringContaining('Try again in') });
    // Without the device cookie even the right password waits; with it the owner's browser goes through.
    expect((await changePassword(stolen.accessToken, '192.0.2.40', PASSWORD)).status).toBe(429);
    expect((await changePassword(owner.accessToken, '192.0.2.40', PASSWORD, `${DEVICE_COOKIE}=${owner.device}`)).status).toBe(204);
  });
});
