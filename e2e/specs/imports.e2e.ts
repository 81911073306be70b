import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { districtWallClock } from '../lib/wall-clock';

const IMPORT_ROOT = process.env.E2E_IMPORT_ROOT;
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const PAGE_PATH = '/data-access/system-management/imports-configuration';
const MIN = 60_000;

/** Lets MUI's open transitions finish, so screenshots show the dialog, not a fade. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

interface Series {
  location_ndx: number;
  location_name: string;
  parameter_ndx: number;
  last_timestamp: Date;
}

describe('imports configuration', () => {
  let browser: Browser;
  let db: pg.Client;
  let series: Series;

  before(async () => {
    assert.ok(IMPORT_ROOT && DATABASE_URL, 'e2e/run.ts passes E2E_IMPORT_ROOT and E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    // A location whose Flow series the seed filled up to now, with a name the picker can find.
    const r = await db.query<Series>(`
      select l.location_ndx, l.location_name, p.parameter_ndx, sl.last_timestamp
      from series_latest sl join location l using (location_ndx) join parameter p using (parameter_ndx)
      where p.parameter_name = 'Flow' and (select count(*) from location l2 where l2.location_name = l.location_name) = 1
      order by sl.last_timestamp desc, l.location_ndx limit 1`);
    assert.ok(r.rows[0], 'the demo district has a Flow series');
    series = r.rows[0];
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  it('keeps the page to administrators', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
    await page.goto(PAGE_PATH);
    await page.getByTestId('unauthorized').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Imports Configuration' }).count(), 0);
    await context.close();
  });

  it('shows the warning status and the last message of each source', async () => {
    // The engine's warning (an empty answer) is covered by the server's integration tests; here the page must show it.
    const source = await db.query<{ import_ndx: number }>('select import_ndx from import_source order by import_ndx limit 1');
    const importNdx = source.rows[0].import_ndx;
    const message =
      'USGS 09999999 iv:00060 since 2026-09-20: the answer has no time series for this site and parameter; check the Source Site ID and Source Site Metadata';
    const run = await db.query<{ import_run_ndx: number }>(
      `insert into import_run (import_ndx, started_at, finished_at, status, message) values ($1, now(), now(), 'warning', $2) returning import_run_ndx`,
      [importNdx, message],
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(PAGE_PATH);
    await page.getByRole('heading', { name: 'Imports Configuration' }).waitFor();
    await page.getByRole('switch', { name: 'Show disabled sources' }).check();
    const row = page.getByTestId('import-source-row').filter({ hasText: 'the answer has no time series for this site' });
    await row.waitFor();
    assert.equal(await row.getByText('Warning', { exact: true }).count(), 1);
    assert.equal(await row.getByTestId('last-run-message').getAttribute('title'), message);
    await screenshot(page, 'imports-table-warning');
    await context.close();
    await db.query('delete from import_run where import_run_ndx = $1', [run.rows[0].import_run_ndx]);
  });

  it('creates a file source, runs it and shows what the engine stored', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(PAGE_PATH);
    await page.getByRole('heading', { name: 'Imports Configuration' }).waitFor();

    // The seeded demo sources are disabled: hidden until the toggle shows all.
    await page.getByText(/Enabled only \(\d+ disabled hidden\)/).waitFor();
    await page.getByText('No data available').waitFor();
    await page.getByRole('switch', { name: 'Show disabled sources' }).check();
    await page.getByText('Showing all sources').waitFor();
    await page.getByText('WMD-HG_flow.csv', { exact: false }).first().waitFor();
    await screenshot(page, 'imports-table');

    // A logger file with 5 good rows around the newest stored reading and one bad row (line 4).
    const last = series.last_timestamp.getTime();
    const rows = [
      { at: new Date(last - 37 * MIN), value: 4321.5 }, // between stored readings: inserted
      { at: new Date(last - 30 * MIN), value: 4322.25 }, // stored with another value: updated
      { at: new Date(last - 15 * MIN), value: 4323 },
      { at: new Date(last - 7 * MIN), value: 4324.75 },
      { at: new Date(last), value: 4325.5 },
    ];
    const lines = ['Date,Time,Flow_cfs', ...rows.map((r) => `${districtWallClock(r.at).date},${districtWallClock(r.at).time},${r.value}`)];
    lines.splice(3, 0, `${districtWallClock(rows[1].at).date},25:99:00,12`);
    fs.mkdirSync(path.join(IMPORT_ROOT!, 'e2e-loggers'), { recursive: true });
    fs.writeFileSync(path.join(IMPORT_ROOT!, 'e2e-loggers', 'flow-e2e.csv'), `${lines.join('\r\n')}\r\n`);

    await page.getByRole('button', { name: 'New Import' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('heading', { name: 'New Import Configuration' }).waitFor();
    await settled(page);
    await screenshot(page, 'imports-editor-new');

    // Save without the required choices shows the spec's message.
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('*Required field').first().waitFor();
    assert.ok((await editor.getByText('*Required field').count()) >= 4);

    // A new import source's defaults.
    assert.equal(await editor.getByLabel('Frequency (minutes)', { exact: true }).inputValue(), '30');
    assert.equal(await editor.getByLabel('History Days', { exact: true }).inputValue(), '20');
    assert.equal(await editor.getByLabel('Retain Days', { exact: true }).inputValue(), '-1');
    assert.equal(await editor.getByLabel('Field Count', { exact: true }).inputValue(), '30');
    assert.equal(await editor.getByLabel('Header Rows', { exact: true }).inputValue(), '1');

    // Number fields refuse 'e' and '.'.
    const history = editor.getByLabel('History Days', { exact: true });
    await history.fill('');
    await history.pressSequentially('1e.5');
    assert.equal(await history.inputValue(), '15');
    await history.fill('20');

    const choose = async (label: string, option: string) => {
      await editor.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    // Tried out before it is enabled: the scheduler leaves a disabled source alone, Run now does not.
    await choose('Enabled', 'No');
    await editor.getByRole('combobox', { name: /^Location/ }).fill(series.location_name);
    await page.getByRole('option', { name: series.location_name, exact: true }).click();
    await editor.getByRole('combobox', { name: /^Parameter/ }).fill('Flow');
    await page.getByRole('option', { name: 'Flow', exact: true }).click();
    await choose('Data Source', 'Logger File Import');
    await choose('Incoming Units', 'cfs');
    await editor.getByLabel('Interval Period (minutes)', { exact: true }).fill('15');
    await editor.getByLabel('File Path', { exact: true }).fill('e2e-loggers');
    await editor.getByLabel('File Name', { exact: true }).fill('flow-*.csv');
    await editor.getByLabel('Field Count', { exact: true }).fill('3');
    await editor.getByLabel('Date Column', { exact: true }).fill('0');
    await editor.getByLabel('Time Column', { exact: true }).fill('1');
    await editor.getByLabel('Value Column', { exact: true }).fill('2');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('New entry was saved to the database').waitFor();
    const heading = editor.getByRole('heading', { name: /^Editing Import Configuration "\d+"$/ });
    await heading.waitFor();
    const importNdx = Number(/"(\d+)"/.exec((await heading.textContent()) ?? '')![1]);

    const stored = await db.query(
      `select enabled, run_now, frequency::text as frequency, interval_period::text as interval_period, file_fieldcount, history_days, retain_days, delimiter_ndx from import_source where import_ndx = $1`,
      [importNdx],
    );
    assert.deepEqual(stored.rows[0], {
      enabled: false,
      run_now: true,
      frequency: '00:30:00',
      interval_period: '00:15:00',
      file_fieldcount: 3,
      history_days: 20,
      retain_days: -1,
      delimiter_ndx: 2,
    });
    await settled(page);
    await screenshot(page, 'imports-editor-editing');

    // Run now, then the Processing Status shows the run once the engine has finished it.
    const status = editor.getByRole('region', { name: 'Processing Status' });
    await status.getByText('No Data Available').waitFor();
    await status.getByRole('button', { name: 'Run now' }).click();
    const runRow = status.getByTestId('import-run-row').first();
    await runRow.waitFor({ timeout: 90_000 });
    await status.getByRole('button', { name: 'Run now' }).waitFor({ timeout: 90_000 });
    const count = async (name: string) => Number(((await runRow.getByTestId(`run-${name}`).textContent()) ?? '').replace(/,/g, ''));
    assert.equal(await runRow.getByText('Partial').count(), 1, 'a run with one bad row is partial');
    assert.equal(await count('read'), 6);
    assert.equal(await count('inserted'), 2);
    assert.equal(await count('updated'), 3);
    assert.equal(await count('unchanged'), 0);
    assert.equal(await count('skipped'), 1);
    await status.getByText('Line 4').waitFor();
    assert.notEqual(await status.getByTestId('import-last-retrieval').textContent(), 'Never');
    await status.scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, 'imports-processing-status');

    // The values are in the series: the latest value, and the reading between stored ones.
    const latest = await db.query(`select last_timestamp, last_value from series_latest where location_ndx = $1 and parameter_ndx = $2`, [
      series.location_ndx,
      series.parameter_ndx,
    ]);
    assert.equal(latest.rows[0].last_timestamp.getTime(), last);
    assert.equal(latest.rows[0].last_value, 4325.5);
    const inserted = await db.query(
      `select result_value, import_ndx from observation where location_ndx = $1 and parameter_ndx = $2 and collect_timestamp = $3`,
      [series.location_ndx, series.parameter_ndx, rows[3].at],
    );
    assert.deepEqual(inserted.rows[0], { result_value: 4324.75, import_ndx: importNdx });

    // ...and in the location's flow graph, as the map's data-visualization panel asks for it.
    const firstDay = districtWallClock(rows[0].at).date;
    const lastDay = districtWallClock(new Date(last)).date;
    const graph = await page.evaluate(
      async ({ ndx, firstDay, lastDay }) => {
        const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
        const token = key ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
        const res = await fetch(`/api/graph-flow-data15-min/${ndx}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ startDate: firstDay, endDate: lastDay, interval: '15min' }),
        });
        return (await res.json()) as { rows: { collect_timestamp: string; flow_cfs: number }[] };
      },
      { ndx: series.location_ndx, firstDay, lastDay },
    );
    const graphValue = (at: Date) => graph.rows.find((r) => new Date(r.collect_timestamp).getTime() === at.getTime())?.flow_cfs;
    assert.equal(graphValue(rows[3].at), 4324.75);
    assert.equal(graphValue(new Date(last)), 4325.5);

    // Closing the editor: the table now lists the source with its last run.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByTestId('import-source-row').filter({ hasText: 'e2e-loggers/flow-*.csv' });
    await row.getByText('2 new', { exact: false }).waitFor();
    await screenshot(page, 'imports-table-after-run');

    // Deleting it from its editor; the observations it imported stay.
    await row.click();
    await editor.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: /Delete import configuration/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('This entry was deleted from the database').waitFor();
    assert.equal((await db.query('select 1 from import_source where import_ndx = $1', [importNdx])).rowCount, 0);
    assert.equal(
      (
        await db.query('select 1 from observation where location_ndx = $1 and parameter_ndx = $2 and collect_timestamp = $3', [
          series.location_ndx,
          series.parameter_ndx,
          rows[3].at,
        ])
      ).rowCount,
      1,
    );
    await context.close();
  });
});
