import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newContext } from '../lib/browser';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');

/**
 * The packages behind the scripts a page's cold first load fetches, read from the build's source
 * maps (the server sends the files of apps/web/dist; their maps lie beside them).
 */
async function firstLoadPackages(browser: Browser, url: string, ready: string): Promise<Set<string>> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    const file = new URL(request.url()).pathname;
    if (/\.m?js$/.test(file)) scripts.push(file.split('/').pop() ?? file);
  });
  await page.goto(`${BASE_URL}${url}`);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const packages = new Set<string>();
  for (const file of scripts) {
    const map = path.join(assets, `${file}.map`);
    if (!fs.existsSync(map)) continue;
    for (const source of (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources) {
      const name = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (name) packages.add(name);
    }
  }
  return packages;
}

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
});
