import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { mailText, startSmtpTestServer, type SmtpTestServer } from '../../apps/server/test/smtp-test-server';
import { BASE_URL, launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
const SETTINGS_PAGE = '/data-access/system-management/sign-up-settings';
const NEWCOMER = { email: `newcomer.${Date.now()}@example.org`, name: 'Nora Newcomer', nickname: 'nora' };
const FIRST_PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';
const THIRD_PASSWORD = 'third password 3';
const SIZES: Array<[number, number]> = [
  [1280, 720],
  [1440, 900],
  [375, 812],
];

/** Screenshots at each size; the page must not scroll sideways. */
async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, `account-links-${name}-${w}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `${name} at ${w}px scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The link in the newest message to the address, waiting for the worker to send it. */
async function linkMailedTo(smtp: SmtpTestServer, address: string, seen: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mails = smtp.received.filter((m) => m.to.includes(address));
    if (mails.length > seen) {
      const link = /https?:\/\/\S+/.exec(mailText(mails[mails.length - 1].raw))?.[0];
      assert.ok(link, 'the message carries a link');
      return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message reached ${address}`);
}

/** Opens the portal's sign-in page at the embedded identity provider. */
async function openSignIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
}

async function setSignUp(browser: Browser, on: boolean): Promise<void> {
  const context = await newContext(browser, { width: 1280, height: 720 });
  const page = await context.newPage();
  await signInFromLanding(page, 'admin@demo.local');
  await page.goto(SETTINGS_PAGE);
  await page.getByRole('heading', { name: 'Sign-up Settings' }).waitFor();
  const toggle = page.getByRole('switch', { name: 'Allow sign-up' });
  await toggle.waitFor();
  if ((await toggle.isChecked()) !== on) await toggle.click();
  if (on) {
    await page.getByRole('combobox', { name: 'Role of new accounts' }).click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(on ? 'Sign-up is on.' : 'Sign-up is off.').waitFor();
  await shots(page, `settings-${on ? 'on' : 'off'}`);
  await context.close();
}

describe('forgot password and sign-up at the sign-in page', () => {
  let browser: Browser;
  let smtp: SmtpTestServer;

  before(async () => {
    assert.ok(SMTP_PORT, 'e2e/run.ts passes E2E_SMTP_PORT');
    smtp = await startSmtpTestServer(SMTP_PORT);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await smtp?.close();
  });

  it('shows no Sign up while sign-up is off, and the page answers 404', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await openSignIn(page);
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Sign up' }).count(), 0);
    await shots(page, 'sign-in-off');
    const res = await page.goto('/oidc/sign-up');
    assert.equal(res?.status(), 404);
    await page.getByText('Sign-up is turned off. Ask an administrator for an account.').waitFor();
    await context.close();
  });

  it('an administrator turns sign-up on; a visitor signs up with a mailed link and signs in as a User', async () => {
    await setSignUp(browser, true);
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await openSignIn(page);
    await shots(page, 'sign-in-on');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    await page.getByRole('button', { name: 'Send sign-up link' }).click();
    await page.getByText('Requires Email').waitFor();
    await shots(page, 'sign-up-required');
    const seen = smtp.received.filter((m) => m.to.includes(NEWCOMER.email)).length;
    await page.getByLabel('E-mail').fill(NEWCOMER.email);
    await page.getByRole('button', { name: 'Send sign-up link' }).click();
    await page.getByText('Check your e-mail: a link to finish signing up is on its way.', { exact: false }).waitFor();
    await shots(page, 'sign-up-sent');

    const link = await linkMailedTo(smtp, NEWCOMER.email, seen);
    assert.ok(link.startsWith(`${BASE_URL}/oidc/sign-up/complete?token=`), link);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Finish signing up' }).waitFor();
    await page.getByText(NEWCOMER.email, { exact: false }).waitFor();
    await page.getByLabel('Full-name').fill(NEWCOMER.name);
    await page.getByLabel('Nickname').fill(NEWCOMER.nickname);
    await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await shots(page, 'complete-sign-up-error');
    await page.getByLabel('New password', { exact: true }).fill(FIRST_PASSWORD);
    await page.getByLabel('Confirm new password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Your account has been created. Sign in with your e-mail address and password.').waitFor();
    await shots(page, 'signed-up');

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByLabel('E-mail').fill(NEWCOMER.email);
    await page.getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
    const me = await page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
      const token = key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : '';
      const res = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
      return (await res.json()) as { roles: string[]; name: string };
    });
    assert.deepEqual(me.roles, ['User']);
    assert.equal(me.name, NEWCOMER.name);
    await context.close();
  });

  it('walks forgot password: the mailed link sets a new password, which signs in; the link then refuses', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await openSignIn(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await shots(page, 'forgot-password');
    const seen = smtp.received.filter((m) => m.to.includes(NEWCOMER.email)).length;
    await page.getByLabel('E-mail').fill(NEWCOMER.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses that e-mail address, a link to reset its password is on its way.', { exact: false }).waitFor();
    await shots(page, 'reset-sent');

    const link = await linkMailedTo(smtp, NEWCOMER.email, seen);
    assert.ok(link.startsWith(`${BASE_URL}/oidc/reset-password?token=`), link);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Must be at least 8 characters').waitFor();
    await shots(page, 'reset-password-error');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed. Sign in with the new password.').waitFor();
    await shots(page, 'password-changed');

    const again = await page.goto(link);
    assert.equal(again?.status(), 400);
    await page.getByText('This link is not valid any more', { exact: false }).waitFor();
    await shots(page, 'link-spent');

    await openSignIn(page);
    await page.getByLabel('E-mail').fill(NEWCOMER.email);
    await page.getByLabel('Password').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
    await context.close();
  });

  it('changes the password on the profile page: this browser stays signed in, another is shut out at once', async () => {
    const here = await newContext(browser, { width: 1280, height: 720 });
    const elsewhere = await newContext(browser, { width: 1280, height: 720 });
    const page = await here.newPage();
    const other = await elsewhere.newPage();
    await signInFromLanding(page, NEWCOMER.email, NEW_PASSWORD);
    await signInFromLanding(other, NEWCOMER.email, NEW_PASSWORD);
    // The API as each page calls it: with the access token the web app holds.
    const meStatus = (p: Page) =>
      p.evaluate(async () => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
        const token = key ? (JSON.parse(sessionStorage.getItem(key)!) as { access_token: string }).access_token : '';
        return (await fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status;
      });
    assert.equal(await meStatus(other), 200);

    await page.goto('/account/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    // A wrong current password is shown at its field, not only in a toast.
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill(THIRD_PASSWORD);
    await form.getByLabel('Repeat new password').fill(THIRD_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    const current = form.getByLabel('Current password');
    await form.getByText('The current password is not correct').waitFor();
    assert.equal(await current.getAttribute('aria-invalid'), 'true');
    const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
    assert.match((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '', /The current password is not correct/);
    await shots(page, 'profile-password-wrong-current');
    await form.getByLabel('Current password').fill(NEW_PASSWORD);
    await form.getByLabel('New password', { exact: true }).fill(THIRD_PASSWORD);
    await form.getByLabel('Repeat new password').fill(THIRD_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed', { exact: true }).waitFor();
    await shots(page, 'profile-password-changed');
    assert.equal(await meStatus(page), 200, 'the browser that changed it holds a token that works');
    assert.equal(await meStatus(other), 401, 'a token issued with the old password is refused at once');
    await here.close();
    await elsewhere.close();
  });

  it('an administrator turns sign-up off again: the link goes and the form refuses', async () => {
    await setSignUp(browser, false);
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await openSignIn(page);
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Sign up' }).count(), 0);
    const refused = await page.request.post('/oidc/sign-up', { form: { email: 'late@example.org' } });
    assert.equal(refused.status(), 403);
    await context.close();
  });
});
