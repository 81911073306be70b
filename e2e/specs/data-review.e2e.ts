import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_DISTRICT_TIME_ZONE, ROUTES, wallClockText } from '@portal/contracts';
import { axeViolations } from '../lib/axe';
import { BASE_URL, launchBrowser, screenshot, signInFromLanding } from '../lib/browser';
import { acceptDisclaimer, assertChartDrawn, clickSidebar, openSidebar, WINDOWS } from '../lib/journey';

/**
 * Data Review (issue 32) as reviewers use it: reached from the sidebar at three sizes, the graph
 * and the table drawn; an Administrator drags a range on the graph, offsets it with a comment via
 * the preview, sees the value change, and undoes it; an All Data User reads without edit controls;
 * a User has no such page.
 */

function assertNoSeriousViolations(violations: Awaited<ReturnType<typeof axeViolations>>, what: string): void {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    [],
    `${what}: axe finds no serious violation`,
  );
}

async function poll<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await read();
  while (!ok(v)) {
    if (Date.now() > deadline) assert.fail(`${what}: never held (last seen ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 200));
    v = await read();
  }
  return v;
}

/** The graph and the table of the page: visible, sized, drawn, with rows. */
async function assertGraphAndTable(page: Page, what: string): Promise<void> {
  const chart = page.getByTestId('review-chart');
  await assertChartDrawn(chart, what);
  const box = await chart.boundingBox();
  const width = page.viewportSize()!.width;
  assert.ok(box && box.height >= 280 && box.width >= Math.min(300, width - 60), `${what}: the graph is ${box?.width}x${box?.height}`);
  await poll(
    `${what}: the table has rows`,
    () => page.getByTestId('review-row').count(),
    (n) => n > 1,
  );
  assert.ok(await page.getByRole('table', { name: /values$/ }).isVisible(), `${what}: the table is visible`);
}

/** A cell of the table's first row: 1 Raw, 2 Value, 3 Approval, 4 Qualifiers. */
const firstCell = (page: Page, column: number) => page.getByTestId('review-row').first().locator('td').nth(column).innerText();
const firstValue = (page: Page) => firstCell(page, 2);

/** Opens the change `label` on the selection from the actions menu; returns its dialog. */
async function openChange(page: Page, label: string) {
  await page.getByRole('button', { name: 'Change selection' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${label}: the selected range` });
  await dialog.waitFor();
  return dialog;
}

/** Comments, previews and saves the open dialog's change; waits for the dialog to close. */
async function commentPreviewSave(dialog: ReturnType<Page['getByRole']>, comment: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByTestId('edit-preview').waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('data review', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
    // axe is injected as a script, which the portal's Content Security Policy rightly refuses.
    const context = await browser.newContext({ viewport, baseURL: BASE_URL, bypassCSP: true });
    const page = await context.newPage();
    await signInFromLanding(page, email);
    // The map's disclaimer is modal: it hides the sidebar from the accessibility tree until accepted.
    if (new URL(page.url()).pathname === ROUTES.PUBLIC_MAP) await acceptDisclaimer(page);
    // The landing page's layout first: a sidebar not drawn yet would read as a closed one.
    if (viewport.width >= 900) await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    else await page.getByRole('button', { name: 'Toggle navigation' }).waitFor();
    return page;
  }

  it('an Administrator at 1280x720, 1440x900 and 375x812 reaches the page from the sidebar: graph and table drawn', async () => {
    const page = await signedIn('admin@demo.local', WINDOWS[0]);
    for (const win of WINDOWS) {
      await page.setViewportSize(win);
      // The layout follows the new size first: below 900 px the sidebar becomes a closed drawer.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.waitFor({ state: win.width < 900 ? 'hidden' : 'visible' });
      await clickSidebar(page, 'Data Review', ROUTES.DATA_REVIEW);
      await page.getByRole('heading', { level: 1, name: 'Data Review' }).waitFor();
      await assertGraphAndTable(page, `Administrator ${win.name}`);
      await page.getByTestId('review-chart').scrollIntoViewIfNeeded();
      await screenshot(page, `data-review-admin-${win.name}`);
    }
    await page.context().close();
  });

  it('an Administrator offsets a dragged range with a comment via the preview, sees the value change, and undoes it', async () => {
    const page = await signedIn('admin@demo.local', WINDOWS[1]);
    await clickSidebar(page, 'Data Review', ROUTES.DATA_REVIEW);
    await assertGraphAndTable(page, 'Administrator');

    // Drag across a short stretch near the end of the plot: the brush selects it.
    const chart = page.getByTestId('review-chart');
    await chart.scrollIntoViewIfNeeded();
    const b = (await chart.boundingBox())!;
    const y = b.y + b.height * 0.4;
    await page.mouse.move(b.x + b.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width * 0.84, y, { steps: 8 });
    await page.mouse.up();
    const count = page.getByTestId('selection-count');
    await poll(
      'the drag selects values',
      () => count.innerText(),
      (t) => /^[1-9][\d,]* values? selected$/.test(t),
    );
    await page.getByRole('heading', { name: 'Values of the selected range' }).waitFor();
    const before = await poll(
      'the first selected value',
      () => firstValue(page),
      (t) => /^-?\d/.test(t),
    );
    const decimals = before.split('.')[1]?.length ?? 0;

    await page.getByRole('button', { name: 'Change selection' }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Offset' }).waitFor();
    await page.waitForTimeout(400);
    assertNoSeriousViolations(await axeViolations(page), 'actions menu open');
    await menu.getByRole('menuitem', { name: 'Offset' }).click();

    const dialog = page.getByRole('dialog', { name: 'Offset: the selected range' });
    await dialog.waitFor();
    await dialog.getByRole('spinbutton', { name: /^Offset/ }).fill('1.5');
    // No comment: the contract's message, and nothing to save.
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('A comment is required.').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Save' }).isDisabled(), true, 'no save without a comment');
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Sensor re-surveyed: +1.5');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('edit-preview');
    await preview.waitFor();
    assert.match(await preview.innerText(), /Preview: [1-9][\d,]* values? change/);
    // Save turns on with the preview; its colours settle after the enabling transition.
    await poll(
      'Save is enabled',
      () => dialog.getByRole('button', { name: 'Save' }).isEnabled(),
      (v) => v,
    );
    await page.waitForTimeout(500);
    assertNoSeriousViolations(await axeViolations(page), 'edit dialog with its preview open');
    await screenshot(page, 'data-review-offset-preview-1440x900');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const expected = (Number(before) + 1.5).toFixed(decimals);
    await poll(
      'the value after the offset',
      () => firstValue(page),
      (t) => t === expected,
    );
    const change = page.getByTestId('review-edit').first();
    assert.match(await change.innerText(), /Offset 1\.5[\s\S]*Sensor re-surveyed: \+1\.5/);
    await screenshot(page, 'data-review-offset-saved-1440x900');

    // As of yesterday (district time) the series is the one before the offset, and read only.
    const yesterday = wallClockText(Date.now() - 86_400_000, DEFAULT_DISTRICT_TIME_ZONE)
      .slice(0, 16)
      .replace(' ', 'T');
    await page.getByLabel('As of').fill(yesterday);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await poll(
      'the value as of yesterday',
      () => firstValue(page),
      (t) => t === before,
    );
    assert.equal(await page.getByRole('button', { name: 'Change selection' }).count(), 0, 'the as-of view is read only');
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await poll(
      'the current value again',
      () => firstValue(page),
      (t) => t === expected,
    );

    await change.getByRole('button', { name: /^Undo/ }).click();
    await poll(
      'the value after undo',
      () => firstValue(page),
      (t) => t === before,
    );
    await poll(
      'the change is marked undone',
      () => page.getByTestId('review-edit').first().innerText(),
      (t) => /Undone/.test(t),
    );

    // Approving locks the range: an offset on it is refused with the server's message until it is unapproved.
    await commentPreviewSave(await openChange(page, 'Approve'), 'Checked against the field visit');
    await poll(
      'the first value is approved',
      () => firstCell(page, 3),
      (t) => t === 'Approved',
    );
    await screenshot(page, 'data-review-approved-1440x900');
    const refused = await openChange(page, 'Offset');
    await refused.getByRole('spinbutton', { name: /^Offset/ }).fill('1');
    await refused.getByRole('textbox', { name: 'Comment' }).fill('Should be refused');
    await refused.getByRole('button', { name: 'Preview' }).click();
    assert.match(await refused.getByTestId('edit-preview').innerText(), /values of the range are approved/);
    await refused.getByRole('button', { name: 'Save' }).click();
    const alert = refused.getByTestId('edit-error');
    await alert.waitFor();
    assert.ok((await alert.innerText()).trim().length > 0, 'the server says why');
    await screenshot(page, 'data-review-refused-1440x900');
    await refused.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await firstValue(page), before, 'the refused offset changed nothing');
    await commentPreviewSave(await openChange(page, 'Unapprove'), 'Reopened for review');
    await poll(
      'the first value is provisional again',
      () => firstCell(page, 3),
      (t) => t === 'Provisional',
    );
    await page.context().close();
  });

  it("an Administrator changes the series parameter's automatic checks in a form: the contract's messages, then the new values", async () => {
    const page = await signedIn('admin@demo.local', WINDOWS[0]);
    await clickSidebar(page, 'Data Review', ROUTES.DATA_REVIEW);
    await assertGraphAndTable(page, 'Administrator');
    const section = page.getByRole('region', { name: 'Automatic checks' });
    await section.scrollIntoViewIfNeeded();
    const box = await section.boundingBox();
    assert.ok(box && box.width >= 250 && box.height >= 150, `the checks are shown (${box?.width}x${box?.height})`);
    await section.getByRole('button', { name: 'Edit checks' }).click();
    const dialog = page.getByRole('dialog', { name: /^Automatic checks of / });
    await dialog.waitFor();
    await dialog.getByRole('spinbutton', { name: /^Lowest plausible value/ }).fill('10');
    await dialog.getByRole('spinbutton', { name: /^Highest plausible value/ }).fill('5');
    await dialog.getByRole('spinbutton', { name: 'Equal readings in a row' }).fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The minimum must be below the maximum.').waitFor();
    await dialog.getByText('Enter 2 to 10,000 readings.').waitFor();
    await page.waitForTimeout(300);
    assertNoSeriousViolations(await axeViolations(page), 'checks dialog with its messages');
    await screenshot(page, 'data-review-checks-dialog-1280x720');
    await dialog.getByRole('spinbutton', { name: /^Highest plausible value/ }).fill('5000');
    await dialog.getByRole('spinbutton', { name: 'Equal readings in a row' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await poll(
      'the checks show the saved values',
      async () => [
        await page.getByTestId('check-check_min').innerText(),
        await page.getByTestId('check-check_max').innerText(),
        await page.getByTestId('check-check_flat_readings').innerText(),
      ],
      (v) => v.join('|') === '10|5,000|Off',
    );
    await page.context().close();
  });

  it('an All Data User reads the page without edit controls; a User does not see it', async () => {
    const reader = await signedIn('alldata@demo.local', WINDOWS[0]);
    await clickSidebar(reader, 'Data Review', ROUTES.DATA_REVIEW);
    await assertGraphAndTable(reader, 'All Data User');
    await reader.getByRole('button', { name: 'Select all' }).click();
    await poll(
      'Select all selects',
      () => reader.getByTestId('selection-count').innerText(),
      (t) => /values selected$/.test(t),
    );
    assert.equal(await reader.getByRole('button', { name: 'Change selection' }).count(), 0, 'no edit menu');
    // A flagged period opens its series with the period selected.
    await reader.getByTestId('flagged-period').first().click();
    await poll(
      'the flagged period is selected',
      () => reader.getByTestId('selection-count').innerText(),
      (t) => /^[1-9][\d,]* values? selected$/.test(t),
    );
    assert.equal(await reader.getByRole('button', { name: /^Undo/ }).count(), 0, 'no undo');
    await reader.getByRole('region', { name: 'Automatic checks' }).getByRole('table').waitFor();
    assert.equal(await reader.getByRole('button', { name: 'Edit checks' }).count(), 0, 'the checks are read only');
    // The buttons' colours settle after their enabling transition.
    await reader.waitForTimeout(500);
    assertNoSeriousViolations(await axeViolations(reader), 'All Data User');
    await screenshot(reader, 'data-review-alldata-1280x720');
    await reader.context().close();

    const user = await signedIn('user@demo.local', WINDOWS[0]);
    const nav = await openSidebar(user);
    assert.equal(await nav.locator(`a[href="${ROUTES.DATA_REVIEW}"]`).count(), 0, 'a User has no Data Review entry');
    await user.goto(ROUTES.DATA_REVIEW);
    await user.getByTestId('unauthorized').waitFor();
    await user.context().close();
  });
});
