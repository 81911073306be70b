import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { ROUTES } from '@portal/contracts';
import { axeViolations } from '../lib/axe';
import { BASE_URL, launchBrowser, screenshot, signInFromLanding } from '../lib/browser';
import { assertChartDrawn, clickSidebar, openLocationPopup, WINDOWS } from '../lib/journey';
import { publicLocationWithFlowGraph } from '../lib/map';

/**
 * "Is today normal?" as a visitor sees it: Colour by -> Percentile class colours the map and shows
 * its legend (folding to its title, and never over a popup), a location's popup says where its
 * latest daily value stands, and the Flow Graph panel's daily graph draws the normal range behind
 * the line (Show normal range switches it off), its 15-minute graph the days' bands when switched
 * on. A facility page's daily graphs draw the band too.
 */

/** Lines a chart drew (data-line-runs: one entry per drawn line series). */
async function drawnLines(chart: Locator): Promise<number> {
  const runs = await chart.getAttribute('data-line-runs');
  return runs ? (JSON.parse(runs) as unknown[]).length : 0;
}

async function waitForLines(page: Page, check: (n: number) => boolean, what: string, chart?: Locator): Promise<number> {
  const target = chart ?? page.getByTestId('data-visualization-panel').getByTestId('time-series-chart');
  let n = 0;
  for (let i = 0; i < 60; i++) {
    n = await drawnLines(target);
    if (check(n)) return n;
    await page.waitForTimeout(250);
  }
  assert.fail(`${what}: the chart drew ${n} lines`);
}

/** The legend and the popup share no pixel. */
async function assertApart(page: Page, what: string): Promise<void> {
  // The popup is fitted again when the legend changes size: give it a frame.
  await page.waitForTimeout(300);
  const legend = await page.getByRole('region', { name: 'Percentile class legend' }).boundingBox();
  const popup = await page.locator('.maplibregl-popup').boundingBox();
  assert.ok(legend && popup, `${what}: the legend and the popup are shown`);
  const apart =
    legend.x >= popup.x + popup.width ||
    popup.x >= legend.x + legend.width ||
    legend.y >= popup.y + popup.height ||
    popup.y >= legend.y + legend.height;
  assert.ok(apart, `${what}: the legend ${JSON.stringify(legend)} and the popup ${JSON.stringify(popup)} do not overlap`);
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
      // The export buttons turn from disabled grey to the primary colour (a 250 ms transition) once
      // the map has loaded: axe must not run while that happens, so the map is loaded first.
      await page
        .getByRole('group', { name: 'Export map' })
        .getByRole('button', { name: 'Print PDF' })
        .and(page.locator(':enabled'))
        .waitFor();

      await page.getByRole('button', { name: 'Color by' }).click();
      const menu = page.getByRole('menu', { name: 'Color by' });
      await menu.getByRole('menuitemradio', { name: 'Percentile class' }).waitFor();
      assertNoSeriousViolations(await axeViolations(page), `${win.name} colour-by menu open`);
      await menu.getByRole('menuitemradio', { name: 'Percentile class' }).click();
      const legend = page.getByRole('region', { name: 'Percentile class legend' });
      await legend.waitFor();
      // Folded to its title at first on a phone, where the map is small; open elsewhere.
      const fold = legend.getByRole('button', { name: 'Percentile class' });
      const folded = (await fold.getAttribute('aria-expanded')) === 'false';
      assert.equal(folded, win.width < 600, `${win.name}: the legend starts ${win.width < 600 ? 'folded' : 'open'}`);
      // The pointer left over the drawing tools (after the menu) shows their tooltip beside them: move it off the map first.
      await page.mouse.move(1, 1);
      if (folded) await fold.click();
      assert.match(await legend.innerText(), /Normal \(25th-75th\)[\s\S]*Not ranked/);
      await screenshot(page, `statistics-colour-by-${win.name}`);

      const popup = await openLocationPopup(page, flowLocation);
      const sentence = popup.getByTestId('popup-percentile');
      await sentence.waitFor();
      assert.match(await sentence.innerText(), /^Latest day: [\d,.]+ \S+, (not ranked|\d+(st|nd|rd|th) percentile \(.+\))$/);
      await assertApart(page, `${win.name} popup open`);
      // On a phone the popup folds the legend; elsewhere it stays open beside the popup.
      assert.equal(await fold.getAttribute('aria-expanded'), String(!folded), `${win.name}: the legend with a popup open`);
      await screenshot(page, `statistics-popup-${win.name}`);
      assertNoSeriousViolations(await axeViolations(page), `${win.name} legend and popup open`);

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

      // The 15-minute graph draws each day's band when asked to (off at first).
      await panel.getByRole('button', { name: '15-Minute Data' }).click();
      const toggle15 = panel.getByLabel('Show normal range');
      assert.equal(await toggle15.isChecked(), false, 'the 15-minute graph starts without the band');
      await waitForLines(page, (n) => n === 1, `${win.name} 15-minute graph without the band`);
      await toggle15.click();
      await waitForLines(page, (n) => n >= 7, `${win.name} 15-minute graph with the days' bands`);
      await screenshot(page, `statistics-panel-15min-band-${win.name}`);
      await context.close();
    });
  }
});

describe("a facility page's daily graphs", () => {
  let browser: Browser;
  let facilityName: string;

  before(async () => {
    browser = await launchBrowser();
    assert.ok(process.env.E2E_DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    // The facility with the most day-of-year statistics among its locations.
    const { rows } = await db.query<{ name: string }>(`
      select f.facility_name as name from facility f
      join facility_location fl on fl.facility_ndx = f.facility_ndx
      join series_normal_stats n on n.location_ndx = fl.location_ndx and n.time_of_year_type = 'day_of_year'
      group by f.facility_ndx, f.facility_name order by count(*) desc, f.facility_ndx limit 1`);
    await db.end();
    assert.ok(rows[0], 'a facility has statistics');
    facilityName = rows[0].name;
  });
  after(async () => {
    await browser?.close();
  });

  it('an Administrator at 1280x720 reaches a facility by clicks: the band behind its daily graphs, with a legend and a switch', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: BASE_URL, bypassCSP: true });
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    // Wide, the sidebar is always shown: wait for it rather than toggle it while the page still loads.
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await clickSidebar(page, 'Facilities List', ROUTES.FACILITY_PAGES);
    await page.getByLabel('Search Facilities').fill(facilityName);
    await page.getByRole('table', { name: 'Facilities' }).getByRole('link', { name: facilityName, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: facilityName }).waitFor();
    const drill = page.getByTestId('data-drill-down');
    const toggle = drill.getByLabel('Show normal range');
    await toggle.waitFor();
    assert.equal(await toggle.isChecked(), true, 'the normal range is shown by default');
    const chart = drill.getByTestId('drill-graph').first().getByTestId('dual-axis-chart');
    const withBand = await waitForLines(page, (n) => n >= 7, 'the first daily graph with the band', chart);
    await chart.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await screenshot(page, 'statistics-facility-band-1280x720');
    assertNoSeriousViolations(await axeViolations(page), 'facility page with the band');
    await toggle.click();
    await waitForLines(page, (n) => n === withBand - 6, 'the first daily graph without the band', chart);
    await context.close();
  });
});
