import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, screenshot } from '../lib/browser';
import { MAP, publicLocationWithFlowGraph, waitForMap } from '../lib/map';

/**
 * The public map's popups and graph panel: the disclaimer once per browser session, the
 * 'Detailed Results' toggle, 'Copy data' from a popup with its toast, and the graph panel fitting
 * the window with the map, chart and pager visible.
 */

interface LocationFeature {
  properties: { location_name: string; location_id: string; map_sym_fill_color?: string; has_flow_graph?: boolean };
}

/** Searches a location, flies there and opens its popup at the map centre, paging to that location. */
async function openPopupOf(page: Page, name: string) {
  await page.getByRole('combobox', { name: /Locations$/ }).fill(name);
  await page.getByRole('option', { name }).first().click();
  await waitForMap(page, 'zoom', (v) => v === '16.00');
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  const box = (await page.locator(MAP).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.getByTestId('feature-popup');
  await popup.waitFor();
  for (let i = 0; i < 10 && (await popup.getByRole('heading', { name, exact: true }).count()) === 0; i++) {
    await popup.getByRole('button', { name: 'Next feature' }).click();
  }
  await popup.getByRole('heading', { name, exact: true }).waitFor();
  return popup;
}

/** The element's box lies inside the window (1 px of rounding allowed). */
async function assertInWindow(page: Page, what: string, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const view = page.viewportSize()!;
  assert.ok(box, `${what} is shown`);
  assert.ok(
    box.y >= -1 && box.y + box.height <= view.height + 1,
    `${what} ${Math.round(box.y)}..${Math.round(box.y + box.height)} within 0..${view.height}`,
  );
  assert.ok(
    box.x >= -1 && box.x + box.width <= view.width + 1,
    `${what} ${Math.round(box.x)}..${Math.round(box.x + box.width)} within 0..${view.width}`,
  );
}

const fieldNames = (page: Page) => page.getByTestId('feature-popup').locator('th').allTextContents();

describe('public map: disclaimer, Detailed Results, copy data', () => {
  let browser: Browser;
  let target: LocationFeature;
  before(async () => {
    browser = await launchBrowser();
    const sources = (await (await fetch(`${BASE_URL}/api/public-map/sources`)).json()) as {
      id: string;
      data: { features: LocationFeature[] };
    }[];
    target = sources
      .find((s) => s.id === 'public-locations')!
      .data.features.find((f) => f.properties.location_name && f.properties.map_sym_fill_color)!;
    assert.ok(target, 'a public location with a symbol colour');
  });
  after(async () => browser?.close());

  it('asks once per browser session, lists every field with Detailed Results and copies a popup', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: BASE_URL });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const page = await context.newPage();
    await page.goto('/map');
    const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Away and back in the same tab: not asked again.
    await page.goto('/');
    await page.goto('/map');
    await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
    assert.equal(await page.getByRole('dialog', { name: 'Disclaimer' }).count(), 0, 'the disclaimer is not asked again in this session');

    const name = target.properties.location_name;
    const popup = await openPopupOf(page, name);
    assert.ok(!(await fieldNames(page)).includes('Map sym fill color'), 'the layer excludes its style fields');

    await page.getByRole('switch', { name: 'Detailed Results' }).check();
    await popup.locator('th', { hasText: 'Map sym fill color' }).waitFor();
    const detailed = await fieldNames(page);
    assert.ok(detailed.includes('Location geometry') && detailed.includes('Map sym fill color'), detailed.join(' '));
    await screenshot(page, 'map-detailed-results-1280');

    // The clipboard needs the page focused; name whatever toast comes, so a failure says why.
    await page.bringToFront();
    await popup.getByRole('button', { name: 'Copy data' }).click();
    const toast = page.locator('#notistack-snackbar').first();
    await toast.waitFor();
    assert.equal(await toast.textContent(), 'Data was copied to your clipboard.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const lines = copied.split('\n');
    assert.equal(lines[0], name);
    assert.ok(lines.includes(`Location ID: ${target.properties.location_id}`), copied);
    assert.ok(lines.includes(`Map sym fill color: ${target.properties.map_sym_fill_color}`), copied);
    await screenshot(page, 'map-copy-data-1280');

    await page.getByRole('switch', { name: 'Detailed Results' }).uncheck();
    await popup.locator('th', { hasText: 'Map sym fill color' }).waitFor({ state: 'detached' });
    await context.close();
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 900 },
  ]) {
    it(`fits the graph panel with map, chart and pager in a ${viewport.width}x${viewport.height} window, expanded too`, async () => {
      const withGraph = await publicLocationWithFlowGraph<LocationFeature['properties']>(BASE_URL);
      const context = await browser.newContext({ viewport, baseURL: BASE_URL });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
      const page = await context.newPage();
      await page.goto('/map');
      await page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' }).click();
      await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
      // The map fills the window between the top bar and the footer: the page itself never scrolls.
      const overflow = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      assert.ok(overflow <= 1, `the page scrolls by ${overflow} px`);
      await assertInWindow(page, 'the footer', page.locator('footer'));
      const popup = await openPopupOf(page, withGraph.properties.location_name);
      await popup.getByRole('button', { name: 'Flow Graph' }).click();
      const panel = page.getByTestId('data-visualization-panel');
      await panel.waitFor();
      await page.waitForTimeout(1500);
      await screenshot(page, `map-graph-panel-opened-${viewport.width}`);
      await panel.getByRole('table', { name: 'Time series data' }).getByRole('row').nth(1).waitFor({ state: 'attached' });
      for (const state of ['collapsed', 'expanded']) {
        if (state === 'expanded') await panel.getByRole('button', { name: 'Expand' }).click();
        await page.waitForTimeout(400);
        await screenshot(page, `map-graph-panel-${state}-${viewport.width}`);
        const mapBox = (await page.locator(MAP).boundingBox())!;
        // Collapsed, the map keeps room for its drawing toolbar; expanded, the chart takes the window
        // and the map keeps a strip that stays reachable.
        const mapMinimum = state === 'expanded' ? 100 : 200;
        assert.ok(mapBox.height >= mapMinimum, `the map keeps ${Math.round(mapBox.height)} px (${state})`);
        await assertInWindow(page, `the map (${state})`, page.locator(MAP));
        await assertInWindow(page, `the chart (${state})`, panel.getByTestId('time-series-chart'));
        await assertInWindow(page, `the pager (${state})`, panel.locator('.MuiTablePagination-root'));
        await assertInWindow(page, `the next-page arrow (${state})`, panel.getByRole('button', { name: 'Go to next page' }));
      }
      // The panel's data as text: the CSV's rows.
      await panel.getByRole('button', { name: 'Copy data' }).click();
      await page.getByText('Data was copied to your clipboard.').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(copied, /^collect_timestamp_local,collect_timestamp_utc,location_id,location_name,flow_cfs/);
      assert.ok(copied.includes(withGraph.properties.location_id), 'rows of the location');
      await context.close();
    });
  }
});
