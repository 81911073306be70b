import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../lib/axe';
import { acceptDisclaimer } from '../lib/journey';
import { BASE_URL, launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * The sidebar each role should see, written out from the product's route table as an independent
 * check of the page table (apps/web/src/app/pages/page-table.tsx; its unit test checks the
 * derivation). Entries are pages and page groups in sidebar order, with System Management opened;
 * the per-facility-type groups come from the seed and are checked separately. Pages of the route table
 * that are not built yet have no entry until they land. The home dashboard (decision 0018) sits
 * under Dashboards for the four staff roles.
 */
const PUBLIC_DATA = ['Time Series Comparisons', 'Batteries Status Table', 'Site Summary Table'];
const SYSTEM_MANAGEMENT = [
  'System Management',
  'Alerts Management',
  'Contacts',
  'Groups',
  'Groups to Contacts Associations',
  'SMS Help',
  'Imports Configuration',
  'Facilities to Locations',
  'Locations Setup',
  'Facilities Setup',
  'Sign-up Settings',
  'Parameter Codes',
];
const RIVER_PHOTOS = ['Western Mutual Ditch', 'Empire Ditch', 'Riverside Canal at Dam', 'Riverside Canal at Sand Gate'];
const ADMIN_SIDEBAR = [
  'Dashboard',
  'Mobile Tracker',
  'Home',
  'Query & Download',
  ...PUBLIC_DATA,
  'Data Review',
  ...SYSTEM_MANAGEMENT,
  'Users Management',
  'Ignition Demo',
  ...RIVER_PHOTOS,
  'Facilities List',
  'Profile',
  'Secret Page',
];

const ACCOUNTS: Array<{ email: string; landing: string; sees: string[]; facilityGroups: boolean; developer?: boolean }> = [
  { email: 'admin@demo.local', landing: '/map', sees: ADMIN_SIDEBAR, facilityGroups: true },
  { email: 'developer@demo.local', landing: '/map', sees: ADMIN_SIDEBAR, facilityGroups: true, developer: true },
  {
    email: 'user@demo.local',
    landing: '/facility-pages',
    sees: ['Dashboard', 'Home', 'Query & Download', ...PUBLIC_DATA, ...RIVER_PHOTOS, 'Facilities List', 'Profile', 'Secret Page'],
    facilityGroups: true,
  },
  {
    email: 'alldata@demo.local',
    // The seeded landing page of this account is the Mobile Tracker.
    landing: '/dashboards/mobile-dashboard',
    sees: [
      'Dashboard',
      'Mobile Tracker',
      'Home',
      'Query & Download',
      ...PUBLIC_DATA,
      'Data Review',
      'Users Management',
      ...RIVER_PHOTOS,
      'Profile',
      'Secret Page',
    ],
    facilityGroups: false,
  },
  {
    email: 'norole@demo.local',
    landing: '/map',
    sees: ['Dashboard', ...PUBLIC_DATA, ...RIVER_PHOTOS, 'Profile', 'Secret Page'],
    facilityGroups: false,
  },
];

/** Page entries and page groups of the sidebar in order, every page group opened first. */
async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.waitFor();
  const closedGroups = nav.locator('[data-nav-kind="group"][aria-expanded="false"]');
  while (await closedGroups.count()) await closedGroups.first().click();
  const entries = nav.locator('[data-nav-kind="page"], [data-nav-kind="group"]');
  return (await entries.allInnerTexts()).map((text) => text.trim());
}

/** Every link of the sidebar, the footer and the account menu, to check that none leads to the 404 page. */
async function menuLinks(page: Page): Promise<string[]> {
  const sidebar = await page
    .getByRole('navigation', { name: 'Main navigation' })
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const footer = await page
    .getByRole('navigation', { name: 'Footer' })
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = await page
    .getByRole('menu')
    .locator('a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  // Log out is an action, not a page to look at (it ends the session).
  return [...new Set([...sidebar, ...footer, ...menu])].filter((href) => href !== '/auth/logout');
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

  it('shows the error page when a page fails to load, and the pages again once the visitor goes home', async () => {
    // axe is injected as a script, which the portal's Content Security Policy rightly refuses.
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: BASE_URL, bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/map');
    await acceptDisclaimer(page);
    // A page's code that cannot be fetched (a deploy replaced it, the network dropped) makes the page throw.
    await page.route(/\/assets\/river-photo-page-[^/]*\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'Western Mutual Ditch' }).click();
    await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
    assert.match((await page.getByRole('alert').textContent()) ?? '', /\S/);
    // The whole window is the error page: no half-drawn page behind it.
    assert.equal(await page.locator('#public-map').count(), 0);
    await screenshot(page, 'route-error');
    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
      [],
    );
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('region', { name: 'Access the Platform' }).waitFor();
    await context.close();
  });

  it("names the top bar's icon buttons with a hint on hover and on keyboard focus, which Escape hides", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/no/such/page');
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await toggle.hover();
    const hide = page.getByRole('tooltip', { name: 'Hide navigation' });
    await hide.waitFor();
    // Just below the button, inside the window.
    const [button, hint] = [(await toggle.boundingBox())!, (await hide.boundingBox())!];
    const gap = hint.y - (button.y + button.height);
    assert.ok(gap >= 0 && gap <= 12, `the hint is ${gap} px below its button`);
    assert.ok(hint.x >= 0 && hint.x + hint.width <= 1366, 'the hint is inside the window');
    await page.keyboard.press('Escape');
    await hide.waitFor({ state: 'hidden' });
    await page.mouse.move(700, 500);
    // By keyboard: Tab from the toggle to the theme button (its own name kept), and its hint.
    await toggle.focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Change theme');
    const theme = page.getByRole('tooltip', { name: 'Theme' });
    await theme.waitFor();
    await page.keyboard.press('Escape');
    await theme.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows no hint after a tap on a touch screen (the tap is not a hover)', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, baseURL: BASE_URL, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto('/map');
    await page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' }).tap();
    // A control whose tap leaves the focus on it (a menu would take the focus, and a blur hides any hint).
    await page.getByRole('button', { name: 'Measurements' }).tap();
    await page.getByRole('region', { name: 'Measurements' }).waitFor();
    // Longer than a hover waits before its hint.
    await page.waitForTimeout(600);
    assert.equal(await page.locator('[role="tooltip"]').count(), 0, 'no hint after a tap');
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
      // /login while signed in goes to the landing page too, not to the map.
      await page.goto('/login');
      await page.waitForURL((url) => url.pathname !== '/login');
      assert.equal(new URL(page.url()).pathname, account.landing, `${account.email}: /login while signed in`);

      await page.goto('/account/profile');
      // The profile fills in once /api/auth/me answers.
      await page.getByTestId('profile-email').filter({ hasText: account.email }).waitFor();
      assert.deepEqual(await sidebarItems(page), account.sees);
      const facilityGroups = page.getByRole('navigation', { name: 'Main navigation' }).locator('[data-nav-kind="facilityType"]');
      assert.equal((await facilityGroups.count()) > 0, account.facilityGroups);
      // The opener's code loads with a Developer's session, so it appears a moment after the profile.
      if (account.developer) await page.getByTestId('developer-tools-opener').waitFor();
      else assert.equal(await page.getByTestId('developer-tools-opener').count(), 0);
      await screenshot(page, `profile-${account.email.split('@')[0]}`);

      // /secret is a page for any signed-in user, whatever their roles.
      await page.goto('/secret');
      await page.getByTestId('secret-user').waitFor();
      // A page the role may not open shows Unauthorized.
      if (!account.sees.includes('Query & Download')) {
        await page.goto('/data-access/query-and-download/facilities');
        await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
        assert.ok(await page.getByText('You do not have permission to access this resource.').isVisible());
        assert.equal((await page.getByTestId('unauthorized-path').textContent())?.trim(), '/data-access/query-and-download/facilities');
        await page.getByRole('button', { name: 'Back to Previous Page' }).waitFor();
        await screenshot(page, `unauthorized-${account.email.split('@')[0]}`);
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

  it('links no sidebar, footer or account-menu entry to the 404 page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'developer@demo.local');
    await page.goto('/account/profile');
    // The facility groups load after the sidebar, and opened groups render their links a moment
    // later: read until every entry has arrived (bounded).
    let links: string[] = [];
    for (let i = 0; i < 40 && links.length < ADMIN_SIDEBAR.length - 1; i++) {
      if (i > 0) await page.waitForTimeout(250);
      await sidebarItems(page);
      links = await menuLinks(page);
    }
    assert.ok(links.length >= ADMIN_SIDEBAR.length - 1, links.join(', '));
    for (const href of links) {
      await page.goto(href);
      await page.getByRole('navigation', { name: 'Main navigation' }).or(page.getByText('Page not found.')).first().waitFor();
      assert.equal(await page.getByText('Page not found.').count(), 0, `${href} shows the 404 page`);
    }
    await context.close();
  });

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

  it('restores a session from storage on reload, and renews a stored token that has expired', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
    const storedExpiry = () =>
      page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
        return key ? (JSON.parse(sessionStorage.getItem(key)!) as { expires_at: number }).expires_at : null;
      });
    await page.reload();
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    // The token's end moved into the past: the portal renews it without asking the user to sign in again.
    await page.evaluate(() => {
      const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'))!;
      const user = JSON.parse(sessionStorage.getItem(key)!) as { expires_at: number };
      sessionStorage.setItem(key, JSON.stringify({ ...user, expires_at: Math.floor(Date.now() / 1000) - 60 }));
    });
    await page.goto('/facility-pages');
    await page.getByRole('button', { name: /^Account menu/ }).waitFor();
    assert.ok(((await storedExpiry()) ?? 0) > Date.now() / 1000, 'the stored token was renewed');
    assert.ok(!page.url().includes('/oidc/'), page.url());
    await context.close();
  });

  it('asks before signing out when another site sends the browser to the sign-out address', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
    // What a link or auto-submitting form on another site does: no ID token of this account.
    await page.goto('/oidc/session/end');
    await page.getByText('Do you want to sign out of the Water Resources Portal?').waitFor();
    for (const [name, size] of [
      ['1280', { width: 1280, height: 720 }],
      ['1440', { width: 1440, height: 900 }],
      ['375', { width: 375, height: 812 }],
    ] as const) {
      await page.setViewportSize(size);
      await screenshot(page, `sign-out-confirmation-${name}`);
    }
    // Nothing submitted itself: still signed in.
    await page.setViewportSize({ width: 1366, height: 850 });
    await page.goto('/account/profile');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    assert.ok(!page.url().includes('/oidc/interaction/'));
    // The user who does want to leave confirms.
    await page.goto('/oidc/session/end');
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The provider's own page after it has ended the session.
    await page.getByText('You have been signed out.').waitFor();
    await context.close();
  });
});
