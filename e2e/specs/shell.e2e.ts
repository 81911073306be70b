import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/** Sidebar entries that tell the roles apart (nav-items.ts is the full list). */
const ROLE_ITEMS = ['Mobile Tracker', 'Query & Download', 'System Management', 'Users Management', 'Facilities List'] as const;

const ACCOUNTS: Array<{ email: string; landing: string; sees: (typeof ROLE_ITEMS)[number][]; developer?: boolean }> = [
  { email: 'admin@demo.local', landing: '/map', sees: ['Mobile Tracker', 'Query & Download', 'System Management', 'Users Management', 'Facilities List'] },
  { email: 'developer@demo.local', landing: '/map', sees: ['Mobile Tracker', 'Query & Download', 'System Management', 'Users Management', 'Facilities List'], developer: true },
  { email: 'user@demo.local', landing: '/facility-pages', sees: ['Query & Download', 'Facilities List'] },
  { email: 'alldata@demo.local', landing: '/dashboards/mobile-dashboard', sees: ['Mobile Tracker', 'Query & Download', 'Users Management'] },
  { email: 'norole@demo.local', landing: '/map', sees: [] },
];

async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  const seen: string[] = [];
  for (const item of ROLE_ITEMS) {
    if (await nav.getByText(item, { exact: true }).count()) seen.push(item);
  }
  return seen;
}

describe('app shell', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('shows a newcomer the landing page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('A System for Real-time Data Collection, Management, Visualization and Analytic').waitFor();
    await page.getByRole('region', { name: 'Access the Platform' }).waitFor();
    assert.ok(await page.getByText('Log in with user profile:').isVisible());
    assert.ok(await page.getByText('View public resources:').isVisible());
    assert.equal(await page.getByRole('link', { name: 'Public Access' }).getAttribute('href'), '/map');
    assert.match((await page.getByTestId('copyright').textContent()) ?? '', new RegExp(String(new Date().getFullYear())));
    assert.equal(await page.getByTestId('developer-tools-opener').count(), 0);
    await screenshot(page, 'landing-desktop');
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: 'Dashboard', exact: true }).waitFor();
    await screenshot(page, 'landing-mobile');
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a link home', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.getByText('Page not found.').waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('refuses a wrong password on the sign-in page with a clear message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in to Dashboard' }).first().click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('E-mail').fill('admin@demo.local');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    await screenshot(page, 'sign-in-wrong-password');
    await context.close();
  });

  for (const account of ACCOUNTS) {
    it(`signs in ${account.email}, lands on ${account.landing} and shows the sidebar that role should see`, async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await signInFromLanding(page, account.email);
      assert.equal(new URL(page.url()).pathname, account.landing);

      await page.goto('/account/profile');
      // The profile fills in once /api/auth/me answers.
      await page.getByTestId('profile-email').filter({ hasText: account.email }).waitFor();
      assert.deepEqual(await sidebarItems(page), account.sees);
      assert.equal(await page.getByTestId('developer-tools-opener').count(), account.developer ? 1 : 0);
      await screenshot(page, `profile-${account.email.split('@')[0]}`);

      await page.goto('/secret');
      // Part 1 §6: only Administrator, Developer and User pass the protected wrapper.
      if (account.sees.length === 0 || account.email === 'alldata@demo.local') {
        await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
        assert.ok(await page.getByText('You do not have permission to access this resource.').isVisible());
        assert.equal((await page.getByTestId('unauthorized-path').textContent())?.trim(), '/secret');
        await page.getByRole('button', { name: 'Back to Previous Page' }).waitFor();
        await screenshot(page, `unauthorized-${account.email.split('@')[0]}`);
      } else {
        await page.getByTestId('secret-user').waitFor();
      }

      if (account.developer) {
        await page.getByTestId('developer-tools-opener').click();
        await page.getByTestId('developer-drawer').waitFor();
        await page.getByTestId('developer-current-user').getByText('developer@demo.local').first().waitFor();
        await screenshot(page, 'developer-drawer');
      }
      await context.close();
    });
  }

  it('signs out at /auth/logout and shows the Login button again', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
    await page.goto('/auth/logout');
    await page.waitForURL((u) => u.pathname === '/' && !u.search.includes('code='));
    await page.goto('/account/profile');
    await page.waitForURL(/\/oidc\/interaction\//);
    await context.close();
  });
});
