import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { drawnAxisLabels, overlappingLabels } from '../lib/chart-labels';
import { drawnLineRuns, expectedBreaks, type LineRun } from '../lib/chart-lines';

/**
 * Time Series Comparisons and the facility Data Drill Down: a
 * comparison of two demo series on both axes whose rows equal the database (computed here from
 * observation), Save Graph downloads a PNG, the drill-down reloads with its choices and matches
 * the database, and facility 37 shows its trigger-elevation banner.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const PAGE = '/data-access/time-series-comparisons';
const ZONE = DEFAULT_DISTRICT_TIME_ZONE;
const HINT = 'After selecting your timeseries inputs, click the Submit button...';

const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );

/** Daily means of a series from the raw observations, keyed 'label|parameter|MM/DD/YYYY|value'. */
async function expectedDailyRows(db: pg.Client, label: string, parameter: string, start: string, end: string): Promise<string[]> {
  const { rows } = await db.query<{ k: string }>(
    `select l.location_display_label || '|' || p.parameter_name || '|' || to_char(day, 'MM/DD/YYYY') || '|' || round(avg(o.result_value)::numeric, p.decimals)::float8::text as k
     from (select o.*, (o.collect_timestamp at time zone $5)::date as day from observation o) o
     join location l on l.location_ndx = o.location_ndx join parameter p on p.parameter_ndx = o.parameter_ndx
     where l.location_display_label = $1 and p.parameter_name = $2 and day between $3::date and $4::date
     group by l.location_display_label, p.parameter_name, p.decimals, day order by day`,
    [label, parameter, start, end, ZONE],
  );
  return rows.map((r) =>
    r.k
      .split('|')
      .map((v, i) => (i === 3 ? String(Number(v)) : v))
      .join('|'),
  );
}

type CompareAnswer = { series: { points: [number, number][]; total: number }[] };

/**
 * The 15-minute lines drawn for the dates in the form break at the silences in the points the
 * server sent (longer than two steps; both axes' answers) and nowhere else. A silence narrower
 * than three pixels may be merged away by the chart's own sampling on a narrow chart; one wider
 * must show. Lines are matched to series by those rules. Returns the silences wide enough to show.
 */
async function assertLinesBreakAtGaps(page: Page, answers: Map<string, CompareAnswer>, what: string): Promise<number> {
  const iso = (us: string) => `${us.slice(6, 10)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;
  const range = `/${iso(await page.locator('input[name="startDate"]').inputValue())}/${iso(await page.locator('input[name="endDate"]').inputValue())}`;
  const chart = page.getByTestId('dual-axis-chart');
  let series: CompareAnswer['series'] = [];
  let runs: LineRun[][] = [];
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await page.waitForTimeout(200)) {
    series = [...answers].filter(([url]) => url.endsWith(range)).flatMap(([, a]) => a.series);
    runs = await drawnLineRuns(chart);
    if (series.length > 0 && runs.length === series.length) break;
  }
  assert.equal(runs.length, series.length, `${what}: a line per series answered for ${range}`);
  const points = series.flatMap((s) => s.points.map((p) => p[0]));
  const span = Math.max(...points) - Math.min(...points);
  const plotPx = (await chart.boundingBox())!.width - 128;
  const msPerPx = span / plotPx;
  const tolerance = Math.max(1000, 2 * msPerPx);
  const gapsOf = series.map((s) => expectedBreaks(s.points, 15 * 60_000, s.total));
  const fits = (line: LineRun[], gaps: { before: number; after: number }[]) =>
    // every break drawn lies on a silence ...
    line.every((run, k) => k === 0 || gaps.some((g) => g.before >= line[k - 1]!.to - tolerance && g.after <= run.from + tolerance)) &&
    // ... and no run crosses a silence three pixels wide or wider
    gaps
      .filter((g) => g.after - g.before >= 3 * msPerPx)
      .every((g) => !line.some((run) => run.from < g.after - tolerance && run.to > g.before + tolerance));
  const unmatched = new Set(series.keys());
  for (const [i, line] of runs.entries()) {
    const match = [...unmatched].find((k) => fits(line, gapsOf[k]!));
    const shown = line.map((r) => `${new Date(r.from).toISOString()}..${new Date(r.to).toISOString()}`).join(', ');
    assert.ok(match !== undefined, `${what}: line ${i} (${shown}) breaks where its series has no silence, or runs across one`);
    unmatched.delete(match);
  }
  return gapsOf.flat().filter((g) => g.after - g.before >= 3 * msPerPx).length;
}

describe('time series comparisons', () => {
  let browser: Browser;
  let db: pg.Client;
  let today: string;
  let start: string;

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    ({ today, start } = (
      await db.query<{ today: string; start: string }>(
        `select (now() at time zone $1)::date::text as today, ((now() at time zone $1)::date - 30)::text as start`,
        [ZONE],
      )
    ).rows[0]);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  it('compares two demo series on both axes without signing in: table rows equal the database, Save Graph downloads a PNG', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    // Every 15-minute answer by its URL: the lines drawn are checked against the points they were given.
    const answers = new Map<string, CompareAnswer>();
    page.on('response', (r) => {
      if (r.url().includes('/api/ts-compare-raw-data/') && r.ok()) void r.json().then((b: CompareAnswer) => answers.set(r.url(), b));
    });
    await page.goto(PAGE);
    await page.getByRole('heading', { level: 1, name: 'Time Series Comparisons' }).waitFor();
    await page.getByText(HINT, { exact: true }).waitFor();
    for (const panel of ['Map', 'Filter Controls', 'Graph', 'Table'])
      await page.getByRole('heading', { name: panel, exact: true }).waitFor();

    // Defaults: daily, 30 days back; the axes fill once the choices load (two chips, one per side).
    assert.equal(await page.getByRole('button', { name: 'Daily' }).getAttribute('aria-pressed'), 'true');
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.locator('[data-testid="left-locations"] .MuiChip-root').first().waitFor();
    await page.locator('[data-testid="right-locations"] .MuiChip-root').first().waitFor();
    assert.equal(
      await page.locator('input[name="startDate"]').inputValue(),
      `${start.slice(5, 7)}/${start.slice(8, 10)}/${start.slice(0, 4)}`,
    );
    // Nothing loads before Submit.
    assert.equal(await page.getByTestId('dual-axis-chart').count(), 0);

    await submit.click();
    await page.getByTestId('dual-axis-chart').waitFor();
    await page.locator('[data-testid="compare-row"]').first().waitFor();
    await settle(page);
    await screenshot(page, 'ts-compare-1440');
    await page.getByTestId('dual-axis-chart').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'ts-compare-1440-graph');
    // The x axis shows at most 9 date labels, and no axis prints a padded bound over its nearest tick.
    const labels = await drawnAxisLabels(page.getByTestId('dual-axis-chart'));
    assert.ok(labels.x.length >= 2 && labels.x.length <= 9, `x-axis labels: ${labels.x.map((l) => l.text).join(', ')}`);
    assert.deepEqual(overlappingLabels(labels.values), [], 'value-axis labels printed over each other');

    // The CSV holds every row of both sides.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await csvDownload;
    const lines = fs
      .readFileSync((await csv.path())!, 'utf8')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], 'Axis,Location,Parameter,Date,Value,Units');
    const bySide = { Left: [] as string[], Right: [] as string[] };
    for (const line of lines.slice(1)) {
      const [axis, location, parameter, date, value] = line.split(',');
      bySide[axis as 'Left' | 'Right'].push(`${location}|${parameter}|${date}|${String(Number(value))}`);
    }
    for (const side of ['Left', 'Right'] as const) {
      assert.ok(bySide[side].length > 0, `${side} axis has rows`);
      const [label, parameter] = bySide[side][0].split('|');
      assert.deepEqual(bySide[side], await expectedDailyRows(db, label, parameter, start, today), `${side} axis equals the database`);
    }

    const pngDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save Graph' }).click();
    const png = await pngDownload;
    assert.match(png.suggestedFilename(), / vs .* \d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.png$/);
    const bytes = fs.readFileSync((await png.path())!);
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');

    // 3 months is disabled for 15 Minutes; the endpoint change resets the start to 3 days back.
    await page.getByRole('button', { name: '15 Minutes' }).click();
    assert.equal(await page.getByRole('button', { name: '3 months' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: '3 weeks' }).isEnabled(), true);
    const threeBack = (await db.query<{ d: string }>(`select to_char((now() at time zone $1)::date - 3, 'MM/DD/YYYY') as d`, [ZONE]))
      .rows[0].d;
    assert.equal(await page.locator('input[name="startDate"]').inputValue(), threeBack);
    // 3 days of 15-minute data: still at most 9 x-axis labels, and none printed over another.
    await submit.click();
    await page.waitForTimeout(1500);
    await settle(page);
    const fifteen = await drawnAxisLabels(page.getByTestId('dual-axis-chart'));
    await screenshot(page, 'ts-compare-1440-15min-graph');
    assert.ok(fifteen.x.length >= 2 && fifteen.x.length <= 9, `15-minute x-axis labels: ${fifteen.x.map((l) => l.text).join(', ')}`);
    assert.deepEqual(overlappingLabels(fifteen.values), [], 'value-axis labels printed over each other');

    let breaksSeen = 0;
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
      [375, 812],
    ]) {
      await page.setViewportSize({ width, height });
      await settle(page);
      await screenshot(page, `ts-compare-${width}`);
      // Every quick range drawn for this window: at most 9 x-axis labels, daily dates each once,
      // none printed over another, and no padded bound printed over its nearest tick.
      for (const [interval, sets] of [
        ['Daily', ['3 months', '3 weeks', '3 days']],
        ['15 Minutes', ['3 weeks', '3 days']],
      ] as const) {
        await page.getByRole('button', { name: interval }).click();
        for (const set of sets) {
          await page.getByRole('button', { name: set }).click();
          await submit.click();
          await page.waitForTimeout(1500);
          await page.getByTestId('dual-axis-chart').scrollIntoViewIfNeeded();
          await settle(page);
          const drawn = await drawnAxisLabels(page.getByTestId('dual-axis-chart'));
          const what = `${width} px, ${interval}, ${set}`;
          const texts = drawn.x.map((l) => l.text);
          await screenshot(page, `ts-compare-${width}-graph-${interval === 'Daily' ? 'daily' : '15min'}-${set.replace(' ', '-')}`);
          assert.ok(texts.length >= 2 && texts.length <= 9, `${what}: x-axis labels: ${texts.join(', ')}`);
          if (interval === 'Daily') assert.equal(new Set(texts).size, texts.length, `${what}: dates repeat: ${texts.join(', ')}`);
          assert.deepEqual(overlappingLabels(drawn.x), [], `${what}: x-axis labels printed over each other`);
          assert.deepEqual(overlappingLabels(drawn.values), [], `${what}: value-axis labels printed over each other`);
          if (interval === '15 Minutes') breaksSeen += await assertLinesBreakAtGaps(page, answers, what);
        }
      }
      await page.getByRole('table', { name: 'Comparison table' }).scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `ts-compare-${width}-table`);
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    assert.ok(breaksSeen > 0, 'the compared 15-minute series have a visible gap somewhere (the demo data has outages)');

    // No left location, no Submit.
    const leftChips = page.locator('[data-testid="left-locations"] .MuiChip-deleteIcon');
    while (await leftChips.count()) await leftChips.first().click();
    assert.equal(await submit.isDisabled(), true);

    await context.close();
  });

  /** The drill-down table's first row (the newest instant) as header → cell text. */
  async function firstDrillRow(page: Page): Promise<Map<string, string>> {
    const table = page.getByRole('table', { name: 'Drill down table' });
    const headers = (await table.locator('thead th .Mui-TableHeadCell-Content-Wrapper').allInnerTexts()).map((h) => h.trim());
    const cells = (await table.locator('[data-testid="drill-row"]').first().locator('td').allInnerTexts()).map((c) => c.trim());
    return new Map(headers.map((h, i) => [h, cells[i]]));
  }

  /** Expected values per table header for one instant: daily means (from observation) or the 15-minute readings. */
  async function expectedAt(facility: number, interval: 'daily' | '15min', dateText: string): Promise<Map<string, string>> {
    const { rows } = await db.query<{ header: string; v: number | null }>(
      interval === 'daily'
        ? `select l.location_display_label || ' ' || p.parameter_name || coalesce(' (' || u.unit_desc || ')', '') as header,
                  (select round(avg(o.result_value)::numeric, p.decimals)::float8 from observation o
                   where o.location_ndx = l.location_ndx and o.parameter_ndx = p.parameter_ndx
                     and (o.collect_timestamp at time zone $3)::date = to_date($2, 'MM/DD/YYYY')) as v
           from facility_location fl join location l using (location_ndx) join location_parameter lp using (location_ndx)
           join parameter p using (parameter_ndx) join series_info u using (location_ndx, parameter_ndx)
           where fl.facility_ndx = $1`
        : `select l.location_display_label || ' ' || p.parameter_name || coalesce(' (' || u.unit_desc || ')', '') as header,
                  (select o.result_value from observation o where o.location_ndx = l.location_ndx and o.parameter_ndx = p.parameter_ndx
                     and o.collect_timestamp = (to_timestamp($2, 'MM/DD/YYYY, HH12:MI AM')::timestamp at time zone $3)) as v
           from facility_location fl join location l using (location_ndx) join location_parameter lp using (location_ndx)
           join parameter p using (parameter_ndx) join series_info u using (location_ndx, parameter_ndx)
           where fl.facility_ndx = $1`,
      [facility, dateText, ZONE],
    );
    return new Map(rows.map((r) => [r.header, r.v === null ? '' : String(r.v)]));
  }

  it('drills down facility 37: trigger-elevation banner, tables and graphs that follow the choices and equal the database', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    const firstGraph = page.waitForResponse((r) => r.url().includes('/api/get-display-facility/graph-daily/37/'));
    await page.goto('/facility-pages/37');
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The banner, one decimal, from the stored trigger elevations.
    const banner = page.getByTestId('trigger-elevation-banner');
    await banner.waitFor();
    const wells = (await banner.getByTestId('trigger-well').allInnerTexts()).map((t) => t.split('\n')[0].trim());
    assert.deepEqual(wells, ['TW-11 4981.0', 'TW-13 4981.5', 'TW-14 4982.0']);
    await screenshot(page, 'facility-37-banner');

    // Drill-down defaults: the first interval (Daily) and the last range (365 days), carried by the Query & Download link.
    const link = page.locator('main').getByRole('link', { name: 'Query & Download' });
    assert.match((await link.getAttribute('href'))!, /daysRange=365&timeInterval=data-daily&facilityTypes=\d+&facilities=37$/);
    assert.equal((await firstGraph).status(), 200);
    const locationCount = (await db.query<{ n: number }>('select count(*)::int as n from facility_location where facility_ndx = 37'))
      .rows[0].n;
    await page
      .locator('[data-testid="drill-graph"]')
      .nth(locationCount - 1)
      .waitFor();
    await page.locator('[data-testid="drill-row"]').first().waitFor();
    const daily = await firstDrillRow(page);
    const dailyDate = daily.get('Date')!;
    assert.match(dailyDate, /^\d{2}\/\d{2}\/\d{4}$/);
    const dailyExpected = await expectedAt(37, 'daily', dailyDate);
    for (const [header, value] of daily) if (header !== 'Date') assert.equal(value, dailyExpected.get(header), `${header} on ${dailyDate}`);
    assert.ok(daily.size >= 4, 'the table shows a column per well and parameter');
    await page.getByTestId('data-drill-down').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'facility-37-drill-down-daily');

    // Last 3 days, then 15 Minutes: both reload the table and the graphs; the link follows.
    await page.getByRole('combobox', { name: 'Days Range' }).click();
    await page.getByRole('option', { name: 'Last 3 days' }).click();
    const table15 = page.waitForResponse((r) => r.url().includes('/api/get-display-facility/table-15min/37/'));
    const graph15 = page.waitForResponse((r) => r.url().includes('/api/get-display-facility/graph-15min/37/'));
    await page.getByRole('combobox', { name: 'Time Interval' }).click();
    await page.getByRole('option', { name: '15 Minutes' }).click();
    assert.equal((await table15).status(), 200);
    assert.equal((await graph15).status(), 200);
    await page.waitForFunction(() => /, \d/.test(document.querySelector('[data-testid="drill-row"] td')?.textContent ?? ''));
    assert.match((await link.getAttribute('href'))!, /daysRange=3&timeInterval=data-15min&/);
    const fifteen = await firstDrillRow(page);
    const expected15 = await expectedAt(37, '15min', fifteen.get('Date')!);
    for (const [header, value] of fifteen)
      if (header !== 'Date') assert.equal(value, expected15.get(header), `${header} at ${fifteen.get('Date')}`);

    // The last graph location cannot be removed.
    const chips = page.locator('[data-testid="drill-graph-locations"] .MuiChip-deleteIcon');
    while ((await chips.count()) > 1) await chips.first().click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="drill-graph"]').length === 1);
    await chips.first().click();
    assert.equal(await page.locator('[data-testid="drill-graph-locations"] .MuiChip-root').count(), 1);
    await settle(page);
    await screenshot(page, 'facility-37-drill-down-15min');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByTestId('data-drill-down').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'facility-37-375');
    await page.getByRole('table', { name: 'Drill down table' }).scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'facility-37-375-table');
    await context.close();
  });
});
