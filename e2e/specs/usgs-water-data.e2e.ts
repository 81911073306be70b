import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

// USGS Water Data API imports against the loopback stand-in e2e/run.ts starts (USGS_WATER_DATA_URL):
// any site answers 15-minute values up to now, the last 3 days provisional.

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const IMPORTS = '/data-access/system-management/imports-configuration';
const LOCATIONS_SETUP = '/data-access/system-management/locations-setup';
const DAY = 86_400_000;

interface Target {
  location_ndx: number;
  location_name: string;
  location_id: string;
}

async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Run now in the open editor, and wait until the Processing Status shows the finished run. */
async function runNowAndWait(editor: ReturnType<Page['getByRole']>): Promise<void> {
  const status = editor.getByRole('region', { name: 'Processing Status' });
  await status.getByRole('button', { name: 'Run now' }).click();
  await status.getByTestId('import-run-row').first().waitFor({ timeout: 90_000 });
  await status.getByRole('button', { name: 'Run now' }).waitFor({ timeout: 90_000 });
}

describe('USGS Water Data API imports', () => {
  let browser: Browser;
  let db: pg.Client;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await db?.end();
  });

  /** A mapped location with no Flow series yet, so the graph shows only what the import stored. */
  async function locationWithoutFlow(skip: number[] = []): Promise<Target> {
    const r = await db.query<Target>(
      `select l.location_ndx, l.location_name, l.location_id from location l
       where not l.exclude_from_map and l.latitude is not null and not (l.location_ndx = any($1::int[]))
         and (select count(*) from location l2 where l2.location_name = l.location_name) = 1
         and not exists (select 1 from series_latest sl join parameter p using (parameter_ndx)
                         where sl.location_ndx = l.location_ndx and p.parameter_name = 'Flow')
       order by l.location_ndx limit 1`,
      [skip],
    );
    assert.ok(r.rows[0], 'the demo district has a mapped location without a Flow series');
    return r.rows[0];
  }

  it('creates a Water Data API source, runs it, and the graph shows its values with the provisional span shaded', async () => {
    const target = await locationWithoutFlow();
    await page.goto(IMPORTS);
    await page.getByRole('heading', { name: 'Imports Configuration' }).waitFor();
    await page.getByRole('button', { name: 'New Import' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: 'New Import Configuration' }).waitFor();
    const choose = async (label: string | RegExp, option: string) => {
      await editor.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await choose(/^Enabled$/, 'No');
    await editor.getByRole('combobox', { name: /^Location/ }).fill(target.location_name);
    await page.getByRole('option', { name: target.location_name, exact: true }).click();
    await editor.getByRole('combobox', { name: /^Parameter$/ }).fill('Flow');
    await page.getByRole('option', { name: 'Flow', exact: true }).click();
    await choose(/^Data Source/, 'USGS Water Data API');
    await choose(/^Incoming Units/, 'cfs');
    await editor.getByLabel('Source Site ID', { exact: true }).fill('06754000');
    await choose(/^Collection/, 'continuous (instantaneous values)');
    // The page checks the code as it is typed.
    const code = editor.getByLabel('Parameter Code', { exact: true });
    await code.fill('0060');
    await editor.getByText('The parameter code must be five digits, e.g. 00060 (discharge) or 00065 (gage height)').waitFor();
    await settled(page);
    await screenshot(page, 'usgs-water-data-editor-invalid-code');
    await code.fill('00060');
    await editor.getByLabel('Interval Period (minutes)', { exact: true }).fill('15');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('New entry was saved to the database').waitFor();
    const heading = editor.getByRole('heading', { name: /^Editing Import Configuration "\d+"$/ });
    await heading.waitFor();
    const importNdx = Number(/"(\d+)"/.exec((await heading.textContent()) ?? '')![1]);
    const saved = await db.query('select source_site_id, source_site_metadata from import_source where import_ndx = $1', [importNdx]);
    assert.deepEqual(saved.rows[0], { source_site_id: 'USGS-06754000', source_site_metadata: 'continuous:00060' });

    await runNowAndWait(editor);
    const status = editor.getByRole('region', { name: 'Processing Status' });
    await status.getByTestId('import-run-row').first().getByText('Succeeded').waitFor();
    await settled(page);
    await screenshot(page, 'usgs-water-data-run');
    const stored = await db.query<{ n: string; p: string }>(
      `select count(*) as n, count(*) filter (where qualifiers like 'P%') as p from observation where import_ndx = $1`,
      [importNdx],
    );
    assert.ok(Number(stored.rows[0].n) > 19 * 96, `20 days of 15-minute values stored (${stored.rows[0].n})`);
    assert.ok(Number(stored.rows[0].p) >= 3 * 96 - 1, `the last 3 days are provisional (${stored.rows[0].p})`);
    await editor.getByRole('button', { name: 'Cancel' }).click();

    // The location's flow graph on the map: the values, and the provisional span shaded.
    await page.goto(`/map?location=${target.location_ndx}&graph=flow`);
    const accept = page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' });
    const panel = page.getByTestId('data-visualization-panel');
    const graphHeading = panel.getByText(`Flow: ${target.location_name} (${target.location_id})`);
    await accept.or(graphHeading).first().waitFor({ timeout: 90_000 });
    if (await accept.isVisible()) await accept.click();
    await graphHeading.waitFor({ timeout: 90_000 });
    await panel.getByTestId('provisional-note').waitFor();
    await panel.getByTestId('time-series-chart').waitFor();
    // Ten days: the approved week unshaded, the provisional last 3 days shaded.
    await panel.getByRole('button', { name: 'Last 10 Days' }).click();
    await panel.getByTestId('provisional-note').waitFor();
    await page.waitForTimeout(800);
    // The chart's canvas: the right part (the last 3 of 10 days) is tinted orange, the left is not.
    const tint = await panel.getByTestId('time-series-chart').evaluate((chart) => {
      // No named inner functions here: the page does not have the bundler's helpers.
      const canvas = chart.querySelector('canvas')!;
      const ctx = canvas.getContext('2d')!;
      const y = Math.round(canvas.height * 0.3);
      const found = { approved: 0, provisional: 0 };
      for (const [key, fromX, toX] of [
        ['approved', 0.15, 0.55],
        ['provisional', 0.8, 0.95],
      ] as const) {
        for (let x = Math.round(fromX * canvas.width); x < toX * canvas.width; x += 2) {
          const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
          if (r > 200 && g > 150 && r - b > 12) found[key]++;
        }
      }
      return found;
    });
    assert.equal(tint.approved, 0, 'no shading over approved values');
    assert.ok(tint.provisional > 5, `the provisional span is shaded (${JSON.stringify(tint)})`);
    await screenshot(page, 'usgs-water-data-graph');
  });

  it('moves a WaterServices source in one step; the next run continues from its high-water mark', async () => {
    const first = await locationWithoutFlow();
    const target = await locationWithoutFlow([first.location_ndx]);
    const ids = await db.query<{ p: number; d: number; u: number }>(
      `select (select parameter_ndx from parameter where parameter_name = 'Flow') as p,
              (select datasrc_ndx from data_source where kind = 'usgs' order by datasrc_ndx limit 1) as d,
              (select unit_ndx from unit where unit_desc = 'cfs') as u`,
    );
    const { p, d, u } = ids.rows[0];
    // Enabled (so the notice shows) but not due before the test's Run now.
    const mark = new Date(Math.floor((Date.now() - 2 * DAY) / 900_000) * 900_000);
    const inserted = await db.query<{ import_ndx: number }>(
      `insert into import_source (location_ndx, parameter_ndx, unit_ndx, datasrc_ndx, enabled, run_now, next_retrieval, history_days,
         frequency, interval_period, source_site_id, source_site_metadata, imported_through)
       values ($1, $2, $3, $4, true, false, now() + interval '30 days', 0, '15 minutes', '15 minutes', '06754000', 'iv:00060', $5)
       returning import_ndx`,
      [target.location_ndx, p, u, d, mark],
    );
    const importNdx = inserted.rows[0].import_ndx;

    await page.goto(IMPORTS);
    const notice = page.getByTestId('water-services-notice');
    await notice.getByText('1 enabled import source still uses USGS WaterServices.', { exact: false }).waitFor();
    await notice.getByText('by 31 March 2027', { exact: false }).waitFor();
    await notice.getByRole('button', { name: 'Move all to the Water Data API' }).waitFor();
    await screenshot(page, 'usgs-water-services-notice');
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'usgs-water-services-notice-375');
    await page.setViewportSize({ width: 1366, height: 850 });

    await page.getByTestId('import-source-row').filter({ hasText: 'USGS NWIS' }).filter({ hasText: target.location_name }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: `Editing Import Configuration "${importNdx}"` }).waitFor();
    const move = editor.getByTestId('move-to-water-data');
    await settled(page);
    await screenshot(page, 'usgs-move-action');
    await move.getByRole('button', { name: 'Move to the Water Data API' }).click();
    await page.getByText('Moved to the Water Data API: USGS-06754000 continuous:00060.', { exact: false }).waitFor();
    await move.waitFor({ state: 'detached' });
    assert.equal(await editor.getByLabel('Source Site ID', { exact: true }).inputValue(), 'USGS-06754000');
    await notice.waitFor({ state: 'detached' });
    const moved = await db.query(
      `select d.kind, s.source_site_id, s.source_site_metadata, s.imported_through from import_source s join data_source d using (datasrc_ndx) where import_ndx = $1`,
      [importNdx],
    );
    assert.deepEqual(moved.rows[0], {
      kind: 'usgs-water-data',
      source_site_id: 'USGS-06754000',
      source_site_metadata: 'continuous:00060',
      imported_through: mark,
    });
    const audit = await db.query(`select action from audit_log where table_name = 'import_source' and row_key = $1`, [String(importNdx)]);
    assert.equal(audit.rowCount, 1);

    await runNowAndWait(editor);
    await editor.getByRole('region', { name: 'Processing Status' }).getByTestId('import-run-row').first().getByText('Succeeded').waitFor();
    // The run asked from a day before the mark (the overlap for late values): nothing older.
    const span = await db.query<{ first: Date; last: Date }>(
      'select min(collect_timestamp) as first, max(collect_timestamp) as last from observation where import_ndx = $1',
      [importNdx],
    );
    assert.equal(span.rows[0].first.getTime(), mark.getTime() - DAY);
    assert.ok(span.rows[0].last.getTime() > Date.now() - DAY);
    await settled(page);
    await screenshot(page, 'usgs-move-next-run');
  });

  it('Locations Setup fills name and coordinates from a USGS monitoring location', async () => {
    await page.goto(LOCATIONS_SETUP);
    await page.getByRole('button', { name: 'Add Location' }).click();
    await page.getByRole('heading', { name: 'New Location' }).waitFor();
    const fill = page.getByTestId('fill-from-usgs');
    await fill.getByLabel('USGS Monitoring Location').fill('Kersey');
    await fill.getByRole('button', { name: 'Fill from USGS' }).click();
    await fill.getByText('The monitoring location id must look like USGS-06754000 (or the site number 06754000)').waitFor();
    await fill.getByLabel('USGS Monitoring Location').fill('USGS-06754000');
    await fill.getByRole('button', { name: 'Fill from USGS' }).click();
    await page.getByText('Filled name and coordinates from USGS-06754000').waitFor();
    assert.equal(await page.getByLabel('Full Name *', { exact: true }).inputValue(), 'SOUTH PLATTE RIVER NEAR KERSEY, CO');
    assert.equal(await page.getByLabel('Latitude', { exact: true }).inputValue(), '40.4125');
    assert.equal(await page.getByLabel('Longitude', { exact: true }).inputValue(), '-104.562778');
    await screenshot(page, 'usgs-fill-location');
    for (const [w, h] of [
      [1280, 720],
      [1440, 900],
      [375, 812],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await fill.scrollIntoViewIfNeeded();
      await screenshot(page, `usgs-fill-location-${w}`);
    }
    await fill.getByLabel('USGS Monitoring Location').fill('USGS-09999999');
    await fill.getByRole('button', { name: 'Fill from USGS' }).click();
    await fill.getByText('USGS has no monitoring location USGS-09999999').waitFor();
  });
});
