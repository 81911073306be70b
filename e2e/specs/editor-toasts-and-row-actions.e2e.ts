import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * At 1280x720 a toast never covers an editor's Close, Reset and Save buttons, and the Save and
 * Cancel icons of a new row in an editable table are whole and inside the table.
 */
const FACILITIES_SETUP = '/data-access/system-management/facilities-setup';
const CONTACTS = '/data-access/system-management/contacts';
const RUN = Date.now().toString(36).slice(-5);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  assert.ok(box, `${String(locator)} is drawn`);
  return box;
}

/** Every toast on screen is clear of each of the buttons. */
async function assertToastClear(page: Page, buttons: Locator[], label: string): Promise<void> {
  const toasts = page.locator('.notistack-SnackbarContainer .notistack-MuiContent');
  await toasts.first().waitFor();
  for (const toast of await toasts.all()) {
    const toastBox = await boxOf(toast);
    for (const button of buttons) {
      const buttonBox = await boxOf(button);
      assert.ok(
        !overlaps(toastBox, buttonBox),
        `${label}: the toast ${JSON.stringify(toastBox)} covers ${String(button)} ${JSON.stringify(buttonBox)}`,
      );
    }
  }
}

describe('toasts and editor buttons at 1280x720', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { width: 1280, height: 720 });
    page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
  });
  after(async () => {
    await browser?.close();
  });

  it('after Create the toast leaves Close, Reset and Save uncovered', async () => {
    await page.goto(FACILITIES_SETUP);
    await page
      .getByTestId('facility-row')
      .filter({ hasText: /[A-Za-z]/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Add Facility' }).click();
    await page.getByLabel('Facility Name *').fill(`E2E Toast Facility ${RUN}`);
    await page.getByRole('combobox', { name: /^Facility Type/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('New entry was saved to the database', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: `Editing "E2E Toast Facility ${RUN}"` }).waitFor();
    // The editor's buttons at the bottom of the window, where a person reaches for them.
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await save.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const buttons = ['Close', 'Reset', 'Save'].map((name) => page.getByRole('button', { name, exact: true }));
    await assertToastClear(page, buttons, 'Facilities Setup');
    await screenshot(page, 'editor-toast-after-create-1280x720');
  });

  it('a new contact row shows its Save and Cancel icons whole, and its toast covers neither', async () => {
    await page.goto(CONTACTS);
    await page.getByTestId('contact-row').filter({ hasText: /@/ }).first().waitFor();
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const table = page.getByRole('table', { name: 'Contacts' });
    const save = table.getByRole('button', { name: 'Save', exact: true });
    const cancel = table.getByRole('button', { name: 'Cancel', exact: true });
    await save.waitFor();
    await screenshot(page, 'contacts-add-row-1280x720');
    for (const icon of [save, cancel]) {
      const box = await boxOf(icon);
      // Whole: inside its cell, its table's scrolling box and the window.
      const clipped = await icon.evaluate((el) => {
        const own = el.getBoundingClientRect();
        const cut: string[] = [];
        for (let up = el.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const r = up.getBoundingClientRect();
          if (own.left < r.left - 0.5 || own.right > r.right + 0.5 || own.top < r.top - 0.5 || own.bottom > r.bottom + 0.5)
            cut.push(`${up.tagName}.${up.className}`.slice(0, 80));
        }
        return cut;
      });
      assert.deepEqual(clipped, [], `${String(icon)} is cut off by ${clipped.join(', ')}`);
      assert.ok(box.x >= 0 && box.x + box.width <= 1280 && box.y >= 0 && box.y + box.height <= 720, `${String(icon)} is in the window`);
    }
    await table.getByRole('textbox', { name: 'Contact Address' }).fill(`toast-${RUN}@example.org`);
    await table.getByRole('textbox', { name: 'Contact Name' }).fill(`Toast ${RUN}`);
    await table.getByRole('textbox', { name: 'Contact Organization' }).fill('E2E');
    await save.click();
    await page.getByText('New entry was saved to the database', { exact: true }).first().waitFor();
    const editButtons = page.getByRole('button', { name: /^(Edit|Delete) / });
    const nearToast = (await editButtons.all()).slice(0, 20);
    await assertToastClear(page, [page.getByRole('button', { name: 'Add Contact' }), ...nearToast], 'Contacts');
    await screenshot(page, 'contacts-saved-toast-1280x720');
  });

  it('shows the new row and a toast at 1440x900 and 375x812 (screenshots)', async () => {
    for (const [width, height] of [
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(CONTACTS);
      await page.getByTestId('contact-row').filter({ hasText: /@/ }).first().waitFor();
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByRole('table', { name: 'Contacts' }).getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('*Required field', { exact: true }).first().waitFor();
      await screenshot(page, `contacts-add-row-${width}x${height}`);
      await page.getByRole('table', { name: 'Contacts' }).getByRole('button', { name: 'Cancel', exact: true }).click();
      await page
        .getByRole('button', { name: `Edit toast-${RUN}@example.org` })
        .or(page.getByRole('button', { name: /^Edit / }).first())
        .first()
        .waitFor();
    }
  });
});
