import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * Issue 11 "Done when": a location made by clicking the setup map (with the location rules'
 * messages on the way) shows on /map; a facility gets locations; a user made in Users Management signs in,
 * lands on their page and sees only their facilities; once deleted, their sign-in is refused.
 */
const LOCATIONS_SETUP = '/data-access/system-management/locations-setup';
const FACILITIES_SETUP = '/data-access/system-management/facilities-setup';
const ASSOCIATIONS = '/data-access/system-management/associate-facilities-and-locations';
const USERS = '/admin/users-management';
const RUN = Date.now().toString(36).slice(-5);
const LOCATION_NAME = `E2E Gauge ${RUN}`;
const FACILITY_NAME = `E2E Facility ${RUN}`;
const USER_EMAIL = `e2e-${RUN}@example.org`;
const USER_PASSWORD = 'e2e user password 1';

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Opens a MUI select by its label and picks the option (the first one when none is named). */
async function choose(page: Page, label: RegExp, option?: string): Promise<string> {
  await page.getByRole('combobox', { name: label }).click();
  const item = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first();
  const text = ((await item.textContent()) ?? '').trim();
  await item.click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  return text;
}

/** The page at 1280x720 and 375 px wide, then back to 1440x900. */
async function shotsAtWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [375, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('system management', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  let otherFacility = '';

  before(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1440, height: 900 });
    page = await admin.newPage();
    await signInFromLanding(page, 'admin@demo.local');
  });
  after(async () => {
    await browser?.close();
  });

  it('creates a location by clicking the map, with the hex colour and latitude messages on the way', async () => {
    await page.goto(LOCATIONS_SETUP);
    await page.getByRole('heading', { name: 'Locations Setup' }).waitFor();
    await page.getByTestId('location-row').first().waitFor();
    await page.getByRole('button', { name: 'Add Location' }).click();
    await page.getByRole('heading', { name: 'New Location' }).waitFor();
    const create = page.getByRole('button', { name: 'Create', exact: true });
    assert.equal(await create.isDisabled(), true, 'Create waits for a change');

    const map = page.getByTestId('locations-setup-map');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="locations-setup-map"]')?.getAttribute('data-map-ready') === 'true',
    );
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.55);
    await page.getByTestId('location-marker').waitFor();
    const lat = await page.getByLabel('Latitude').inputValue();
    const lon = await page.getByLabel('Longitude').inputValue();
    assert.match(lat, /^\d+\.\d{5}$/, 'latitude set by the click, 5 decimals');
    assert.match(lon, /^-\d+\.\d{5}$/, 'longitude set by the click, 5 decimals');

    await page.getByLabel('Location ID *').fill(`E2E-${RUN}`);
    await page.getByLabel('Display Abbreviation *').fill(`E2E${RUN}`);
    await page.getByLabel('Full Name *').fill(LOCATION_NAME);
    await choose(page, /^Location Type/);
    await choose(page, /^Waterbody/);
    await page.getByLabel('Legend Color *').fill('blue');
    await page.getByText('*Requires valid 6 digit hex code').waitFor();
    await page.getByLabel('Latitude').fill('95');
    await page.getByText('Invalid coordinate').waitFor();
    assert.equal(await create.isDisabled(), true, 'Create stays off while the form is invalid');
    await screenshot(page, 'locations-setup-invalid');

    await page.getByLabel('Legend Color *').fill('#1f78b4');
    await page.getByLabel('Latitude').fill(lat);
    await page.getByText('Invalid coordinate').waitFor({ state: 'hidden' });
    await create.click();
    await toast(page, 'New entry was saved to the database');
    await page.getByRole('heading', { name: `Editing "${LOCATION_NAME}"` }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true, 'Save waits for a change');
    await settled(page);
    await screenshot(page, 'locations-setup-saved');

    // Reset returns to the loaded record.
    await page.getByLabel('Full Name *').fill('Something else');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    assert.equal(await page.getByLabel('Full Name *').inputValue(), LOCATION_NAME);

    await shotsAtWidths(page, 'locations-setup');
  });

  it('finds the new location on /map at once', async () => {
    await page.goto('/map');
    const disclaimer = page.getByRole('dialog', { name: 'Disclaimer' });
    if (await disclaimer.isVisible().catch(() => false)) await disclaimer.getByRole('button', { name: 'Accept' }).click();
    const search = page.getByRole('combobox', { name: /Locations$/ });
    await search.fill(LOCATION_NAME);
    await page
      .getByRole('option', { name: new RegExp(LOCATION_NAME) })
      .first()
      .waitFor();
    await screenshot(page, 'map-finds-new-location');
  });

  it('creates a facility and associates locations with it', async () => {
    await page.goto(FACILITIES_SETUP);
    // The first facility of the list (once loaded: skeleton rows carry no text) is the user's second facility.
    const firstRow = page
      .getByTestId('facility-row')
      .filter({ hasText: /[A-Za-z]/ })
      .first();
    await firstRow.waitFor();
    otherFacility = (await firstRow.locator('td').first().innerText()).trim();
    assert.ok(otherFacility, 'a seeded facility');
    await page.getByRole('button', { name: 'Add Facility' }).click();
    await page.getByLabel('Facility Name *').fill(FACILITY_NAME);
    await choose(page, /^Facility Type/);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'New entry was saved to the database');
    await page.getByRole('heading', { name: `Editing "${FACILITY_NAME}"` }).waitFor();
    await screenshot(page, 'facilities-setup');

    await page.goto(ASSOCIATIONS);
    await page.getByRole('button', { name: FACILITY_NAME }).click();
    await page.getByTestId('association-location-row').first().waitFor();
    await page
      .getByPlaceholder(/Search/)
      .first()
      .fill(LOCATION_NAME);
    await page.getByTestId('association-location-row').filter({ hasText: LOCATION_NAME }).getByRole('checkbox').check();
    await page
      .getByPlaceholder(/Search/)
      .first()
      .fill('');
    await page.getByTestId('association-location-row').filter({ hasNotText: LOCATION_NAME }).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Associations successfully saved.');
    await page.getByText(`${FACILITY_NAME}: 2 selected`).waitFor();
    await page.getByLabel('All locations').check();
    assert.equal(await page.getByTestId('association-location-row').count(), 2, 'only the selected locations are listed');
    await screenshot(page, 'facilities-to-locations');
    await shotsAtWidths(page, 'facilities-to-locations');
  });

  it('creates a user with role User and two facilities who signs in, lands on their page and sees only those facilities', async () => {
    await page.goto(USERS);
    await page.getByPlaceholder('Search Users').waitFor();
    await page.getByTestId('user-row').first().waitFor();
    await screenshot(page, 'users-management');
    await shotsAtWidths(page, 'users-management');
    await page.getByRole('button', { name: 'Create New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    for (const message of ['Requires Full-name', 'Requires Nickname', 'Requires Email', 'Requires Password'])
      await dialog.getByText(message).waitFor();
    await dialog.getByLabel('Full-name').fill('Erin Endtoend');
    await dialog.getByLabel('Nickname').fill('erin');
    await dialog.getByLabel('Email').fill(USER_EMAIL);
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByLabel('Nickname').click();
    await dialog.getByText('Must be at least 8 characters').waitFor();
    await dialog.getByLabel('Password').fill(USER_PASSWORD);
    assert.match(
      (await dialog.getByRole('combobox', { name: 'Role' }).textContent()) ?? '',
      /^User$/,
      'new users default to the User role',
    );
    await choose(page, /^Landing Page/, 'Facilities (/facility-pages)');
    const facilities = dialog.getByRole('combobox', { name: 'Associated Facilities' });
    for (const name of [FACILITY_NAME, otherFacility]) {
      await facilities.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
    }
    await page.keyboard.press('Escape');
    await settled(page);
    await screenshot(page, 'users-management-create');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toast(page, 'This user was successfully created');

    await page.goto('/auth/logout');
    await page.waitForURL((u) => u.pathname === '/' && !u.search.includes('code='));
    await signInFromLanding(page, USER_EMAIL, USER_PASSWORD);
    assert.equal(new URL(page.url()).pathname, '/facility-pages');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const closed = nav.locator('[data-nav-kind="facilityType"][aria-expanded="false"]');
    await nav.locator('[data-nav-kind="facilityType"]').first().waitFor();
    while (await closed.count()) await closed.first().click();
    const names = (await nav.locator('a[href^="/facility-pages/"]').allInnerTexts()).map((t) => t.trim()).sort();
    assert.deepEqual(names, [FACILITY_NAME, otherFacility].sort());
    await screenshot(page, 'new-user-sidebar');

    await page.goto('/auth/logout');
    await page.waitForURL((u) => u.pathname === '/' && !u.search.includes('code='));
  });

  it('deletes the user, whose sign-in is then refused', async () => {
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(USERS);
    await page.getByPlaceholder('Search Users').fill(USER_EMAIL);
    await page.getByRole('button', { name: `Delete ${USER_EMAIL}` }).click();
    await page
      .getByRole('dialog', { name: `Delete user ${USER_EMAIL}?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await toast(page, 'This user was deleted from the database');

    const context = await newContext(browser);
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Log in to Dashboard' }).first().click();
    await other.waitForURL(/\/oidc\/interaction\//);
    await other.getByLabel('E-mail').fill(USER_EMAIL);
    await other.getByLabel('Password').fill(USER_PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByText('The e-mail address or password is not correct.').waitFor();
    await context.close();
  });

  it('refuses to delete a location that holds data, saying what holds it', async () => {
    await page.goto(LOCATIONS_SETUP);
    await page.getByTestId('location-row').first().click();
    await page.getByRole('heading', { name: /^Editing "/ }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText(/cannot be deleted: it still has/).waitFor();
    await screenshot(page, 'locations-setup-delete-refused');
  });

  it('shows the Ignition demo, the changelog and the other account-menu pages', async () => {
    await page.goto('/admin/ignition-demo');
    await page.getByRole('heading', { name: 'Ignition Demo' }).waitFor();
    assert.equal(
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).getAttribute('href'),
      '/map',
    );
    await screenshot(page, 'ignition-demo');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByTestId('version-badge').waitFor();
    await page.getByRole('menuitem', { name: /Changelog/ }).click();
    await page.getByRole('heading', { name: 'Changelog', level: 1 }).waitFor();
    await page.getByTestId('changelog-version').waitFor();
    await screenshot(page, 'changelog');
    for (const [path, heading] of [
      ['/about', 'About'],
      ['/documentation/support', 'Support'],
      ['/account', 'Your Account'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.goto('/documentation');
    await page.getByTestId('unauthorized').waitFor();
  });
});
