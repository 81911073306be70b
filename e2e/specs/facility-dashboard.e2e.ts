import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { DEFAULT_DISTRICT_TIME_ZONE, todayIn, waterYearOf, waterYearRange } from '@portal/contracts';

/**
 * The facility dashboard's 'Recent Data Summary' as an
 * administrator sees it: a storage facility (variant A) and a well field (variant B), widgets in
 * the facility's widget_order, and the figures shown checked against values computed here from
 * the database; on a phone, Expand/Collapse.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const ADMIN = 'admin@demo.local';
const AF_PER_CFS_DAY = 1.983471;
const AF_PER_GPM_DAY = 1440 / 325_851;

interface Facility {
  facility_ndx: number;
  facility_name: string;
  widget_order: string[];
}
interface SeriesRow {
  location_id: string;
  parameter_ndx: number;
  unit_desc: string | null;
  value_field: string | null;
  last_value: number | null;
}

// The app's formats, rebuilt here with Intl (en-US grouping).
const upTo = (digits: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const af = (v: number) => `${oneDecimal.format(v)} af`;

/** The whole section as one PNG (it is taller than the window), next to screenshot()'s files. */
async function shotOf(section: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS ?? path.resolve('e2e/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await section.screenshot({ path: path.join(dir, `${name}.png`) });
}

describe('facility dashboard: Recent Data Summary', () => {
  let browser: Browser;
  let db: pg.Client;
  let storage: Facility;
  let wells: Facility;

  /** The facility's dashboard series as the spec defines them (array_location_ndx × array_parameter_ndx). */
  const seriesOf = async (facilityNdx: number) =>
    (
      await db.query<SeriesRow>(
        `select l.location_id, p.parameter_ndx, u.unit_desc, p.value_field, sl.last_value
         from facility f cross join unnest(f.array_location_ndx) with ordinality a(location_ndx, ord)
         join location l on l.location_ndx = a.location_ndx
         join parameter p on p.parameter_ndx = any (f.array_parameter_ndx)
         left join location_parameter lp on lp.location_ndx = l.location_ndx and lp.parameter_ndx = p.parameter_ndx
         left join series_latest sl on sl.location_ndx = l.location_ndx and sl.parameter_ndx = p.parameter_ndx
         join series_info u on u.location_ndx = l.location_ndx and u.parameter_ndx = p.parameter_ndx
         where f.facility_ndx = $1 and (lp.location_ndx is not null or sl.location_ndx is not null)
         order by a.ord, p.display_order`,
        [facilityNdx],
      )
    ).rows;

  /** Sum of the daily means of one series in the current water year (April 1 to March 31, district days). */
  const waterYearSum = async (locationId: string, parameterNdx: number) => {
    const wy = waterYearRange(waterYearOf(todayIn(DEFAULT_DISTRICT_TIME_ZONE)));
    const { rows } = await db.query<{ total: number | null }>(
      `select sum(od.mean_value) as total from observation_daily od join location l using (location_ndx)
       where l.location_id = $1 and od.parameter_ndx = $2 and od.local_date between $3::date and $4::date`,
      [locationId, parameterNdx, wy.start, wy.end],
    );
    return rows[0].total ?? 0;
  };

  const openDashboard = async (page: Page, f: Facility) => {
    await page.goto(`/facility-pages/${f.facility_ndx}`);
    await page.getByRole('heading', { level: 1, name: f.facility_name }).waitFor();
    const section = page.getByTestId('recent-data-summary');
    await section.getByRole('heading', { name: 'Recent Data Summary' }).waitFor();
    return section;
  };
  const widgetNames = (page: Page) => page.locator('[data-widget]').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget')));

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const pick = async (widget: string) =>
      (
        await db.query<Facility>(
          `select facility_ndx, facility_name, widget_order from facility where $1 = any (widget_order) order by facility_ndx limit 1`,
          [widget],
        )
      ).rows[0];
    storage = await pick('004_pctfull');
    wells = await pick('current_values_by_well');
    assert.ok(storage && wells, 'the demo district has a storage facility and a well field');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  it('shows a storage facility’s widgets in widget_order with percent full and water-year volumes from the database', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, ADMIN);
    const section = await openDashboard(page, storage);
    assert.deepEqual(await widgetNames(page), storage.widget_order);

    const series = await seriesOf(storage.facility_ndx);
    const reservoirs = [...new Set(series.filter((s) => s.unit_desc === '%' || s.unit_desc === 'af').map((s) => s.location_id))];
    assert.ok(reservoirs.length > 0, 'the storage facility has a reservoir');
    const pctWidget = section.locator('[data-widget="004_pctfull"]');
    for (const id of reservoirs) {
      const pct = series.find((s) => s.location_id === id && s.unit_desc === '%')!.last_value!;
      const vol = series.find((s) => s.location_id === id && s.unit_desc === 'af')!.last_value!;
      const row = pctWidget.locator(`[data-testid="pct-full-row"][data-reservoir="${id}"]`);
      await row.waitFor();
      assert.equal(await row.getByTestId('pct-full-value').textContent(), `${upTo(1).format(pct)}% full`);
      assert.equal(await row.getByTestId('curr-af').textContent(), `Storage: ${af(vol)}`);
      assert.equal(await row.getByTestId('remaining-af').textContent(), `Remaining: ${pct > 0 ? af(vol / (pct / 100) - vol) : 'N/A'}`);
    }

    const flows = series.filter((s) => s.unit_desc === 'cfs');
    assert.ok(flows.length > 0, 'the storage facility has flow series');
    const ytd = section.locator('[data-widget="000_ytd"]');
    for (const s of flows) {
      const cell = ytd.locator(
        `[data-testid="ytd-row"][data-series-location="${s.location_id}"][data-parameter-ndx="${s.parameter_ndx}"] [data-testid="ytd-value"]`,
      );
      assert.equal(await cell.textContent(), af((await waterYearSum(s.location_id, s.parameter_ndx)) * AF_PER_CFS_DAY), s.location_id);
    }
    await section.locator('[data-testid="last-few-chart"] canvas').waitFor();
    await section.locator('[data-testid="003_monthly-chart"] canvas').waitFor();
    assert.equal(await section.getByText(/Error fetching recent data summary/).count(), 0);
    await shotOf(section, 'facility-dashboard-storage');
    await pctWidget.scrollIntoViewIfNeeded();
    await screenshot(page, 'facility-dashboard-storage-window');
    await context.close();
  });

  it('shows a well field’s current values by well, totals and pumping volumes from the database', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, ADMIN);
    const section = await openDashboard(page, wells);
    assert.deepEqual(await widgetNames(page), wells.widget_order);

    const series = await seriesOf(wells.facility_ndx);
    const level = (id: string) => series.find((s) => s.location_id === id && s.value_field === 'level_ft')?.last_value ?? null;
    const gpm = (id: string) => series.find((s) => s.location_id === id && s.unit_desc === 'gpm')?.last_value ?? null;
    const wellIds = [...new Set(series.filter((s) => s.value_field === 'level_ft' || s.unit_desc === 'gpm').map((s) => s.location_id))];
    const table = section.getByTestId('well-values-table');
    await table.waitFor();
    const headers = await table.locator('thead th').allTextContents();
    assert.deepEqual(headers, ['Metric', ...wellIds]);
    const cells = async (metric: string) => table.locator('tbody tr').filter({ hasText: metric }).locator('td').allTextContents();
    const show = (v: number | null) => (v === null ? 'N/A' : upTo(2).format(v));
    assert.deepEqual(
      await cells('Water Level (ft)'),
      wellIds.map((id) => show(level(id))),
    );
    assert.deepEqual(
      await cells('Pumping Rate (gpm)'),
      wellIds.map((id) => show(gpm(id))),
    );

    const pumping = series.filter((s) => s.unit_desc === 'gpm' && s.last_value !== null);
    const total = pumping.reduce((acc, s) => acc + s.last_value!, 0);
    const totals = section.locator('[data-widget="current_totals"]');
    assert.equal(await totals.getByTestId('total-gpm').textContent(), `${upTo(1).format(total)} gpm`);
    assert.equal(await totals.getByTestId('total-af-day').textContent(), `${upTo(2).format(total * AF_PER_GPM_DAY)} af/day`);
    assert.equal(await totals.getByTestId('well-count').textContent(), String(pumping.length));

    const ytd = section.locator('[data-widget="water_year_ytd"]');
    for (const s of series.filter((x) => x.unit_desc === 'gpm')) {
      const cell = ytd.locator(`[data-testid="ytd-row"][data-series-location="${s.location_id}"] [data-testid="ytd-value"]`);
      assert.equal(await cell.textContent(), af((await waterYearSum(s.location_id, s.parameter_ndx)) * AF_PER_GPM_DAY), s.location_id);
    }
    await section.locator('[data-testid="monthly_pumping-chart"] canvas').waitFor();
    assert.equal(await section.getByText(/Error fetching recent data summary/).count(), 0);
    await shotOf(section, 'facility-dashboard-wells');
    await context.close();
  });

  it('on a phone shows the first widget and Expand/Collapse for the rest', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInFromLanding(page, ADMIN);
    const section = await openDashboard(page, storage);
    const toggle = section.getByRole('button', { name: 'Expand' });
    await toggle.waitFor();
    assert.deepEqual(await widgetNames(page), storage.widget_order.slice(0, 1));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'facility-dashboard-phone-collapsed');
    await shotOf(section, 'facility-dashboard-phone-collapsed-section');
    await toggle.click();
    await section.getByRole('button', { name: 'Collapse' }).waitFor();
    assert.deepEqual(await widgetNames(page), storage.widget_order);
    await section.locator('[data-widget="002_lastfew"] canvas').waitFor();
    await shotOf(section, 'facility-dashboard-phone-expanded');
    await section.getByRole('button', { name: 'Collapse' }).click();
    await section.getByRole('button', { name: 'Expand' }).waitFor();
    assert.equal(await page.locator('[data-widget]').count(), 1);
    await context.close();
  });

  it('keeps the dashboard wide on a desktop: no Expand/Collapse button', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, ADMIN);
    const section = await openDashboard(page, storage);
    await section.locator('[data-widget]').first().waitFor();
    assert.equal(await section.getByRole('button', { name: /^(Expand|Collapse)$/ }).count(), 0);
    await context.close();
  });
});
