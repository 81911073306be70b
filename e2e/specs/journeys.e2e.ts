import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROUTES } from '@portal/contracts';
import { BASE_URL, launchBrowser, newContext, PASSWORD, screenshot } from '../lib/browser';
import {
  assertContent,
  clickAccountMenu,
  clickSidebar,
  openGraphPanel,
  openSidebar,
  recordPaths,
  WINDOWS,
  type Content,
} from '../lib/journey';
import { publicLocationWithFlowGraph } from '../lib/map';

/**
 * Journeys: every page of the web app reached by clicking, from the landing page or the sign-in
 * form, as a role that may open it, with its main content checked visible and sized. The map, the
 * graph panel and the dashboards are also walked at 1280x720, 1440x900 and 375x812. No page is
 * opened by typing its URL: a page that only works when loaded directly fails here.
 */

const FACILITY_DETAILS = /^\/facility-pages\/\d+$/;

/** The main content of each page, by path. */
const CONTENT: Record<string, Content> = {
  [ROUTES.PUBLIC_MAP]: 'map',
  [ROUTES.MOBILE_DASHBOARD]: 'table',
  [ROUTES.HOME_DASHBOARD]: 'chart',
  [ROUTES.FACILITY_PAGES]: 'table',
  [ROUTES.QUERY_AND_DOWNLOAD]: 'form',
  [ROUTES.TIME_SERIES_COMPARISONS]: 'form',
  [ROUTES.BATTERIES_STATUS]: 'table',
  [ROUTES.SITE_SUMMARY]: 'table',
  [ROUTES.DATA_REVIEW]: 'chart',
  [ROUTES.USERS_MANAGEMENT]: 'table',
  [ROUTES.ALERTS_MANAGEMENT]: 'table',
  [ROUTES.CONTACTS]: 'table',
  [ROUTES.GROUPS]: 'table',
  [ROUTES.ASSOC_CONTACTS_GROUPS]: 'form',
  [ROUTES.SMS_HELP]: 'text',
  [ROUTES.ASSOC_FACILITIES_LOCATIONS]: 'form',
  [ROUTES.LOCATIONS_SETUP]: 'table',
  [ROUTES.FACILITIES_SETUP]: 'table',
  [ROUTES.IMPORTS_CONFIGURATION]: 'table',
  [ROUTES.SIGN_UP_SETTINGS]: 'form',
  [ROUTES.PARAMETER_CODES]: 'table',
  [ROUTES.IGNITION_DEMO]: 'text',
  [ROUTES.RIVER_WESTERN]: 'image',
  [ROUTES.RIVER_EMPIRE]: 'image',
  [ROUTES.RIVER_RIVERSIDE_DAM]: 'image',
  [ROUTES.RIVER_RIVERSIDE_SAND_GATE]: 'image',
  [ROUTES.ACCOUNT_PROFILE]: 'form',
  [ROUTES.SECRET]: 'text',
  [ROUTES.ABOUT]: 'text',
  [ROUTES.PRIVACY]: 'text',
  [ROUTES.PORTAL_GUIDE]: 'text',
  [ROUTES.TERMS]: 'text',
  [ROUTES.ACCOUNT]: 'text',
  [ROUTES.CHANGELOG]: 'text',
  [ROUTES.DOCUMENTATION]: 'text',
  [ROUTES.SUPPORT]: 'text',
};

const contentOf = (path: string): Content => (FACILITY_DETAILS.test(path) ? 'chart' : CONTENT[path]!);

/** Pages checked for their content (not only passed through), by path. */
const checked = new Set<string>();
/** Every path a browser showed. */
const visited = new Set<string>();

async function check(page: Page, what: string): Promise<void> {
  const path = new URL(page.url()).pathname;
  const content = contentOf(path);
  assert.ok(content, `${what}: ${path} has a content kind in this spec`);
  // The demo's import sources are all disabled (it must never reach the internet), so the
  // enabled-only list is empty until its switch shows them all.
  if (path === ROUTES.IMPORTS_CONFIGURATION) await page.getByRole('switch', { name: 'Show disabled sources' }).check();
  await assertContent(page, content, `${what} (${path})`);
  checked.add(FACILITY_DETAILS.test(path) ? ROUTES.FACILITY_DETAILS : path);
}

/** Signs in from the landing page's button and the sign-in form; returns where the portal landed. */
async function signIn(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await page
    .getByRole('button', { name: /Log in to Dashboard|^Dashboard$/ })
    .first()
    .click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
  return new URL(page.url()).pathname;
}

describe('journeys: every page reached by clicking', () => {
  let browser: Browser;
  let flowLocation: string;

  before(async () => {
    browser = await launchBrowser();
    flowLocation = (await publicLocationWithFlowGraph<{ location_name: string }>(BASE_URL)).properties.location_name;
  });
  after(async () => {
    await browser?.close();
  });

  async function open(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    recordPaths(page, visited);
    return { context, page };
  }

  for (const win of WINDOWS) {
    it(`a visitor at ${win.name}: Public Access opens a drawn map, a location's graph panel draws its chart`, async () => {
      const { context, page } = await open(win);
      await page.goto('/');
      await page.getByRole('link', { name: 'Public Access' }).click();
      await page.waitForURL((url) => url.pathname === ROUTES.PUBLIC_MAP);
      await check(page, `visitor ${win.name}, Public Access`);
      await screenshot(page, `journey-visitor-map-${win.name}`);
      await openGraphPanel(page, flowLocation, `visitor ${win.name}`);
      await screenshot(page, `journey-visitor-graph-panel-${win.name}`);
      await context.close();
    });
  }

  it('a visitor: the public pages from the sidebar, the footer and the landing page', async () => {
    const { context, page } = await open(WINDOWS[0]);
    await page.goto('/');
    for (const link of ['Documentation', 'Privacy', 'Terms of Service']) {
      await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: link }).click();
      await check(page, `visitor, footer ${link}`);
      await page.goBack();
    }
    await page.getByRole('link', { name: 'Public Access' }).click();
    await check(page, 'visitor, map');
    const nav = await openSidebar(page);
    const links = await nav.locator('a').evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    for (const [title, href] of links) {
      if (href === ROUTES.PUBLIC_MAP) continue;
      await clickSidebar(page, title, href);
      await check(page, `visitor, sidebar ${title}`);
    }
    // Signed out, the landing page's Log in goes through /login to the sign-in form.
    await page.goto('/');
    await page.getByTestId('landing-access-login').click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('E-mail').waitFor();
    await context.close();
  });

  it('an Administrator: lands on the drawn map, then every sidebar and account-menu page, then logs out', async () => {
    const { context, page } = await open(WINDOWS[0]);
    assert.equal(await signIn(page, 'admin@demo.local'), ROUTES.PUBLIC_MAP);
    await check(page, 'Administrator landing');
    const nav = await openSidebar(page);
    const links = await nav.locator('a').evaluateAll((as) => as.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    const done = new Set<string>();
    for (const [title, href] of links) {
      const key = FACILITY_DETAILS.test(href) ? ROUTES.FACILITY_DETAILS : href;
      if (done.has(key)) continue;
      done.add(key);
      await clickSidebar(page, title, href);
      await check(page, `Administrator, sidebar ${title}`);
    }
    // A facility's page from a row of the Facilities List.
    await clickSidebar(page, 'Facilities List', ROUTES.FACILITY_PAGES);
    await page.getByRole('main').locator('tbody tr a').first().click();
    await page.waitForURL((url) => FACILITY_DETAILS.test(url.pathname));
    await check(page, 'Administrator, a facility from the list');
    for (const entry of ['About', 'Changelog', 'Your Account', 'Support']) {
      await clickAccountMenu(page, entry);
      await check(page, `Administrator, account menu ${entry}`);
    }
    await clickAccountMenu(page, 'Log out');
    await page.waitForURL((url) => url.pathname === ROUTES.LANDING);
    await page.getByRole('link', { name: 'Public Access' }).waitFor();
    await context.close();
  });

  it('an Administrator at 1280x720, 1440x900 and 375x812: the map, the graph panel and the dashboards by clicks', async () => {
    // One signed-in browser, resized: each size is reached again from the sidebar.
    const { context, page } = await open(WINDOWS[0]);
    await signIn(page, 'admin@demo.local');
    for (const win of WINDOWS) {
      await page.setViewportSize(win);
      if (win !== WINDOWS[0]) await clickSidebar(page, 'Dashboard', ROUTES.PUBLIC_MAP);
      await check(page, `Administrator ${win.name}, Dashboard`);
      await screenshot(page, `journey-admin-map-${win.name}`);
      await openGraphPanel(page, flowLocation, `Administrator ${win.name}`);
      await screenshot(page, `journey-admin-graph-panel-${win.name}`);
      for (const [title, href] of [
        ['Home', ROUTES.HOME_DASHBOARD],
        ['Mobile Tracker', ROUTES.MOBILE_DASHBOARD],
        ['Facilities List', ROUTES.FACILITY_PAGES],
      ] as const) {
        await clickSidebar(page, title, href);
        await check(page, `Administrator ${win.name}, ${title}`);
        await screenshot(page, `journey-admin-${href.split('/').pop()}-${win.name}`);
      }
      await page.getByRole('main').locator('tbody tr a').first().click();
      await page.waitForURL((url) => FACILITY_DETAILS.test(url.pathname));
      await check(page, `Administrator ${win.name}, facility dashboard`);
      await screenshot(page, `journey-admin-facility-${win.name}`);
    }
    await context.close();
  });

  const LANDINGS = [
    { email: 'developer@demo.local', role: 'Developer', landing: ROUTES.PUBLIC_MAP },
    { email: 'user@demo.local', role: 'User', landing: ROUTES.FACILITY_PAGES },
    { email: 'alldata@demo.local', role: 'All Data User', landing: ROUTES.MOBILE_DASHBOARD },
    { email: 'norole@demo.local', role: 'no-role user', landing: ROUTES.PUBLIC_MAP },
  ] as const;
  for (const account of LANDINGS) {
    it(`a ${account.role}: lands on ${account.landing} with its content at three sizes, and the sidebar's Dashboard draws the map`, async () => {
      const { context, page } = await open(WINDOWS[0]);
      assert.equal(await signIn(page, account.email), account.landing, `${account.role} lands`);
      for (const win of WINDOWS) {
        await page.setViewportSize(win);
        await check(page, `${account.role} ${win.name} landing`);
        await screenshot(page, `journey-landing-${account.email.split('@')[0]}-${win.name}`);
      }
      // On the phone (the navigation drawer), then on a desktop window.
      for (const win of [WINDOWS[2], WINDOWS[0]]) {
        await page.setViewportSize(win);
        if (account.landing !== ROUTES.PUBLIC_MAP) {
          await clickSidebar(page, 'Dashboard', ROUTES.PUBLIC_MAP);
          await check(page, `${account.role} ${win.name}, sidebar Dashboard`);
          await page.goBack();
          await page.waitForURL((url) => url.pathname === account.landing);
        }
      }
      if (account.email === 'developer@demo.local') {
        await clickAccountMenu(page, 'Documentation');
        await check(page, 'Developer, account menu Documentation');
      }
      await context.close();
    });
  }

  it('every page of the page table was reached by clicking and its content checked', () => {
    const passedThrough = [ROUTES.LANDING, ROUTES.LOGIN, ROUTES.AUTH_CALLBACK, ROUTES.LOGOUT];
    const missing = Object.values(ROUTES).filter((path) =>
      passedThrough.includes(path as (typeof passedThrough)[number]) ? !visited.has(path) : !checked.has(path),
    );
    assert.deepEqual(missing, [], 'pages no journey reached');
  });
});
