import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { MAP, mapAttr, waitForMap } from '../lib/map';

/**
 * The public map on the offline basemap. The map container publishes what MapLibre
 * really shows as data-* attributes (features/public-map/lib/map-state.ts); the tests read those.
 */
/** The demo district's layers in the DWR Data group (seed/map-layers.ts). */
const DWR_DATA_LAYERS = [
  'dwr-diversion',
  'dwr-streamflow',
  'dwr-reservoir',
  'usds-spr-current-symbol',
  'diversion-points-circle',
  'rivercalls',
];

/** The published centre is rounded to 5 decimals (about a metre). */
function isNear(center: string, lng: number, lat: number): boolean {
  const [x, y] = center.split(',').map(Number);
  return Math.abs(x - lng) < 2e-5 && Math.abs(y - lat) < 2e-5;
}

const visibleLayers = async (page: Page) => (await mapAttr(page, 'visible-layers')).split(' ').filter(Boolean);

/** Counts the maps the page creates (each MapLibre map adds one canvas) in `window.mapCanvases`. */
function countMapCanvases(): void {
  const counted = window as unknown as { mapCanvases: number };
  counted.mapCanvases = 0;
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLCanvasElement && node.classList.contains('maplibregl-canvas')) counted.mapCanvases += 1;
  }).observe(document, { childList: true, subtree: true });
}

async function openMapAnonymously(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(countMapCanvases);
  await page.goto('/map');
  const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitForMap(page, 'visible-layers', (v) => v.includes('public-locations-circle'), 'the public locations');
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0, 'rendered locations');
  return page;
}

/** Types into the search box and picks the option with exactly this name. */
async function searchAndPick(page: Page, text: string, option: string | RegExp): Promise<string> {
  const box = page.getByRole('combobox', { name: /Locations$/ });
  await box.fill(text);
  const choice = page.getByRole('option', { name: option }).first();
  await choice.waitFor();
  const picked = (await choice.locator('p').first().textContent()) ?? '';
  await choice.click();
  return picked;
}

async function flyToCoordinates(page: Page, lat: number, lng: number): Promise<void> {
  await searchAndPick(page, `Lat: ${lat} Lng: ${lng}`, new RegExp(`^Lat: ${lat} Lng: ${lng}`));
  await waitForMap(page, 'center', (v) => isNear(v, lng, lat), `the centre ${lat}, ${lng}`);
  await waitForMap(page, 'zoom', (v) => v === '16.00', 'zoom 16');
}

async function clickMapCentre(page: Page): Promise<void> {
  const box = (await page.locator(MAP).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

interface SourceFeature {
  geometry: { coordinates: [number, number] };
  properties: { location_name: string };
}

describe('public map', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('asks visitors to accept the disclaimer; Decline goes back to the landing page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/map');
    const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
    await dialog.waitFor();
    const text = (await dialog.textContent()) ?? '';
    assert.match(text, /informational purposes only/);
    assert.match(text, /may not be suitable for legal, engineering or surveying purposes/);
    assert.match(text, /disclaims all liability/);
    await screenshot(page, 'public-map-disclaimer');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  it('shows visitors the public layers, toggles layers and groups, and keeps them over another basemap', async () => {
    const context = await newContext(browser);
    const configAsks: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/config') configAsks.push(request.url());
    });
    const page = await openMapAnonymously(context);
    // The page's HTML carries the configuration: the app neither asks for it nor re-creates its map when it arrives.
    assert.deepEqual(configAsks, []);
    assert.equal(await page.evaluate(() => (window as unknown as { mapCanvases: number }).mapCanvases), 1, 'maps created');
    const layers = await visibleLayers(page);
    assert.ok(layers.includes('rivercalls') && layers.includes('dwr-water-districts-fill'), layers.join(' '));
    assert.ok(!layers.includes('united-locations-circle'), 'the private layer is not on a visitor map');
    const panel = page.getByRole('complementary', { name: 'Map panel' });
    for (const group of ['Locations', 'DWR Data', 'Boundaries']) await panel.getByText(group, { exact: true }).waitFor();
    assert.equal(await panel.getByText('United Locations').count(), 0);
    await screenshot(page, 'public-map-anonymous');

    await panel.getByLabel('Show layer River Calls').uncheck();
    await waitForMap(page, 'visible-layers', (v) => !v.split(' ').includes('rivercalls'), 'River Calls hidden');
    await panel.getByLabel('Show group DWR Data').uncheck();
    await waitForMap(page, 'visible-layers', (v) => !DWR_DATA_LAYERS.some((id) => v.split(' ').includes(id)), 'the DWR group hidden');
    await panel.getByLabel('Show group DWR Data').check();
    await waitForMap(
      page,
      'visible-layers',
      (v) => v.split(' ').includes('rivercalls') && v.includes('dwr-diversion'),
      'the DWR group back',
    );

    await panel.getByRole('button', { name: 'Basemaps' }).click();
    const before = await visibleLayers(page);
    await panel.getByRole('radio', { name: 'Dark' }).click();
    await waitForMap(page, 'basemap', (v) => v === 'Dark', 'the Dark basemap');
    await waitForMap(page, 'basemap-loading', (v) => v === 'false', 'the Dark style loaded');
    await waitForMap(page, 'visible-layers', (v) => v === before.join(' '), `the same layers (${before.join(' ')})`);
    await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0, 'locations drawn over the Dark basemap');
    await screenshot(page, 'public-map-dark');
    await context.close();
  });

  it('finds a public location by name and a place by coordinates, and flies there', async () => {
    const context = await newContext(browser);
    const page = await openMapAnonymously(context);
    const sources = (await (await page.request.get('/api/public-map/sources')).json()) as Array<{
      id: string;
      data: { features: SourceFeature[] };
    }>;
    const target = sources
      .find((s) => s.id === 'public-locations')!
      .data.features.find((f) => /Headgate$/.test(f.properties.location_name))!;
    const name = target.properties.location_name;
    assert.equal(await page.getByRole('combobox', { name: 'Public Locations' }).count(), 1, 'the box is labelled by its source');
    await searchAndPick(page, name.split(' ').slice(0, 2).join(' '), name);
    const [lng, lat] = target.geometry.coordinates;
    await waitForMap(page, 'center', (v) => isNear(v, lng, lat), `the centre of ${name} (${lng}, ${lat})`);
    await waitForMap(page, 'zoom', (v) => v === '16.00', 'zoom 16');

    await flyToCoordinates(page, 40.27, -104.78);
    // From the keyboard: Down reaches the first result, Enter picks it, and the list closes.
    const box = page.getByRole('combobox', { name: 'Public Locations' });
    await box.fill('Lat: 40.31 Lng: -104.71');
    await page.getByRole('option', { name: /^Lat: 40.31 Lng: -104.71/ }).waitFor();
    await box.press('ArrowDown');
    assert.equal(
      await box.getAttribute('aria-activedescendant'),
      await page.getByRole('listbox').getByRole('option').first().getAttribute('id'),
    );
    await box.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await waitForMap(page, 'center', (v) => isNear(v, -104.71, 40.31), 'the centre 40.31, -104.71');
    await page.getByRole('combobox', { name: 'Public Locations' }).fill('abc, def');
    await page.getByText('No matches').waitFor();
    await context.close();

    // On a phone the side panel starts closed (75 px of section icons) and opens over the map.
    const phone = await newContext(browser, { width: 375, height: 740 });
    const phonePage = await openMapAnonymously(phone);
    const panelBox = (await phonePage.getByRole('complementary', { name: 'Map panel' }).boundingBox())!;
    assert.equal(Math.round(panelBox.width), 75);
    await screenshot(phonePage, 'public-map-mobile');
    await phone.close();
  });

  it('shows the popup fields of overlapping features one at a time with pagination', async () => {
    const context = await newContext(browser);
    const page = await openMapAnonymously(context);
    // Two river calls of the demo district share this point (seed/dwr-layers.ts).
    await flyToCoordinates(page, 40.2, -104.95);
    await clickMapCentre(page);
    const popup = page.getByTestId('feature-popup');
    await popup.waitFor();
    const pageText = (await popup.getByTestId('popup-page').textContent()) ?? '';
    const match = /^1 of (\d+)$/.exec(pageText);
    assert.ok(match && Number(match[1]) >= 2, `pagination: "${pageText}"`);
    // Fields are labelled in words, in the layer's order.
    const labels = ['Structure name', 'WDID', 'Last report', 'Water source', 'Call type', 'Admin number', 'Source link'];
    for (const label of labels) await popup.getByRole('rowheader', { name: label, exact: true }).waitFor();
    const shown = (await popup.getByRole('rowheader').allTextContents()).filter((t) => labels.includes(t));
    assert.deepEqual(shown, labels, 'river call fields in order');
    const firstTitle = await popup.getByRole('heading').textContent();
    await screenshot(page, 'public-map-popup');
    await popup.getByRole('button', { name: 'Next feature' }).click();
    await popup.getByTestId('popup-page').getByText(`2 of ${match![1]}`).waitFor();
    assert.notEqual(await popup.getByRole('heading').textContent(), firstTitle);
    assert.match(firstTitle ?? '', /Highland Ditch/);
    await context.close();
  });

  it('gives staff the private layer, filters that hide and show locations, colour by type and the united search', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto('/map');
    await waitForMap(page, 'visible-layers', (v) => v.split(' ').includes('united-locations-circle'), 'the united locations');
    assert.equal(await page.getByRole('dialog', { name: 'Disclaimer' }).count(), 0, 'no disclaimer once signed in');
    const panel = page.getByRole('complementary', { name: 'Map panel' });
    await panel.getByText('United Locations').waitFor();
    const shown = Number(await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0, 'rendered locations'));

    await page.getByRole('button', { name: 'Location Types' }).click();
    const menu = page.getByRole('menu', { name: 'Location Types' });
    const boxes = menu.getByRole('menuitemcheckbox');
    assert.ok((await boxes.count()) > 1);
    assert.equal(await menu.locator('[aria-checked="false"]').count(), 0, 'every type starts selected');
    await menu.getByRole('button', { name: 'Select None' }).click();
    await waitForMap(page, 'rendered-locations', (v) => v === '0', 'no locations after Select None');
    await screenshot(page, 'public-map-staff-filters');
    await menu.getByRole('button', { name: 'Select All' }).click();
    await waitForMap(page, 'rendered-locations', (v) => Number(v) === shown, 'all locations back after Select All');
    await boxes.first().click();
    await waitForMap(page, 'rendered-locations', (v) => Number(v) < shown, 'fewer locations with one type unticked');
    await boxes.first().click();
    await page.keyboard.press('Escape');
    await waitForMap(page, 'rendered-locations', (v) => Number(v) === shown, 'all locations again');

    await page.getByRole('button', { name: 'Reporting Status' }).click();
    const statusMenu = page.getByRole('menu', { name: 'Reporting Status' });
    await statusMenu.getByRole('button', { name: 'Select None' }).click();
    await waitForMap(page, 'rendered-locations', (v) => v === '0', 'no locations without a reporting status selected');
    await statusMenu.getByRole('button', { name: 'Select All' }).click();
    await page.keyboard.press('Escape');
    await waitForMap(page, 'rendered-locations', (v) => Number(v) === shown, 'all locations with every status');

    assert.equal(await waitForMap(page, 'location-colors', (v) => v !== '', 'symbol colours'), 'rgb(31,120,180)');
    await page.getByRole('button', { name: 'Color by' }).click();
    await page.getByRole('menuitemradio', { name: /Location Types/ }).click();
    await waitForMap(page, 'location-colors', (v) => v.split(' ').length > 1, 'one colour per location type');
    await screenshot(page, 'public-map-staff-color-by');

    const publicNames = new Set(
      ((await (await page.request.get('/api/public-map/sources')).json()) as Array<{ id: string; data: { features: SourceFeature[] } }>)
        .find((s) => s.id === 'public-locations')!
        .data.features.map((f) => f.properties.location_name),
    );
    assert.equal(await page.getByRole('combobox', { name: 'United Locations' }).count(), 1, 'staff search united locations by default');
    const picked = await searchAndPick(page, 'Production Well', /Production Well/);
    assert.ok(!publicNames.has(picked), `${picked} is a private location`);
    await waitForMap(page, 'zoom', (v) => v === '16.00', 'zoom 16');
    await clickMapCentre(page);
    const popup = page.getByTestId('feature-popup');
    await popup.getByRole('heading', { name: picked }).waitFor();
    for (const label of ['Facility ID', 'Location name', 'Reporting status', 'Last report', 'Most recent measurements', 'Facility names']) {
      await popup.getByRole('rowheader', { name: label, exact: true }).waitFor();
    }
    const facilityLink = popup.getByRole('link', { name: 'Open facility page' });
    assert.match((await facilityLink.getAttribute('href')) ?? '', /^\/facility-pages\/\d+$/);
    assert.equal(await facilityLink.getAttribute('target'), '_blank');
    await screenshot(page, 'public-map-staff-popup');
    await context.close();
  });

  it('shows Developers the Map Dev Tools with copy buttons', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await signInFromLanding(page, 'developer@demo.local');
    await page.goto('/map');
    const tools = page.getByRole('region', { name: 'Map Dev Tools' });
    await tools.waitFor();
    assert.equal(await tools.getByTestId('dev-tools-zoom').textContent(), '8.40');
    assert.equal(await tools.getByTestId('dev-tools-mouse-position').textContent(), 'N/A');
    const box = (await page.locator(MAP).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelector('[data-testid="dev-tools-mouse-position"]')?.textContent !== 'N/A');
    await tools.getByRole('button', { name: 'Copy Zoom' }).click();
    await page.getByText('Copied to clipboard: 8.40').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '8.40');
    await screenshot(page, 'public-map-dev-tools');

    const visitor = await newContext(browser);
    const visitorPage = await openMapAnonymously(visitor);
    assert.equal(await visitorPage.getByRole('region', { name: 'Map Dev Tools' }).count(), 0);
    await visitor.close();
    await context.close();
  });
});
