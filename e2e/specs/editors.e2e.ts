import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * The editors as a district uses them: one change enables Save, server messages are shown
 * without field paths, Users Management offers the All Data User only what the server allows,
 * an alert can be deleted, and a facility made on the pages shows its data.
 */
const LOCATIONS_SETUP = '/data-access/system-management/locations-setup';
const FACILITIES_SETUP = '/data-access/system-management/facilities-setup';
const ASSOCIATIONS = '/data-access/system-management/associate-facilities-and-locations';
const CONTACTS = '/data-access/system-management/contacts';
const ALERTS = '/data-access/system-management/alerts-management';
const USERS = '/admin/users-management';
const RUN = Date.now().toString(36).slice(-5);
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const SIZES = [
  [1280, 720],
  [1440, 900],
  [375, 812],
] as const;

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Resolves once the button is enabled; fails after a short wait (a second change must not be needed). */
async function enabled(page: Page, name: string): Promise<boolean> {
  const button = page.getByRole('button', { name, exact: true });
  try {
    await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await button.elementHandle(), { timeout: 2_000 });
    return true;
  } catch {
    return false;
  }
}

async function shots(page: Page, name: string): Promise<void> {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function choose(page: Page, label: RegExp, option?: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const item = option ? page.getByRole('option', { name: option, exact: true }) : page.getByRole('option').first();
  await item.click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('editors', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;

  before(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser, { width: 1440, height: 900 });
    page = await admin.newPage();
    await signInFromLanding(page, 'admin@demo.local');
  });
  after(async () => {
    await browser?.close();
  });

  it('Locations Setup: one keystroke, a paste or Hide from Map -> Yes enables Save on an existing record', async () => {
    await page.goto(LOCATIONS_SETUP);
    await page
      .getByTestId('location-row')
      .filter({ hasText: /[A-Za-z]/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Editing "/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true, 'Save waits for a change');

    await page.getByLabel('Notes').click();
    await page.keyboard.type('x');
    assert.equal(await enabled(page, 'Save'), true, 'one keystroke enables Save');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();

    await page.getByLabel('Notes').fill('pasted text');
    assert.equal(await enabled(page, 'Save'), true, 'a paste enables Save');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();

    await choose(page, /^Hide from Map/, 'Yes');
    assert.equal(await enabled(page, 'Save'), true, 'Hide from Map -> Yes enables Save');
    await shots(page, 'editors-locations-setup');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  });

  it('Facilities Setup: one keystroke or a new facility type enables Save on an existing record', async () => {
    await page.goto(FACILITIES_SETUP);
    await page
      .getByTestId('facility-row')
      .filter({ hasText: /[A-Za-z]/ })
      .first()
      .click();
    await page.getByRole('heading', { name: /^Editing "/ }).waitFor();
    await page.getByLabel('Notes').click();
    await page.keyboard.type('y');
    assert.equal(await enabled(page, 'Save'), true, 'one keystroke enables Save');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();

    await page.getByRole('combobox', { name: /^Facility Type/ }).click();
    await page.getByRole('option', { selected: false }).first().click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    assert.equal(await enabled(page, 'Save'), true, 'a new facility type enables Save');
    await shots(page, 'editors-facilities-setup');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  });

  it("shows the server's message without its field path", async () => {
    await page.goto(CONTACTS);
    await page.getByTestId('contact-row').filter({ hasText: /@/ }).first().waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await page.getByRole('textbox', { name: 'Contact Address' }).fill(`long-${RUN}@example.org`);
    await page.getByRole('textbox', { name: 'Contact Name' }).fill('n'.repeat(1001));
    await page.getByRole('textbox', { name: 'Contact Organization' }).fill('E2E');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message = page.getByText('Contact Name must be at most 1000 characters').first();
    await message.waitFor();
    assert.doesNotMatch((await message.innerText()).trim(), /body\./, 'no field path in the text');
    assert.equal(await page.getByText(/body\.contact_name/).count(), 0, 'the path is shown nowhere');
    await screenshot(page, 'editors-server-message');
  });

  it('Users Management offers the All Data User only the roles and rows it may change', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const other = await context.newPage();
    try {
      await signInFromLanding(other, 'alldata@demo.local');
      await other.goto(USERS);
      await other.getByTestId('user-row').filter({ hasText: /@/ }).first().waitFor();
      await other.getByPlaceholder('Search Users').fill('admin@demo.local');
      await other.getByTestId('user-row').filter({ hasText: 'admin@demo.local' }).waitFor();
      assert.equal(await other.getByRole('button', { name: 'Delete admin@demo.local' }).count(), 0, 'no Delete on an administrator');
      assert.equal(await other.getByRole('button', { name: 'Edit admin@demo.local' }).count(), 0, 'no Edit on an administrator');
      await other.getByPlaceholder('Search Users').fill('user@demo.local');
      await other.getByRole('button', { name: 'Edit user@demo.local' }).click();
      await other.getByRole('combobox', { name: 'Role' }).click();
      const offered = (await other.getByRole('option').allInnerTexts()).map((t) => t.trim());
      assert.ok(offered.includes('User'), 'User is offered');
      assert.ok(!offered.includes('Administrator'), 'Administrator is not offered');
      assert.ok(!offered.includes('Developer'), 'Developer is not offered');
      await shots(other, 'editors-users-alldata');
    } finally {
      await context.close();
    }
  });

  it('deletes an alert after confirming, and its contact can then be deleted', async () => {
    const [row] = await query<{ alert_request_ndx: number }>(
      `insert into alert_request (enabled, alert_type_ndx, location_ndx, parameter_ndx, trigger_value, reset_hours)
       select false, (select min(alert_type_ndx) from alert_type), location_ndx, parameter_ndx, 99999, 1
       from location_parameter order by location_ndx, parameter_ndx limit 1
       returning alert_request_ndx`,
    );
    await page.goto(ALERTS);
    await page.getByPlaceholder('Search Alerts').waitFor();
    const rowLocator = page.getByRole('row', { name: `Edit alert ${row.alert_request_ndx}` });
    await rowLocator
      .first()
      .waitFor()
      .catch(() => undefined);
    await page.getByRole('button', { name: `Delete alert ${row.alert_request_ndx}` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Delete alert ${row.alert_request_ndx}`) });
    await dialog.waitFor();
    await shots(page, 'editors-alert-delete');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('This entry was deleted from the database').first().waitFor();
    const left = await query('select 1 from alert_request where alert_request_ndx = $1', [row.alert_request_ndx]);
    assert.equal(left.length, 0, 'the alert is gone');
    const audit = await query(`select 1 from audit_log where table_name = 'alert_request' and row_key = $1 and action = 'delete'`, [
      String(row.alert_request_ndx),
    ]);
    assert.equal(audit.length, 1, 'the delete is audited');
  });

  it('sets up a new facility from the pages and shows its data', async () => {
    const [flow] = await query<{ location_name: string; location_display_label: string }>(
      `select l.location_name, l.location_display_label from series_latest sl
       join location l using (location_ndx) join parameter p using (parameter_ndx)
       where p.parameter_name = 'Flow' and sl.last_timestamp > now() - interval '1 day'
       order by sl.last_timestamp desc, l.location_ndx limit 1`,
    );
    assert.ok(flow, 'a location with current flow');
    const name = `E2E Headgate ${RUN}`;
    await page.goto(FACILITIES_SETUP);
    await page.getByRole('button', { name: 'Add Facility' }).click();
    await page.getByLabel('Facility Name *').fill(name);
    await choose(page, /^Facility Type/);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: `Editing "${name}"` }).waitFor();

    await page.goto(ASSOCIATIONS);
    await page.getByRole('button', { name }).click();
    await page.getByTestId('association-location-row').first().waitFor();
    await page
      .getByPlaceholder(/Search/)
      .first()
      .fill(flow.location_name);
    await page.getByTestId('association-location-row').filter({ hasText: flow.location_name }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Associations successfully saved.').first().waitFor();

    await page.goto(FACILITIES_SETUP);
    await page
      .getByTestId('facility-row')
      .filter({ hasText: /[A-Za-z]/ })
      .first()
      .waitFor();
    await page
      .getByPlaceholder(/Search/)
      .first()
      .fill(name);
    await page.getByTestId('facility-row').filter({ hasText: name }).click();
    await page.getByRole('heading', { name: `Editing "${name}"` }).waitFor();
    const parameters = page.getByRole('combobox', { name: /^Parameters/ });
    await parameters.click();
    await page.getByRole('option', { name: /^Flow/ }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('New data was updated to the database').first().waitFor();
    await shots(page, 'editors-facility-parameters');

    const [{ facility_ndx }] = await query<{ facility_ndx: number }>('select facility_ndx from facility where facility_name = $1', [name]);
    await page.goto(`/facility-pages/${facility_ndx}`);
    const drill = page.getByTestId('data-drill-down');
    await drill.waitFor();
    await drill.getByRole('table').first().waitFor({ timeout: 30_000 });
    assert.equal(await drill.getByText('No Data Available').count(), 0, 'the drill-down has data');
    await drill.getByText(flow.location_display_label).first().waitFor();
    await shots(page, 'editors-new-facility-data');
  });
});
