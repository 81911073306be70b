import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * The facility list (GET /api/display-list-facilities) is read by the sidebar and by the pages
 * that show facilities; they share one query hook and so one request per page load.
 */

const FACILITY_LIST = '/api/display-list-facilities';

/** Opens a page from scratch and counts its requests for the facility list until the network is quiet. */
async function facilityListRequests(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  // The page before (the landing page after sign-in) must not be counted.
  await page.waitForLoadState('networkidle');
  let count = 0;
  const onRequest = (request: { url: () => string; method: () => string }) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === FACILITY_LIST) count += 1;
  };
  page.on('request', onRequest);
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return count;
}

describe('facility list request', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('is sent once on Users Management and once on Your Account, shared with the sidebar', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });

    const onUsers = await facilityListRequests(page, '/admin/users-management', async (p) => {
      await p.getByTestId('user-row').first().waitFor();
      await nav.locator('[data-nav-kind="facilityType"]').first().waitFor();
    });
    await screenshot(page, 'facility-list-users-management-1280');
    assert.equal(onUsers, 1, `Users Management sent ${onUsers} facility list requests`);

    const onAccount = await facilityListRequests(page, '/account', async (p) => {
      await p.getByRole('heading', { name: 'Your Account' }).waitFor();
      await nav.locator('[data-nav-kind="facilityType"]').first().waitFor();
    });
    await screenshot(page, 'facility-list-account-1280');
    assert.equal(onAccount, 1, `Your Account sent ${onAccount} facility list requests`);
    await context.close();
  });
});
