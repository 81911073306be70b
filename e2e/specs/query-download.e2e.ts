import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/**
 * Query & Download - Facility Data: a link's query string prefills
 * the form, a daily CSV of one facility and one measurement equals the database's daily
 * rollups, Download is disabled without a facility, and a User only sees their facilities.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const PAGE = '/data-access/query-and-download/facilities';

interface Pick {
  facility_ndx: number;
  facility_name: string;
  facility_type_ndx: number;
  facility_type_desc: string;
  parameter_group_ndx: number;
  parameter_group_name: string;
}

/** Lets finite CSS transitions (button colours, the toast sliding in) end before a screenshot; no assertion depends on it. */
const settle = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

describe('query and download facility data', () => {
  let browser: Browser;
  let db: pg.Client;
  let today: string;
  let start: string;
  let pick: Pick;
  let groupCount: number;

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    const days = (
      await db.query<{ today: string; start: string }>(
        `
      select (now() at time zone $1)::date::text as today, ((now() at time zone $1)::date - 3)::text as start`,
        [DEFAULT_DISTRICT_TIME_ZONE],
      )
    ).rows[0];
    ({ today, start } = days);
    // The facility and group with the most daily rows in the last three days (a real, non-trivial file).
    pick = (
      await db.query<Pick>(
        `
        select f.facility_ndx, f.facility_name, f.facility_type_ndx, ft.facility_type_desc, m.parameter_group_ndx, g.parameter_group_name
        from facility f join facility_type ft using (facility_type_ndx) join facility_location fl using (facility_ndx)
        join observation_daily d on d.location_ndx = fl.location_ndx
        join parameter_group_member m on m.parameter_ndx = d.parameter_ndx join parameter_group g using (parameter_group_ndx)
        where ft.united_list_include and d.local_date between $1::date and $2::date
        group by 1, 2, 3, 4, 5, 6 order by count(*) desc, f.facility_ndx, m.parameter_group_ndx limit 1`,
        [start, today],
      )
    ).rows[0];
    assert.ok(pick, 'the demo district has daily data in the last three days');
    groupCount = (await db.query<{ n: number }>('select count(*)::int as n from parameter_group')).rows[0].n;
    assert.ok(groupCount >= 2, 'the demo district has several parameter groups');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  const facilitiesList = (page: Page) => page.getByRole('group', { name: 'Facilities', exact: true });
  const typesList = (page: Page) => page.getByRole('group', { name: 'Facility Types', exact: true });
  const groupsList = (page: Page) => page.getByRole('group', { name: 'Measurements', exact: true });
  const downloadButton = (page: Page) => page.getByRole('button', { name: /^(Download|Preparing\.\.\.)$/ });

  it('prefills the form from a link, downloads a daily CSV equal to the database, and disables Download without a facility', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(`${PAGE}?daysRange=3&timeInterval=data-daily&facilityTypes=${pick.facility_type_ndx}&facilities=${pick.facility_ndx}`);
    await page.getByRole('heading', { level: 1, name: 'Query & Download - Facility Data' }).waitFor();

    // Prefilled: the dates, the time step, the type and the facility; measurements default to all once loaded.
    assert.equal(await page.locator('input[name="startDate"]').inputValue(), us(start));
    assert.equal(await page.locator('input[name="endDate"]').inputValue(), us(today));
    assert.equal(await page.getByRole('radio', { name: 'Daily' }).isChecked(), true);
    assert.equal(await page.getByRole('radio', { name: '15 Minutes' }).isChecked(), false);
    const facilityBox = facilitiesList(page).getByRole('checkbox', { name: pick.facility_name, exact: true });
    await facilityBox.waitFor();
    assert.equal(await facilityBox.isChecked(), true);
    assert.equal(await typesList(page).getByRole('checkbox', { name: pick.facility_type_desc, exact: true }).isChecked(), true);
    await groupsList(page)
      .getByRole('checkbox')
      .nth(groupCount - 1)
      .waitFor();
    assert.equal(await groupsList(page).getByRole('checkbox', { checked: true }).count(), groupCount);
    assert.equal(await downloadButton(page).isEnabled(), true, 'everything chosen: Download is enabled');

    // One measurement only.
    await page.getByRole('button', { name: 'Select none of the Measurements' }).click();
    assert.equal(await downloadButton(page).isDisabled(), true, 'no measurement: Download is disabled');
    await groupsList(page).getByRole('checkbox', { name: pick.parameter_group_name, exact: true }).check();

    // Hold the answer until 'Preparing...' has been seen, so the busy state is checked without timing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/facility-query-download/data-daily', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await downloadButton(page).click();
    await page.getByRole('button', { name: 'Preparing...' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Preparing...' }).isDisabled(), true);
    release();
    const download = await downloading;
    await page.getByText('CSV file successfully added to download folder.').waitFor();
    await page.getByRole('button', { name: 'Download', exact: true }).waitFor();
    assert.equal(download.suggestedFilename(), `facility-data-daily-${today}.csv`);
    await settle(page);
    await screenshot(page, 'query-download-1366');

    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(
      lines[0],
      `Facility,Facility Type,Location ID,Location Name,Parameter,Units,Date (${DEFAULT_DISTRICT_TIME_ZONE}),Mean,Min,Max,Readings,Data Source,Qualifiers (last reading)`,
    );
    // The demo names hold no commas or quotes: a plain split reads the cells.
    const fromCsv = lines.slice(1).map((line) => {
      const c = line.split(',');
      return `${c[0]}|${c[2]}|${c[4]}|${c[6]}|${Number(c[7])}|${Number(c[8])}|${Number(c[9])}|${c[10]}`;
    });
    const { rows } = await db.query<{ k: string }>(
      `select f.facility_name || '|' || l.location_id || '|' || p.parameter_name || '|' || to_char(d.local_date, 'MM/DD/YYYY') || '|' ||
              round(d.mean_value::numeric, p.decimals)::float8::text || '|' || d.min_value::float8::text || '|' || d.max_value::float8::text || '|' || d.value_count as k
       from facility f join facility_location fl using (facility_ndx) join location l using (location_ndx)
       join observation_daily d on d.location_ndx = l.location_ndx join parameter p on p.parameter_ndx = d.parameter_ndx
       where f.facility_ndx = $1 and d.local_date between $2::date and $3::date
         and exists (select 1 from parameter_group_member m where m.parameter_ndx = p.parameter_ndx and m.parameter_group_ndx = $4)
       order by l.display_order, l.location_id, p.display_order, p.parameter_name, d.local_date`,
      [pick.facility_ndx, start, today, pick.parameter_group_ndx],
    );
    assert.ok(rows.length > 0);
    // float8 text of PostgreSQL and JS Number() agree on shortest round-trip digits.
    assert.deepEqual(
      fromCsv,
      rows.map((r) =>
        r.k
          .split('|')
          .map((v, i) => (i >= 4 && i <= 6 ? String(Number(v)) : v))
          .join('|'),
      ),
    );

    // No facility, no download. Unchoosing the facility's type drops the facility for good.
    await page.getByRole('button', { name: 'Select none of the Facilities' }).click();
    assert.equal(await downloadButton(page).isDisabled(), true, 'no facility: Download is disabled');
    await facilityBox.check();
    assert.equal(await downloadButton(page).isEnabled(), true);
    const typeBox = typesList(page).getByRole('checkbox', { name: pick.facility_type_desc, exact: true });
    await typeBox.uncheck();
    await facilityBox.waitFor({ state: 'detached' });
    assert.equal(await downloadButton(page).isDisabled(), true, 'the facility left with its type');
    await typeBox.check();
    await facilityBox.waitFor();
    assert.equal(await facilityBox.isChecked(), false, 'a dropped facility stays unchosen when its type comes back');
    await context.close();
  });

  it('shows a User only their facilities and ignores linked facilities outside them (phone width)', async () => {
    const mine = (
      await db.query<{ facility_ndx: number; facility_name: string }>(`
        select f.facility_ndx, f.facility_name from user_facility uf join app_user u using (user_id) join facility f using (facility_ndx)
        join facility_type ft using (facility_type_ndx)
        where u.email = 'user@demo.local' order by ft.facility_type_desc, f.display_order, f.facility_name`)
    ).rows;
    assert.ok(mine.length > 0, 'the demo User is authorised for some facilities');
    const notMine = (
      await db.query<{ n: number }>('select min(facility_ndx) as n from facility where facility_ndx <> all($1)', [
        mine.map((f) => f.facility_ndx),
      ])
    ).rows[0].n;

    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInFromLanding(page, 'user@demo.local');
    await page.goto(`${PAGE}?facilities=${notMine}&timeInterval=data-15min`);
    await page.getByRole('heading', { level: 1, name: 'Query & Download - Facility Data' }).waitFor();
    assert.equal(await page.getByRole('radio', { name: '15 Minutes' }).isChecked(), true);
    await page.getByRole('button', { name: 'Select all Facility Types' }).click();
    await facilitiesList(page).getByRole('checkbox', { name: mine[0].facility_name, exact: true }).waitFor();
    const names = await facilitiesList(page)
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(
      names,
      mine.map((f) => f.facility_name),
    );
    assert.equal(
      await facilitiesList(page).getByRole('checkbox', { checked: true }).count(),
      0,
      'the linked facility outside the User’s scope is not chosen',
    );
    assert.equal(await downloadButton(page).isDisabled(), true);
    await settle(page);
    await screenshot(page, 'query-download-390');
    await context.close();
  });
});
