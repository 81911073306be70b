import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
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
  location_ndx: number;
  location_name: string;
  location_id: string;
}

const GRAPH_CALL = /\/api\/graph-flow-data15-min\/\d+$/;

/** A stretch of the chart's line drawn without a break, as the chart publishes it (data-line-runs). */
interface LineRun {
  from: number;
  to: number;
  points: number;
}

/** The flow series' readings that follow a silence longer than two 15-minute intervals, with the reading before it. */
async function flowGaps(db: pg.Client, locationNdx: number, start: string, end: string): Promise<{ before: number; after: number }[]> {
  const { rows } = await db.query<{ before: Date; after: Date }>(
    `select before, after from (
       select lag(o.collect_timestamp) over (order by o.collect_timestamp) as before, o.collect_timestamp as after
       from observation o join parameter p on p.parameter_ndx = o.parameter_ndx and p.value_field = 'flow_cfs'
       where o.location_ndx = $1
         and o.collect_timestamp >= ($2::date::timestamp at time zone $4)
         and o.collect_timestamp < (($3::date + 1)::timestamp at time zone $4)) g
     where after - before > interval '30 minutes'
     order by after`,
    [locationNdx, start, end, DEFAULT_DISTRICT_TIME_ZONE],
  );
  return rows.map((r) => ({ before: r.before.getTime(), after: r.after.getTime() }));
}

/**
 * 15-minute data over the last 10 days: the line is broken at every silence longer than two
 * intervals and nowhere else, read from the line the chart drew (its runs between breaks).
 */
async function assertLineBreaksAtGaps(page: Page, db: pg.Client, locationNdx: number, label: string): Promise<void> {
  const panel = page.getByTestId('data-visualization-panel');
  type GraphBody = { startDate: string; endDate: string; interval: string; chart: { total: number; downsampled: boolean } };
  const answers: Promise<GraphBody>[] = [];
  const onResponse = (r: import('playwright-core').Response) => {
    if (GRAPH_CALL.test(r.url())) answers.push(r.json() as Promise<GraphBody>);
  };
  page.on('response', onResponse);
  await panel.getByRole('button', { name: '15-Minute Data' }).click();
  await panel.getByRole('button', { name: 'Last 10 Days' }).click();
  const start = await panel.locator('input[name="startDate"]').inputValue();
  let body: GraphBody | undefined;
  for (const deadline = Date.now() + 15_000; !body && Date.now() < deadline; await page.waitForTimeout(200))
    body = (await Promise.all(answers)).find((b) => b.interval === '15min' && usDate(b.startDate) === start);
  page.off('response', onResponse);
  assert.ok(body, `${label}: the 10 days of 15-minute data were answered`);
  assert.equal(body.chart.downsampled, false, `${label}: 10 days of 15-minute data come whole`);
  const gaps = await flowGaps(db, locationNdx, body.startDate, body.endDate);
  assert.ok(gaps.length > 0, `${label}: the chosen location has a gap in its last 10 days`);
  const chart = panel.getByTestId('time-series-chart');
  let runs: LineRun[] = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(200)) {
    runs = (JSON.parse((await chart.getAttribute('data-line-runs')) ?? '[]') as LineRun[][])[0] ?? [];
    if (runs.length > 0 && runs[runs.length - 1]!.to - runs[0]!.from > 5 * 24 * 3600_000) break;
  }
  const shown = runs.map((r) => `${new Date(r.from).toISOString()}..${new Date(r.to).toISOString()}`).join(', ');
  // The line is not drawn across any gap ...
  for (const gap of gaps) {
    // Instants come back from pixels: a second either way is the same reading.
    const across = runs.filter((r) => r.from < gap.after - 1000 && r.to > gap.before + 1000);
    assert.deepEqual(
      across,
      [],
      `${label}: the line runs across the gap ${new Date(gap.before).toISOString()} .. ${new Date(gap.after).toISOString()}`,
    );
  }
  // ... and breaks only at one: between two runs there is a gap, its readings the runs' ends.
  assert.equal(runs.length, gaps.length + 1, `${label}: ${gaps.length} gaps, runs ${shown}`);
  for (let i = 0; i + 1 < runs.length; i++) {
    const between = gaps.find((g) => g.before >= runs[i]!.to - 1000 && g.after <= runs[i + 1]!.from + 1000);
    assert.ok(
      between,
      `${label}: the line breaks between ${new Date(runs[i]!.to).toISOString()} and ${new Date(runs[i + 1]!.from).toISOString()} without a gap`,
    );
    // Drawn point for point (no sampling on a wide chart), the runs end on the gap's own readings.
    const drawn = runs.reduce((n, r) => n + r.points, 0);
    if (drawn === body.chart.total) {
      assert.ok(Math.abs(runs[i]!.to - between.before) < 60_000, `${label}: a run ends at the reading before the gap`);
      assert.ok(Math.abs(runs[i + 1]!.from - between.after) < 60_000, `${label}: the next run starts at the reading after it`);
    }
  }
  await screenshot(page, `map-fit-panel-gaps-${label}`);
}

/** MM/DD/YYYY of a calendar day (YYYY-MM-DD), as the date fields show it. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

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
  // A pager scrolled out of the popup's content (a short map) is not drawn anywhere.
  const pagerShown = (await pager.count()) > 0 && bottom((await pager.boundingBox())!) <= bottom(popupBox);
  if (attribution && pagerShown) {
    const pagerBox = (await pager.boundingBox())!;
    const overlaps = pagerBox.x < right(attribution) && right(pagerBox) > attribution.x && bottom(pagerBox) > attribution.y;
    assert.ok(!overlaps, `${label}: the pager is not under the attribution bar`);
  }
}

const boxesOverlap = (a: Box, b: Box) => a.x < right(b) && right(a) > b.x && a.y < bottom(b) && bottom(a) > b.y;

/** The map's scale bar and attribution are never drawn over the popup. */
async function assertControlsClearOfPopup(page: Page, label: string): Promise<void> {
  const popupBox = await settledPopupBox(page);
  for (const control of ['.maplibregl-ctrl-scale', '.maplibregl-ctrl-attrib']) {
    const box = await page.locator(control).first().boundingBox();
    if (box)
      assert.ok(!boxesOverlap(popupBox, box), `${label}: ${control} ${JSON.stringify(box)} over the popup ${JSON.stringify(popupBox)}`);
  }
}

/** The chart and the table's pager end above the footer: nothing of the panel is under it or below the window. */
async function assertPanelAboveFooter(page: Page, label: string): Promise<void> {
  const panel = page.getByTestId('data-visualization-panel');
  const footer = (await page.locator('footer').boundingBox())!;
  const view = page.viewportSize()!;
  const limit = Math.min(footer.y, view.height);
  const chart = (await panel.getByTestId('time-series-chart').boundingBox())!;
  const pager = (await panel.locator('.MuiTablePagination-root').boundingBox())!;
  assert.ok(bottom(chart) <= limit + 0.5, `${label}: the chart ends at ${bottom(chart)}, the footer starts at ${footer.y}`);
  assert.ok(bottom(pager) <= limit + 0.5, `${label}: the table's pager ends at ${bottom(pager)}, the footer starts at ${footer.y}`);
}

describe('map popup and graph panel fit the window', () => {
  let browser: Browser;
  let db: pg.Client;
  let target: Props;
  before(async () => {
    browser = await launchBrowser();
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    // A location whose flow has a silence longer than two 15-minute intervals in the last 9 days.
    const today = new Date().toISOString().slice(0, 10);
    const nineDaysAgo = new Date(Date.now() - 9 * 24 * 3600_000).toISOString().slice(0, 10);
    target = (
      await publicLocationWithFlowGraph<Props>(base, async (p) => (await flowGaps(db, p.location_ndx, nineDaysAgo, today)).length > 0)
    ).properties;
  });
  after(async () => {
    await browser.close();
    await db?.end();
  });

  for (const win of WINDOWS) {
    it(`at ${win.name}: the centred popup stays inside the map; the graph panel is readable`, async () => {
      const context = await newContext(browser, { width: win.width, height: win.height });
      const page = await context.newPage();
      await openCentredPopup(page, target.location_name);
      await assertPopupInsideMap(page, win.name);
      await assertControlsClearOfPopup(page, win.name);
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
      await screenshot(page, `map-fit-panel-open-${win.name}`);
      const titleBox = (await title.boundingBox())!;
      assert.ok(titleBox.width >= 120, `${win.name}: the panel title is ${titleBox.width} px wide`);
      // The gauge id is always in view in the title; the whole title shows on hover and focus.
      const gauge = title.getByTestId('graph-panel-gauge-id');
      assert.equal(((await gauge.textContent()) ?? '').trim(), `(${target.location_id})`);
      const gaugeBox = (await gauge.boundingBox())!;
      assert.ok(gaugeBox.width > 20 && right(gaugeBox) <= right(titleBox) + 0.5, `${win.name}: the gauge id is cut off`);
      const fullTitle = page.getByRole('tooltip', { name: `Flow: ${target.location_name} (${target.location_id})` });
      await title.hover();
      await fullTitle.waitFor();
      await page.mouse.move(0, 0);
      await fullTitle.waitFor({ state: 'hidden' });
      // By keyboard: the title is reached with Tab.
      await title.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await fullTitle.waitFor();
      await page.keyboard.press('Escape');
      // With the panel open the popup stays inside the map strip, clear of its controls.
      await assertPopupInsideMap(page, `${win.name} with the panel open`);
      await assertControlsClearOfPopup(page, `${win.name} with the panel open`);
      if (win.width >= 600) await assertPanelAboveFooter(page, win.name);

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
      // Expanded, the chart has at least the collapsed height of the design (360 px) from 720 px high.
      if (win.width >= 600) {
        assert.ok(expanded.height >= 359.5, `${win.name}: the expanded chart is ${expanded.height} px tall`);
        await assertPanelAboveFooter(page, `${win.name} expanded`);
      }
      await assertPopupInsideMap(page, `${win.name} expanded`);
      // Daily data, short and long ranges: each x-axis date once.
      await panel.getByRole('button', { name: 'Daily Data' }).click();
      for (const days of [3, 10, 30]) {
        await panel.getByRole('button', { name: `Last ${days} Days` }).click();
        await page.waitForTimeout(1500);
        const dates = (await drawnAxisLabels(chart)).x.map((l) => l.text);
        assert.ok(dates.length >= 2, `${win.name}, ${days} days: daily x-axis labels: ${dates.join(', ')}`);
        assert.equal(new Set(dates).size, dates.length, `${win.name}, ${days} days: daily x-axis dates repeat: ${dates.join(', ')}`);
        await screenshot(page, `map-fit-panel-daily-${days}-${win.name}`);
      }
      // With the panel expanded the way back to the map is one click away.
      await panel.getByRole('button', { name: 'Collapse' }).click();
      await page.waitForTimeout(300);
      const back = (await page.locator(MAP).boundingBox())!;
      assert.ok(back.height >= 100, `${win.name}: the map is back (${back.height} px)`);

      await assertLineBreaksAtGaps(page, db, target.location_ndx, win.name);
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
