import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newContext } from '../lib/browser';
import { acceptDisclaimer } from '../lib/journey';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');

/** The source files (as the build's source maps name them) of the scripts fetched so far. */
function sourcesOf(scripts: readonly string[]): string[] {
  return scripts.flatMap((file) => {
    const map = path.join(assets, `${file}.map`);
    return fs.existsSync(map) ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
  });
}

/** A page whose script requests are recorded from its first one (cold cache). */
async function recordedPage(browser: Browser): Promise<{ page: Page; scripts: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    const file = new URL(request.url()).pathname;
    if (/\.m?js$/.test(file)) scripts.push(file.split('/').pop() ?? file);
  });
  return { page, scripts, close: () => context.close() };
}

/** The sources of the scripts a page's cold first load fetches (the server sends apps/web/dist; the maps lie beside the files). */
async function firstLoadSources(browser: Browser, url: string, ready: string): Promise<string[]> {
  const { page, scripts, close } = await recordedPage(browser);
  await page.goto(`${BASE_URL}${url}`);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await close();
  return sourcesOf(scripts);
}

/** The packages behind a page's first load. */
async function firstLoadPackages(browser: Browser, url: string, ready: string): Promise<Set<string>> {
  const packages = new Set<string>();
  for (const source of await firstLoadSources(browser, url, ready)) {
    const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
    if (name) packages.add(name);
  }
  return packages;
}

/**
 * What a visitor's map shows only on a click, or never: the menus (and the popover under them),
 * the popup's content and its links, the staff's filters, the signed-in account button, the
 * Developer Tools button, the staff's sidebar icons. Each arrives when first used.
 */
const CLICK_ONLY_SOURCES: ReadonlyArray<[string, RegExp]> = [
  ['menus', /@mui\/material\/(esm\/)?(Menu|MenuItem|MenuList|Popover)\//],
  ["Dialog's parts", /@mui\/material\/(esm\/)?Dialog(Title|Content|ContentText|Actions)?\//],
  ["the popup's content", /src\/map\/(popup-content|feature-popup|popup-labels)\.tsx?$/],
  [
    "the popup's graph and radius links",
    /src\/features\/(timeseries\/components\/graph-links|map-tools\/components\/radius-popup-action)\.tsx$/,
  ],
  ["the staff's filters", /@mui\/material\/(esm\/)?(Checkbox|Badge)\//],
  ['the account button', /@mui\/material\/(esm\/)?Avatar\//],
  ['the Developer Tools button', /@mui\/icons-material\/(esm\/)?Terminal\./],
  ["the staff's sidebar icons", /@mui\/icons-material\/(esm\/)?SettingsOutlined\./],
];

describe("every visitor's first load", () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('brings no zod to the landing page or the map: their answers are read with plain checks', async () => {
    const landing = await firstLoadPackages(browser, '/', 'text=A System for Real-time Data Collection');
    assert.ok(landing.has('react-dom'), `the landing page's packages are read: ${[...landing].join(', ')}`);
    assert.ok(!landing.has('zod'), 'the landing page loads zod');
    const map = await firstLoadPackages(browser, '/map', '#public-map');
    assert.ok(map.has('maplibre-gl'), `the map's packages are read: ${[...map].join(', ')}`);
    assert.ok(!map.has('zod'), 'the map loads zod');
  });

  it('finds zod where a page validates with it (the check can fail)', async () => {
    const comparisons = await firstLoadPackages(browser, '/data-access/time-series-comparisons', 'main');
    assert.ok(comparisons.has('zod'), `Time Series Comparisons' packages: ${[...comparisons].join(', ')}`);
  });

  it("brings nothing of the map that only a click shows: menus, the popup's content, staff-only parts", async () => {
    const map = await firstLoadSources(browser, '/map', '#public-map');
    assert.ok(
      map.some((source) => source.includes('maplibre-gl')),
      "the map's sources are read",
    );
    for (const [what, pattern] of CLICK_ONLY_SOURCES)
      assert.deepEqual(
        map.filter((source) => pattern.test(source)),
        [],
        `the map's first load brings ${what}`,
      );
  });

  it('brings a menu when one is first opened (the check can fail)', async () => {
    const { page, scripts, close } = await recordedPage(browser);
    try {
      await page.goto(`${BASE_URL}/map`);
      await acceptDisclaimer(page);
      await page.getByRole('button', { name: 'Color by' }).click();
      await page.getByRole('menu', { name: 'Color by' }).waitFor();
      const menus = CLICK_ONLY_SOURCES.find(([what]) => what === 'menus')![1];
      assert.ok(
        sourcesOf(scripts).some((source) => menus.test(source)),
        'the Color by menu came without the menu components',
      );
    } finally {
      await close();
    }
  });
});
