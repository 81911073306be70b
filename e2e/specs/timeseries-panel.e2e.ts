import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../lib/browser';
import { MAP, publicLocationWithFlowGraph, waitForMap } from '../lib/map';
import { DEFAULT_DISTRICT_TIME_ZONE, daysBetween, formatCalendarDayUs, type CalendarDay } from '@portal/contracts';

/**
 * The data-visualization panel, opened from a public location's popup
 * on /map: quick ranges, intervals, dates, paging, CSV compared with the database, empty and error
 * answers, Expand/Collapse and Close.
 */
const GRAPH_CALL = /\/api\/graph-flow-data15-min\/\d+$/;

interface LocationFeature {
  geometry: { coordinates: [number, number] };
  properties: { location_ndx: number; location_id: string; location_name: string; has_flow_graph: boolean };
}

/** The answer each page's panel opened with (the default: the last 3 days of 15-minute data). */
const firstAnswers = new WeakMap<Page, { request: Record<string, unknown>; body: GraphBody }>();

/** Opens /map, flies to the location via search and opens its popup at the map centre. */
async function openFlowGraph(context: BrowserContext, target: Pick<LocationFeature, 'properties'>): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('console', async (m) => {
    if (m.type() !== 'error') return;
    for (const a of m.args()) console.log('CONSOLE', await a.evaluate((x: unknown) => (x instanceof Error ? x.stack : String(x))));
  });
  await page.goto('/map');
  const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  const name = target.properties.location_name;
  await page.getByRole('combobox', { name: /Locations$/ }).fill(name);
  await page.getByRole('option', { name }).first().click();
  await waitForMap(page, 'zoom', (v) => v === '16.00');
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  const box = (await page.locator(MAP).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const popup = page.getByTestId('feature-popup');
  await popup.waitFor();
  // Overlapping features (boundaries, DWR points) come first sometimes: page to our location.
  for (let i = 0; i < 10 && (await popup.getByRole('button', { name: 'Flow Graph' }).count()) === 0; i++) {
    await popup.getByRole('button', { name: 'Next feature' }).click();
  }
  await screenshot(page, 'timeseries-popup-links');
  const first = page.waitForResponse((r) => GRAPH_CALL.test(r.url()));
  await popup.getByRole('button', { name: 'Flow Graph' }).click();
  const response = await first;
  firstAnswers.set(page, {
    request: JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>,
    body: (await response.json()) as GraphBody,
  });
  return page;
}

const panelOf = (page: Page) => page.getByTestId('data-visualization-panel');

/** A request's calendar day (YYYY-MM-DD) as the field shows it (MM/dd/yyyy). */
const shown = (day: unknown) => formatCalendarDayUs(day as CalendarDay);

/**
 * Waits until MapLibre's canvas has the size of the map's box (it resizes 100 ms after the box stops
 * changing) and returns that height: a map left drawn at its old size never matches.
 */
async function mapFitsItsBox(page: Page): Promise<number> {
  const deadline = Date.now() + 10_000;
  let sizes = { box: [0, 0], canvas: [-1, -1] };
  while (Date.now() < deadline) {
    sizes = await page.locator(MAP).evaluate((el) => {
      const canvas = el.querySelector('canvas')!;
      return { box: [el.clientWidth, el.clientHeight], canvas: [canvas.clientWidth, canvas.clientHeight] };
    });
    if (sizes.box[0] === sizes.canvas[0] && sizes.box[1] === sizes.canvas[1]) return sizes.box[1];
    await page.waitForTimeout(100);
  }
  throw new Error(`the map canvas ${sizes.canvas.join('x')} never matched its box ${sizes.box.join('x')}`);
}

async function graphAnswer(
  page: Page,
  action: () => Promise<unknown>,
  wanted: (body: Record<string, unknown>) => boolean = () => true,
): Promise<{ response: Response; body: GraphBody; request: Record<string, unknown> }> {
  const waiting = page.waitForResponse(
    (r) =>
      GRAPH_CALL.test(r.url()) &&
      r.request().method() === 'POST' &&
      wanted(JSON.parse(r.request().postData() ?? '{}') as Record<string, unknown>),
  );
  await action();
  const response = await waiting;
  return {
    response,
    body: (await response.json()) as GraphBody,
    request: JSON.parse(response.request().postData() ?? '{}') as Record<string, unknown>,
  };
}

interface GraphBody {
  rows: { collect_timestamp: string; flow_cfs: number; location_id: string }[];
  chart: { points: [number, number][]; total: number; downsampled: boolean };
  startDate: string;
  endDate: string;
  interval: string;
}

/** Types MMDDYYYY into a date picker's sections. */
async function typeDate(page: Page, label: string, digits: string): Promise<void> {
  const field = panelOf(page).getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

describe('data-visualization panel', () => {
  let browser: Browser;
  let target: Pick<LocationFeature, 'properties'>;
  let db: pg.Client;
  before(async () => {
    browser = await launchBrowser();
    db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    const base = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
    target = await publicLocationWithFlowGraph<LocationFeature['properties']>(base);
  });
  after(async () => {
    await db.end();
    await browser.close();
  });

  it('opens from a popup link on the last 3 days of 15-minute data; quick ranges and intervals refetch', async () => {
    // A desktop screen with room for the map, the footer and the expanded panel at the spec's full height.
    const context = await newContext(browser, { width: 1366, height: 1050 });
    const page = await openFlowGraph(context, target);
    const panel = panelOf(page);
    await panel.getByRole('heading', { name: `Flow: ${target.properties.location_name} (${target.properties.location_id})` }).waitFor();
    await panel.getByRole('table', { name: 'Time series data' }).getByRole('row').nth(1).waitFor();
    const pagination = (await panel.locator('.MuiTablePagination-displayedRows').textContent()) ?? '';
    assert.match(pagination, /^1–120 of \d[\d,]*$/);
    // 365 and 90 days are not offered for 15-minute data.
    for (const days of [365, 90]) assert.equal(await panel.getByRole('button', { name: `Last ${days} Days` }).isDisabled(), true);
    assert.equal(await panel.getByRole('button', { name: 'Last 45 Days' }).isDisabled(), false);
    await screenshot(page, 'timeseries-panel-15min');

    const tenDays = await graphAnswer(page, () => panel.getByRole('button', { name: 'Last 10 Days' }).click());
    assert.equal(tenDays.request.interval, '15min');
    assert.ok(tenDays.body.rows.length > 500, `10 days of 15-minute rows, got ${tenDays.body.rows.length}`);

    const daily = await graphAnswer(page, () => panel.getByRole('button', { name: 'Daily Data' }).click());
    assert.equal(daily.request.interval, 'daily');
    assert.equal(await panel.getByRole('button', { name: 'Last 365 Days' }).isDisabled(), false);
    const year = await graphAnswer(page, () => panel.getByRole('button', { name: 'Last 365 Days' }).click());
    assert.ok(year.body.rows.length > 300 && year.body.rows.length <= 366, `about a year of daily means, got ${year.body.rows.length}`);
    // Daily rows are stamped at local midnight: the table shows 12:00 AM.
    await panel
      .getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4}, 12:00 AM$/ })
      .first()
      .waitFor();
    await screenshot(page, 'timeseries-panel-daily-365');

    await panel.getByRole('combobox', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '300' }).click();
    assert.match((await panel.locator('.MuiTablePagination-displayedRows').textContent()) ?? '', /^1–300 of /);

    // The panel sits under the map: the map's box shrinks as it expands, and MapLibre redraws at the new size.
    const collapsedMap = await mapFitsItsBox(page);
    await panel.getByRole('button', { name: 'Expand' }).click();
    assert.equal(await panel.getAttribute('data-expanded'), 'true');
    assert.equal(Math.round((await panel.getByTestId('time-series-chart').boundingBox())!.height), 460);
    const expandedMap = await mapFitsItsBox(page);
    assert.ok(expandedMap < collapsedMap, `the map gives room to the expanded panel: ${expandedMap} px < ${collapsedMap} px`);
    const mapBox = (await page.locator(MAP).boundingBox())!;
    const dockBox = (await page.getByTestId('data-visualization-dock').boundingBox())!;
    assert.ok(mapBox.y + mapBox.height <= dockBox.y + 0.5, 'the panel does not cover the map');
    await screenshot(page, 'timeseries-panel-expanded');
    await panel.getByRole('button', { name: 'Collapse' }).click();
    assert.equal(Math.round((await panel.getByTestId('time-series-chart').boundingBox())!.height), 360);
    assert.equal(await mapFitsItsBox(page), collapsedMap);

    // Back to 15-minute data: 365 days is not offered there, so the range falls back to the last 3 days.
    // That is the request the panel opened with, answered from the query cache (fresh for 60 s), so
    // the check is on the fields, the active quick range and the rows shown: the opening answer's.
    const opening = firstAnswers.get(page)!;
    assert.equal(opening.request.interval, '15min');
    assert.equal(daysBetween(opening.request.startDate as CalendarDay, opening.request.endDate as CalendarDay), 3);
    assert.equal(opening.request.endDate, year.request.endDate, 'the 3 days end today');
    const sent: string[] = [];
    const onRequest = (r: { url: () => string; postData: () => string | null }) =>
      GRAPH_CALL.test(r.url()) && sent.push(r.postData() ?? '');
    page.on('request', onRequest);
    await panel.getByRole('button', { name: '15-Minute Data' }).click();
    const lastThree = panel.getByRole('button', { name: 'Last 3 Days' });
    await page.waitForFunction((el) => el?.classList.contains('MuiButton-contained'), await lastThree.elementHandle());
    assert.equal(await panel.locator('input[name="startDate"]').inputValue(), shown(opening.request.startDate));
    assert.equal(await panel.locator('input[name="endDate"]').inputValue(), shown(opening.request.endDate));
    assert.equal(await panel.getByRole('button', { name: 'Last 365 Days' }).isDisabled(), true);
    const rowCount = opening.body.rows.length.toLocaleString('en-US');
    await panel
      .locator('.MuiTablePagination-displayedRows')
      .getByText(new RegExp(` of ${rowCount}$`))
      .waitFor();
    page.off('request', onRequest);
    // Whatever went out meanwhile was 15-minute data for 3 days, never 365 days of it.
    for (const body of sent.map((b) => JSON.parse(b) as Record<string, unknown>)) {
      assert.deepEqual(body, { startDate: opening.request.startDate, endDate: opening.request.endDate, interval: '15min' });
    }
    await screenshot(page, 'timeseries-panel-back-to-15min');

    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    const fullMap = await mapFitsItsBox(page);
    assert.ok(fullMap > collapsedMap, `the map takes the whole height back: ${fullMap} px > ${collapsedMap} px`);
    await context.close();
  });

  it('downloads a CSV whose rows equal the database rows for the range', async () => {
    const context = await newContext(browser);
    const page = await openFlowGraph(context, target);
    const panel = panelOf(page);
    const answer = await graphAnswer(page, () => panel.getByRole('button', { name: 'Last 10 Days' }).click());
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
    assert.equal(
      download.suggestedFilename(),
      `Time Series Data for ${target.properties.location_id} between ${us(answer.body.startDate)} and ${us(answer.body.endDate)}.csv`,
    );
    const csv = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    assert.equal(csv[0], 'collect_timestamp_local,collect_timestamp_utc,location_id,location_name,flow_cfs,units,source,qualifiers');
    const fromCsv = csv.slice(1).map((line) => {
      const utc = /,(\d{4}-\d{2}-\d{2}T[\d:.]+Z),/.exec(line)![1];
      const cells = line.slice(line.indexOf(utc) + utc.length + 1).split(',');
      // location_id, location_name (no commas in the demo names), flow_cfs, units, source, qualifiers
      return `${utc} ${Number(cells[2])}`;
    });
    const { rows } = await db.query<{ ts: Date; v: number }>(
      `select o.collect_timestamp as ts, o.result_value as v
       from observation o join parameter p on p.parameter_ndx = o.parameter_ndx and p.value_field = 'flow_cfs'
       where o.location_ndx = $1
         and o.collect_timestamp >= ($2::date::timestamp at time zone $4)
         and o.collect_timestamp < (($3::date + 1)::timestamp at time zone $4)
       order by o.collect_timestamp`,
      [target.properties.location_ndx, answer.body.startDate, answer.body.endDate, DEFAULT_DISTRICT_TIME_ZONE],
    );
    assert.ok(rows.length > 500);
    assert.deepEqual(
      fromCsv,
      rows.map((r) => `${r.ts.toISOString()} ${r.v}`),
    );
    await context.close();
  });

  it("shows 'No Data Available' for an empty range and the server's message on an error", async () => {
    const context = await newContext(browser);
    const page = await openFlowGraph(context, target);
    const panel = panelOf(page);
    const requests: string[] = [];
    page.on('request', (r) => GRAPH_CALL.test(r.url()) && requests.push(r.postData() ?? ''));
    const empty = await graphAnswer(
      page,
      async () => {
        await typeDate(page, 'Start Date', '01012001');
        await typeDate(page, 'End Date', '01312001');
      },
      (body) => body.endDate === '2001-01-31',
    );
    // Typing digit by digit settles into one request (the fields are debounced).
    assert.equal(requests.length, 1, `one request while typing, got ${requests.join(' | ')}`);
    assert.equal(empty.body.rows.length, 0);
    assert.equal(empty.request.startDate, '2001-01-01');
    await panel.getByRole('status').getByText('No Data Available').waitFor();
    assert.equal(await panel.getByRole('button', { name: 'Download CSV' }).isDisabled(), true);
    await screenshot(page, 'timeseries-panel-no-data');

    // An end date before the start date is refused at the field, without a call.
    await typeDate(page, 'End Date', '12312000');
    await panel.getByText('The end date is before the start date').waitFor();

    // A failing server (here: answered by the browser's network layer) shows the message.
    await page.route(GRAPH_CALL, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service Unavailable', message: 'The database is restarting' }),
      }),
    );
    await panel.getByRole('button', { name: 'Last 30 Days' }).click();
    await panel.getByText('An error has occurred: The database is restarting').waitFor();
    await screenshot(page, 'timeseries-panel-error');
    await context.close();
  });
});
