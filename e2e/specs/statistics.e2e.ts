import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ROUTES } from '@portal/contracts';
import { axeViolations } from '../lib/axe';
import { BASE_URL, launchBrowser, screenshot } from '../lib/browser';
import { assertChartDrawn, openLocationPopup, WINDOWS } from '../lib/journey';
import { publicLocationWithFlowGraph } from '../lib/map';

/**
 * "Is today normal?" as a visitor sees it: Colour by -> Percentile class colours the map and shows
 * its legend, a location's popup says where its latest daily value stands, and the Flow Graph
 * panel's daily graph draws the normal range behind the line (Show normal range switches it off).
 */

/** Lines the chart drew (data-line-runs: one entry per drawn line series). */
async function drawnLines(page: Page): Promise<number> {
  const runs = await page.getByTestId('data-visualization-panel').getByTestId('time-series-chart').getAttribute('data-line-runs');
  return runs ? (JSON.parse(runs) as unknown[]).length : 0;
}

async function waitForLines(page: Page, check: (n: number) => boolean, what: string): Promise<number> {
  let n = 0;
  for (let i = 0; i < 60; i++) {
    n = await drawnLines(page);
    if (check(n)) return n;
    await page.waitForTimeout(250);
  }
  assert.fail(`${what}: the chart drew ${n} lines`);
}

function assertNoSeriousViolations(violations: Awaited<ReturnType<typeof axeViolations>>, what: string): void {
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    [],
    `${what}: axe finds no serious violation`,
  );
}

describe('percentile classes and normal bands', () => {
  let browser: Browser;
  let flowLocation: string;

  before(async () => {
    browser = await launchBrowser();
    flowLocation = (await publicLocationWithFlowGraph<{ location_name: string }>(BASE_URL)).properties.location_name;
  });
  after(async () => {
    await browser?.close();
  });

  for (const win of WINDOWS) {
    it(`a visitor at ${win.name}: colour by percentile class, the popup's sentence and the daily graph's band`, async () => {
      // axe is injected as a script, which the portal's Content Security Policy rightly refuses.
      const context = await browser.newContext({ viewport: { width: win.width, height: win.height }, baseURL: BASE_URL, bypassCSP: true });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('link', { name: 'Public Access' }).click();
      await page.waitForURL((url) => url.pathname === ROUTES.PUBLIC_MAP);
      await page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' }).click();

      await page.getByRole('button', { name: 'Color by' }).click();
      const menu = page.getByRole('menu', { name: 'Color by' });
      await menu.getByRole('menuitemradio', { name: 'Percentile class' }).waitFor();
      assertNoSeriousViolations(await axeViolations(page), `${win.name} colour-by menu open`);
      await menu.getByRole('menuitemradio', { name: 'Percentile class' }).click();
      const legend = page.getByRole('region', { name: 'Percentile class legend' });
      await legend.waitFor();
      assert.match(await legend.innerText(), /Normal \(25th-75th\)[\s\S]*Not ranked/);
      await screenshot(page, `statistics-colour-by-${win.name}`);

      const popup = await openLocationPopup(page, flowLocation);
      const sentence = popup.getByTestId('popup-percentile');
      await sentence.waitFor();
      assert.match(await sentence.innerText(), /^Latest day: [\d,.]+ \S+, (not ranked|\d+(st|nd|rd|th) percentile \(.+\))$/);
      await screenshot(page, `statistics-popup-${win.name}`);

      await popup.getByRole('button', { name: 'Flow Graph' }).click();
      const panel = page.getByTestId('data-visualization-panel');
      await assertChartDrawn(panel.getByTestId('time-series-chart'), `${win.name} graph panel`);
      await panel.getByRole('button', { name: 'Daily Data' }).click();
      const toggle = panel.getByLabel('Show normal range');
      assert.equal(await toggle.isChecked(), true, 'the normal range is shown by default');
      // The band's six lines (two stacked ranges and the min and max) behind the daily line.
      await waitForLines(page, (n) => n >= 7, `${win.name} daily graph with the band`);
      await panel.getByTestId('latest-class-note').waitFor();
      await screenshot(page, `statistics-panel-band-${win.name}`);
      assertNoSeriousViolations(await axeViolations(page), `${win.name} graph panel open`);
      await toggle.click();
      await waitForLines(page, (n) => n === 1, `${win.name} daily graph without the band`);
      await context.close();
    });
  }
});
