import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Route } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../lib/browser';
import { acceptDisclaimer, assertMapDrawn } from '../lib/journey';
import { MAP, waitForMap } from '../lib/map';

/**
 * A basemap that cannot be loaded (no internet, its tile service down) gives way to the bundled
 * offline basemap: the map says so in a small notice and keeps every data layer. The browser stands
 * in for the failures: a style request cut off, or a style whose tiles live at an address that
 * answers nothing. The bundled fallback (`…/style.json?offline=true`) is never cut off.
 */

/** A basemap's own style (not its bundled fallback, which carries a query). */
const STYLE = /\/api\/basemaps\/(\d+)\/style\.json$/;
const NOTICE = 'Basemap unavailable: showing the offline basemap.';

/** A raster style whose tiles are at a loopback port nobody listens on. */
const deadTilesStyle = {
  version: 8,
  sources: { 'basemap-raster': { type: 'raster', tiles: ['http://127.0.0.1:9/{z}/{x}/{y}.png'], tileSize: 256 } },
  layers: [{ id: 'basemap-raster', type: 'raster', source: 'basemap-raster' }],
};

async function openMapByClick(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Public Access' }).click();
  await page.waitForURL((url) => url.pathname === '/map');
  await acceptDisclaimer(page);
}

async function pickBasemap(page: Page, name: string): Promise<void> {
  const section = page.getByRole('button', { name: 'Basemaps' });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  await page.getByRole('radio', { name }).click();
}

async function assertFellBack(page: Page, what: string): Promise<void> {
  await page.getByTestId('basemap-fallback-notice').filter({ hasText: NOTICE }).waitFor({ timeout: 30_000 });
  await waitForMap(page, 'basemap-loading', (v) => v === 'false', `${what}: the basemap finished loading`);
  await waitForMap(page, 'basemap-fallback', (v) => v === 'true', `${what}: the map says it fell back`);
  await assertMapDrawn(page, what);
  // The data layers are on the map again.
  await waitForMap(page, 'visible-layers', (v) => v.split(' ').filter(Boolean).length > 0, `${what}: data layers on the map`);
}

describe('basemap fallback', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const win of [
    { width: 1280, height: 720, name: '1280x720' },
    { width: 375, height: 812, name: '375x812' },
  ]) {
    it(`at ${win.name}, the first basemap unreachable: the map opens on the offline basemap, says so and draws its layers`, async () => {
      const context = await newContext(browser, win);
      const page = await context.newPage();
      await page.route(STYLE, (route: Route) => route.abort('internetdisconnected'));
      await openMapByClick(page);
      await assertFellBack(page, `${win.name}: first basemap cut off`);
      await screenshot(page, `basemap-fallback-first-${win.name}`);
      await context.close();
    });
  }

  it('switching to Dark with its style unreachable, then to Light with dead tiles: no endless spinner, no lost layers', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await openMapByClick(page);
    await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
    assert.equal(await page.getByTestId('basemap-fallback-notice').count(), 0, 'no notice while the basemap loads');
    const before = await waitForMap(page, 'visible-layers', (v) => v.length > 0);

    const darkId = await page.evaluate(async () => {
      const list = (await (await fetch('/api/public-map/basemaps')).json()) as { id: number; name: string }[];
      return list.find((b) => b.name === 'Dark')!.id;
    });
    await page.route(STYLE, (route: Route) =>
      Number(STYLE.exec(new URL(route.request().url()).pathname)![1]) === darkId ? route.abort('internetdisconnected') : route.fallback(),
    );
    await pickBasemap(page, 'Dark');
    await assertFellBack(page, 'Dark cut off');
    assert.equal(await page.locator(MAP).getAttribute('data-basemap'), 'Dark');
    await screenshot(page, 'basemap-fallback-dark-1280x720');

    await page.unroute(STYLE);
    await page.route(STYLE, (route: Route) => route.fulfill({ json: deadTilesStyle }));
    await pickBasemap(page, 'Light');
    await assertFellBack(page, 'Light with dead tiles');
    assert.equal(await waitForMap(page, 'visible-layers', (v) => v === before), before, 'the same data layers as before the switches');
    await context.close();
  });
});
