import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { drawnAxisLabels } from '../lib/chart-labels';
import { MAP, publicLocationWithFlowGraph, waitForMap } from '../lib/map';

/**
 * The map's popup and the graph panel at common window sizes: the popup of a location at the map
 * centre (where every search lands) stays inside the map, the panel's chart is tall enough and
 * Expand makes it clearly larger while the map stays reachable, and on a phone the popup's field
 * names, the panel title, the table's Source column and the chart can all be read.
 */
interface Props {
  location_name: string;
  location_id: string;
}

const WINDOWS = [
  { width: 1280, height: 720, name: '1280x720' },
  { width: 1440, height: 900, name: '1440x900' },
  { width: 375, height: 812, name: '375x812' },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const bottom = (b: Box) => b.y + b.height;
const right = (b: Box) => b.x + b.width;

/** Opens /map, searches the location, clicks it at the map centre and pages to its own popup. */
async function openCentredPopup(page: Page, name: string): Promise<void> {
  await page.goto('/map');
  await page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' }).click();
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  await page.getByRole('combobox', { name: /Locations$/ }).fill(name);
  await page.getByRole('option', { name }).first().click();
  await waitForMap(page, 'zoom', (v) => v === '16.00');
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  const box = (await page.locator(MAP).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.getByTestId('feature-popup');
  await popup.waitFor();
  for (let i = 0; i < 10 && (await popup.getByRole('button', { name: 'Flow Graph' }).count()) === 0; i++) {
    await popup.getByRole('button', { name: 'Next feature' }).click();
  }
}

/** The MapLibre popup's outer box once the map has stopped moving (a pan to fit it may run). */
async function settledPopupBox(page: Page): Promise<Box> {
  let last: Box | null = null;
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const now = (await page.locator('.maplibregl-popup').boundingBox())!;
    if (last && Math.abs(now.x - last.x) < 0.5 && Math.abs(now.y - last.y) < 0.5) return now;
    last = now;
  }
  return last!;
}

async function assertPopupInsideMap(page: Page, label: string): Promise<void> {
  const popupBox = await settledPopupBox(page);
  const mapBox = (await page.locator(MAP).boundingBox())!;
  assert.ok(popupBox.y >= mapBox.y - 0.5, `${label}: popup top ${popupBox.y} is below the map top ${mapBox.y}`);
  assert.ok(bottom(popupBox) <= bottom(mapBox) + 0.5, `${label}: popup bottom ${bottom(popupBox)} ends inside the map (${bottom(mapBox)})`);
  assert.ok(popupBox.x >= mapBox.x - 0.5, `${label}: popup left ${popupBox.x} inside the map (${mapBox.x})`);
  assert.ok(right(popupBox) <= right(mapBox) + 0.5, `${label}: popup right ${right(popupBox)} inside the map (${right(mapBox)})`);
  // Nothing in the popup is covered by the attribution bar.
  const attribution = await page.locator('.maplibregl-ctrl-attrib').boundingBox();
  const pager = page.getByTestId('popup-page');
  if (attribution && (await pager.count()) > 0) {
    const pagerBox = (await pager.boundingBox())!;
    const overlaps = pagerBox.x < right(attribution) && right(pagerBox) > attribution.x && bottom(pagerBox) > attribution.y;
    assert.ok(!overlaps, `${label}: the pager is not under the attribution bar`);
  }
}

describe('map popup and graph panel fit the window', () => {
  let browser: Browser;
  let target: Props;
  before(async () => {
    browser = await launchBrowser();
    const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    target = (await publicLocationWithFlowGraph<Props>(base)).properties;
  });
  after(async () => {
    await browser.close();
  });

  for (const win of WINDOWS) {
    it(`at ${win.name}: the centred popup stays inside the map; the graph panel is readable`, async () => {
      const context = await newContext(browser, { width: win.width, height: win.height });
      const page = await context.newPage();
      await openCentredPopup(page, target.location_name);
      await assertPopupInsideMap(page, win.name);
      await screenshot(page, `map-fit-popup-${win.name}`);

      const popup = page.getByTestId('feature-popup');
      if (win.width < 600) {
        // Field names stay in their own column.
        const overflowing = await popup
          .locator('th')
          .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
        assert.deepEqual(overflowing, [], `${win.name}: popup field names overflow their column`);
      }

      await popup.getByRole('button', { name: 'Flow Graph' }).click();
      const panel = page.getByTestId('data-visualization-panel');
      await panel.getByRole('table', { name: 'Time series data' }).getByRole('row').nth(1).waitFor();
      const chart = panel.getByTestId('time-series-chart');
      const title = panel.getByRole('heading', { level: 2 });
      const titleBox = (await title.boundingBox())!;
      assert.ok(titleBox.width >= 120, `${win.name}: the panel title is ${titleBox.width} px wide`);

      // End Date never sits alone on a line: it shares its row with Start Date.
      const start = (await panel.getByRole('group', { name: 'Start Date' }).boundingBox())!;
      const end = (await panel.getByRole('group', { name: 'End Date' }).boundingBox())!;
      if (win.width >= 600) assert.ok(Math.abs(start.y - end.y) < 2, `${win.name}: End Date wraps (${start.y} vs ${end.y})`);

      await panel.scrollIntoViewIfNeeded();
      const collapsed = (await chart.boundingBox())!;
      const mapCollapsed = (await page.locator(MAP).boundingBox())!;
      await screenshot(page, `map-fit-panel-${win.name}`);
      if (win.width === 1280) assert.ok(collapsed.height >= 240, `1280x720: the chart is ${collapsed.height} px tall`);
      if (win.width === 1440) assert.ok(collapsed.height >= 300, `1440x900: the chart is ${collapsed.height} px tall`);
      if (win.width < 600) {
        // The chart starts above the fold once the graph is opened.
        const chartTop = await chart.evaluate((el) => el.getBoundingClientRect().top);
        assert.ok(chartTop + 120 <= win.height, `${win.name}: the chart starts at ${chartTop} px, below the fold`);
        // The table's Source column is in view inside the table's own box.
        const table = panel.getByRole('table', { name: 'Time series data' });
        const source = (await table.getByRole('columnheader', { name: 'Source' }).boundingBox())!;
        const container = (await table.locator('xpath=..').boundingBox())!;
        assert.ok(right(source) <= right(container) + 0.5, `${win.name}: the Source column ends at ${right(source)} > ${right(container)}`);
      }
      // The map stays reachable while the panel is open.
      assert.ok(mapCollapsed.height >= 100, `${win.name}: the map is ${mapCollapsed.height} px tall beside the panel`);

      await panel.getByRole('button', { name: 'Expand' }).click();
      await page.waitForTimeout(300);
      const expanded = (await chart.boundingBox())!;
      await screenshot(page, `map-fit-panel-expanded-${win.name}`);
      assert.ok(expanded.height >= collapsed.height + 80, `${win.name}: Expand ${collapsed.height} -> ${expanded.height} px`);
      if (win.width === 1440) {
        // Daily data: each x-axis date once.
        await panel.getByRole('button', { name: 'Daily Data' }).click();
        await panel.getByRole('button', { name: 'Last 30 Days' }).click();
        await page.waitForTimeout(1500);
        const dates = (await drawnAxisLabels(chart)).x.map((l) => l.text);
        assert.ok(dates.length >= 2, `daily x-axis labels: ${dates.join(', ')}`);
        assert.equal(new Set(dates).size, dates.length, `daily x-axis dates repeat: ${dates.join(', ')}`);
        await screenshot(page, 'map-fit-panel-daily-1440x900');
      }
      // With the panel expanded the way back to the map is one click away.
      await panel.getByRole('button', { name: 'Collapse' }).click();
      await page.waitForTimeout(300);
      const back = (await page.locator(MAP).boundingBox())!;
      assert.ok(back.height >= 100, `${win.name}: the map is back (${back.height} px)`);
      await context.close();
    });
  }

  for (const win of WINDOWS.filter((w) => w.width >= 1280)) {
    it(`at ${win.name}: the staff map toolbar keeps to one row, every tool reachable by name`, async () => {
      const context = await newContext(browser, { width: win.width, height: win.height });
      const page = await context.newPage();
      await signInFromLanding(page, 'admin@demo.local');
      await page.goto('/map');
      // Signed-in staff may not be shown the visitors' disclaimer.
      const accept = page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' });
      if (
        await accept.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        )
      )
        await accept.click();
      const toolbar = page.getByRole('toolbar', { name: 'Map tools' });
      await toolbar.getByRole('button', { name: 'Color by' }).waitFor();
      await toolbar.getByRole('button', { name: 'Reporting Status' }).and(page.locator(':enabled')).waitFor();
      const tops = await toolbar.evaluate((el) => {
        const items = [...el.querySelectorAll('button, input')].filter((b) => (b as HTMLElement).offsetParent !== null);
        return items.map((b) => Math.round(b.getBoundingClientRect().top + b.getBoundingClientRect().height / 2));
      });
      await screenshot(page, `map-fit-staff-toolbar-${win.name}`);
      const spread = Math.max(...tops) - Math.min(...tops);
      assert.ok(spread <= 12, `${win.name}: toolbar controls sit on more than one row (centres ${tops.join(', ')})`);

      // Every tool is in the bar, visible, and named; an icon-only one shows its name on hover.
      const tools = [
        toolbar.getByRole('combobox', { name: 'Search source' }),
        toolbar.getByRole('combobox', { name: /Locations$/ }),
        toolbar.getByRole('button', { name: 'Reporting Status' }),
        toolbar.getByRole('button', { name: 'Location Types' }),
        toolbar.getByRole('button', { name: 'Color by' }),
        toolbar.getByRole('switch', { name: 'Detailed Results' }),
        toolbar.getByRole('group', { name: 'Export map' }).getByRole('button', { name: 'Print PDF' }),
        toolbar.getByRole('button', { name: 'More export options' }),
      ];
      for (const tool of tools) assert.ok(await tool.isVisible(), `${win.name}: ${String(tool)} is visible`);
      for (const name of ['Reporting Status', 'Location Types', 'Color by']) {
        const button = toolbar.getByRole('button', { name });
        const shownText = ((await button.textContent()) ?? '').trim();
        if (shownText !== name) {
          await button.hover();
          await page.getByRole('tooltip', { name }).waitFor();
        }
        await button.click();
        await page.getByRole('menu', { name }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('menu', { name }).waitFor({ state: 'hidden' });
      }
      // The search box keeps room for its hint.
      const search = (await toolbar.getByRole('combobox', { name: /Locations$/ }).boundingBox())!;
      assert.ok(search.width >= 240, `${win.name}: the location search is ${search.width} px wide`);
      await context.close();
    });
  }
});
