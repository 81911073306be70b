import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_KEY_PATTERN } from '@portal/contracts';
import { axeViolations } from '../lib/axe';
import { BASE_URL, launchBrowser, screenshot, signInFromLanding } from '../lib/browser';
import { clickAccountMenu } from '../lib/journey';

/**
 * A signed-in user reaches Your Account through the account menu, makes an API key, sees it once,
 * reads the open data API with it from a script, and revokes it, after which it no longer works.
 */
const NAME = `e2e script ${Date.now()}`;

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [1280, 720],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await screenshot(page, `api-keys-${name}-${w}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `${name} at ${w}px scrolls sideways by ${overflow}px`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** What a script gets: the status of a GET of the open data API's locations with the key. */
async function scriptRead(key: string): Promise<{ status: number; features: number }> {
  const res = await fetch(`${BASE_URL}/ogcapi/collections/monitoring-locations/items`, { headers: { 'X-Api-Key': key } });
  const body = (await res.json()) as { features?: unknown[] };
  return { status: res.status, features: body.features?.length ?? 0 };
}

describe('API keys on Your Account', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let secret = '';

  before(async () => {
    browser = await launchBrowser();
    // axe is injected as a script, which the portal's Content Security Policy rightly refuses.
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: BASE_URL, bypassCSP: true });
    page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
  });
  after(async () => {
    await browser?.close();
  });

  it('makes a key from Your Account, reached through the account menu, and shows it once', async () => {
    await clickAccountMenu(page, 'Your Account');
    await page.getByRole('heading', { name: 'Your Account', level: 1 }).waitFor();
    const section = page.getByTestId('api-keys');
    await section.getByRole('heading', { name: 'API keys' }).waitFor();
    await section.getByRole('button', { name: 'New API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API key' });
    await dialog.waitFor();

    const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
      [],
      'the create dialog has no serious or critical accessibility violation',
    );
    await shots(page, 'create-dialog');

    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Give the key a name').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
    await dialog.getByRole('radio', { name: '30 days' }).check();
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.waitFor();
    secret = await shown.getByTestId('new-api-key').inputValue();
    assert.match(secret, API_KEY_PATTERN);
    await shown.getByText('it is shown only once').waitFor();
    await shots(page, 'shown-once');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    const row = page.getByTestId('api-key-row').filter({ hasText: NAME });
    await row.waitFor();
    await row.getByText('active').waitFor();
    assert.ok((await row.innerText()).includes(secret.slice(0, 11)), 'the list shows the start of the key');
    assert.ok(!(await page.content()).includes(secret), 'the key is not on the page after the dialog closed');
    await page.reload();
    await page.getByTestId('api-key-row').filter({ hasText: NAME }).waitFor();
    assert.ok(!(await page.content()).includes(secret), 'the key is never shown again');
    await shots(page, 'list');
  });

  it('reads the open data API with the key as its user, then revokes it and the key stops working', async () => {
    const anonymous = await fetch(`${BASE_URL}/ogcapi/collections/monitoring-locations/items`);
    const publicCount = ((await anonymous.json()) as { features: unknown[] }).features.length;
    const withKey = await scriptRead(secret);
    assert.equal(withKey.status, 200);
    assert.ok(withKey.features >= publicCount, `the key reads at least the public locations (${withKey.features} >= ${publicCount})`);

    const row = page.getByTestId('api-key-row').filter({ hasText: NAME });
    await row.getByRole('button', { name: `Revoke ${NAME}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.getByText('revoked').waitFor();
    await shots(page, 'revoked');
    assert.equal((await scriptRead(secret)).status, 401);
  });
});
