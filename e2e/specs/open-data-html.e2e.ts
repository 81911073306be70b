import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from '../lib/axe';
import { BASE_URL, launchBrowser, screenshot } from '../lib/browser';

/**
 * The open data API's pages for people: a browser opening /ogcapi/v0 gets HTML and walks from the
 * landing page to a collection's items and their next page. Every page has a table with rows, the
 * items have a map with points, axe finds nothing serious, and on a phone the table scrolls in its
 * own box while the page itself does not scroll sideways.
 */
const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

async function expectAccessible(page: Page, what: string): Promise<void> {
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`),
    [],
    `${what} has no serious or critical accessibility violation`,
  );
}

/** axe is injected as a script, which the portal's Content-Security-Policy refuses: its pages are opened bypassing it. */
const auditContext = (browser: Browser, viewport: { width: number; height: number }) =>
  browser.newContext({ viewport, baseURL: BASE_URL, bypassCSP: true });

async function rows(page: Page): Promise<number> {
  return page.locator('table tbody tr').count();
}

async function mapPoints(page: Page): Promise<number> {
  return page.locator('figure.map svg circle').count();
}

describe('open data API pages for people', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    browser = await launchBrowser();
    context = await auditContext(browser, VIEWPORTS[0]);
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
  });

  it('walks from the landing page to a collection, its items and their next page', async () => {
    const landing = await page.goto('/ogcapi/v0');
    assert.match(landing?.headers()['content-type'] ?? '', /^text\/html/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'The landing page');
    await screenshot(page, 'open-data-html-landing-1280');

    await page.getByRole('main').getByRole('link', { name: 'Collections', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
    assert.ok((await rows(page)) >= 6, 'the collections table lists the collections');
    await expectAccessible(page, 'The collections page');

    await page.getByRole('link', { name: 'continuous', exact: true }).click();
    await page.getByRole('heading', { name: 'Queryables' }).waitFor();
    await expectAccessible(page, 'The collection page');
    await screenshot(page, 'open-data-html-collection-1280');

    await page.getByRole('link', { name: 'Items as HTML' }).click();
    await page.getByRole('table').waitFor();
    assert.ok((await rows(page)) > 0, 'the first page has rows');
    assert.ok((await mapPoints(page)) > 0, 'the map has points');
    const firstIds = await page.locator('table tbody th').allTextContents();
    await expectAccessible(page, 'The first items page');

    await page.getByRole('navigation', { name: 'Pages, above the table' }).getByRole('link', { name: 'Next page' }).click();
    await page.getByRole('table').waitFor();
    assert.match(page.url(), /cursor=/);
    assert.ok((await rows(page)) > 0, 'the next page has rows');
    assert.ok((await mapPoints(page)) > 0, 'the next page has a map with points');
    const nextIds = await page.locator('table tbody th').allTextContents();
    assert.equal(nextIds.filter((id) => firstIds.includes(id)).length, 0, 'the next page starts after the first one');
    await page.getByRole('link', { name: 'First page' }).first().waitFor();
    await screenshot(page, 'open-data-html-next-page-1280');
    await expectAccessible(page, 'The next items page');
  });

  it("draws the items page under the portal's Content-Security-Policy without a refusal", async () => {
    const ctx = await browser.newContext({ viewport: VIEWPORTS[0], baseURL: BASE_URL });
    try {
      const p = await ctx.newPage();
      const refusals: string[] = [];
      p.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) refusals.push(m.text());
      });
      await p.goto('/ogcapi/v0/collections/monitoring-locations/items');
      await p.getByRole('table').waitFor();
      const styled = await p.evaluate(() => getComputedStyle(document.querySelector('header.bar')!).backgroundColor);
      assert.equal(styled, 'rgb(11, 110, 153)', 'the inline style sheet applies');
      assert.deepEqual(refusals, []);
    } finally {
      await ctx.close();
    }
  });

  for (const viewport of VIEWPORTS) {
    it(`shows the monitoring locations at ${viewport.width}x${viewport.height}, the table scrolling in its own box`, async () => {
      const ctx = await auditContext(browser, viewport);
      try {
        const p = await ctx.newPage();
        await p.goto('/ogcapi/v0/collections/monitoring-locations/items');
        await p.getByRole('table').waitFor();
        assert.ok((await rows(p)) > 0, 'the table has rows');
        assert.ok((await mapPoints(p)) > 0, 'the map has points');
        const widths = await p.evaluate(() => {
          const box = document.querySelector('.table-scroll') as HTMLElement;
          return { page: document.documentElement.scrollWidth, view: window.innerWidth, box: box.clientWidth, table: box.scrollWidth };
        });
        assert.ok(widths.page <= widths.view, `the page does not scroll sideways (${widths.page} > ${widths.view})`);
        assert.ok(widths.box <= widths.view, 'the table box fits the screen');
        await expectAccessible(p, `The monitoring locations at ${viewport.width} px`);
        await screenshot(p, `open-data-html-items-${viewport.width}x${viewport.height}`);
      } finally {
        await ctx.close();
      }
    });
  }
});
