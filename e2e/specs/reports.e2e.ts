import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/**
 * The report tables: an anonymous visitor reads the Batteries Status and Site
 * Summary tables (checked against the database) and narrows them with a column filter; SMS
 * Help is for administrators only.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const BATTERIES = '/data-access/batteries-status-table';
const SITE_SUMMARY = '/data-access/site-summary-table';
const SMS_HELP = '/data-access/system-management/sms-help';

/** 'MM/DD/YYYY' and 'MM/DD/YYYY, h:mm AM' on the district's clock, independent of the app's date-fns. */
const denver = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone: DEFAULT_DISTRICT_TIME_ZONE, ...opts });
const denverDate = (at: Date) => denver({ month: '2-digit', day: '2-digit', year: 'numeric' }).format(at);
const denverTimestamp = (at: Date) =>
  denver({ month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(/\u202f/g, ' ');
const volts = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} V`);

interface BatteryWindow {
  location_ndx: number;
  /** What the Location Name filter matches: label and name. */
  text: string;
  min: number | null;
  max: number | null;
}

/**
 * Min and max of each public battery series over the 7 × 24 hours before `at` (the database's
 * clock). Computed for the moments before and after the page loaded: the server's "now" lies
 * between them, so each shown value must equal one of the two answers.
 */
async function batteryWindows(db: pg.Client): Promise<Map<number, BatteryWindow>> {
  const { rows } = await db.query<BatteryWindow>(`
    select l.location_ndx, l.location_display_label || ' ' || l.location_name as text, min(o.result_value) as min, max(o.result_value) as max
    from location l
    join series_latest sl on sl.location_ndx = l.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx and p.parameter_name = 'Battery Voltage'
    left join observation o on o.location_ndx = sl.location_ndx and o.parameter_ndx = sl.parameter_ndx
      and o.collect_timestamp between now() - interval '168 hours' and now()
    where l.is_public and not l.exclude_from_map
    group by l.location_ndx, l.location_display_label, l.location_name`);
  return new Map(rows.map((r) => [r.location_ndx, r]));
}

/** Waits for the "1-60 of N" line under the table to show N rows in all. */
async function waitForTotal(page: Page, expected: number): Promise<void> {
  await page
    .getByText(new RegExp(`^\\d+-\\d+ of ${expected.toLocaleString('en-US')}$`))
    .first()
    .waitFor();
}

describe('report tables', () => {
  let browser: Browser;
  let db: pg.Client;

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  it('shows an anonymous visitor the public batteries with their 7-day min and max', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const before = await batteryWindows(db);
    await page.goto(BATTERIES);
    await page.getByRole('heading', { name: 'Batteries Status Table' }).waitFor();
    await page.getByTestId('battery-row').first().waitFor();
    const afterLoad = await batteryWindows(db);
    assert.ok(before.size >= 3, 'the demo district has public batteries');
    await waitForTotal(page, before.size);
    for (const header of ['Location Name', 'MIN 7-day', 'MAX 7-day'])
      await page.getByRole('columnheader', { name: header }).first().waitFor();
    await page.getByText('Showing public stations.').waitFor();
    await screenshot(page, 'reports-batteries-1366');

    const shown = await page.getByTestId('battery-row').evaluateAll((rows) =>
      rows.map((r) => ({
        ndx: Number(r.querySelector('[data-testid="battery-label"]')!.getAttribute('data-location-ndx')),
        label: r.querySelector('[data-testid="battery-label"]')!.textContent,
        min: r.querySelector('[data-testid="battery-min"]')!.textContent,
        max: r.querySelector('[data-testid="battery-max"]')!.textContent,
      })),
    );
    assert.equal(shown.length, Math.min(before.size, 60));
    for (const row of shown) {
      const a = before.get(row.ndx);
      const b = afterLoad.get(row.ndx);
      assert.ok(a && b, `${row.label} is a public battery`);
      assert.ok([volts(a.min), volts(b.min)].includes(row.min!), `${row.label} min ${row.min} vs ${volts(a.min)}/${volts(b.min)}`);
      assert.ok([volts(a.max), volts(b.max)].includes(row.max!), `${row.label} max ${row.max} vs ${volts(a.max)}/${volts(b.max)}`);
    }
    // The column filter narrows the table to the one location.
    const target = shown[shown.length - 1];
    await page.getByRole('textbox', { name: 'Filter by Location Name' }).fill(target.label!);
    await waitForTotal(page, [...before.values()].filter((b) => b.text.toLowerCase().includes(target.label!.toLowerCase())).length);
    assert.equal(await page.getByTestId('battery-label').first().textContent(), target.label);
    await context.close();
  });

  it('fetches each report once per signed-in page load, without the token (public calls)', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    const pages = [
      { path: BATTERIES, api: ['/api/display-batteries-last7days-stats'], row: 'battery-row' },
      { path: SITE_SUMMARY, api: ['/api/reports-site-param-summary-united-stations'], row: 'site-summary-row' },
      {
        path: '/data-access/time-series-comparisons',
        api: ['/api/ts-compare-dropdown-facilities', '/api/ts-compare-dropdown-parameters', '/api/ts-compare-dropdown-locations-assoc'],
        row: null,
      },
    ];
    for (const { path, api, row } of pages) {
      const seen: Array<{ path: string; token: boolean }> = [];
      const listen = (request: import('playwright-core').Request) => {
        const url = new URL(request.url());
        if (api.includes(url.pathname)) seen.push({ path: url.pathname, token: Boolean(request.headers()['authorization']) });
      };
      page.on('request', listen);
      // A full page load, as when the page is opened from a bookmark.
      const answered = api.map((p) => page.waitForResponse((r) => new URL(r.url()).pathname === p, { timeout: 30_000 }));
      await page.goto(path);
      await Promise.all(answered);
      if (row) await page.getByTestId(row).first().waitFor();
      await page.waitForLoadState('networkidle');
      page.off('request', listen);
      assert.deepEqual(
        seen.sort((a, b) => a.path.localeCompare(b.path)),
        [...api].sort().map((p) => ({ path: p, token: false })),
        `${path}: one request each, without the token`,
      );
    }
    await context.close();
  });

  it('shows an anonymous visitor one row per public series and filters by location', async () => {
    const { rows: expected } = await db.query<{
      location_name: string;
      parameter: string;
      is_alert: boolean;
      types: string | null;
      facilities: string | null;
      start_por: Date;
      end_por: Date;
      county_name: string | null;
      waterbody_name: string;
      huc12_name: string | null;
    }>(`
      select l.location_name, p.parameter_name as parameter,
             exists (select 1 from alert_request a where a.enabled and a.location_ndx = l.location_ndx and a.parameter_ndx = p.parameter_ndx) as is_alert,
             (select string_agg(distinct t.facility_type_desc, ', ' order by t.facility_type_desc) from facility_location fl join facility f using (facility_ndx) join facility_type t using (facility_type_ndx) where fl.location_ndx = l.location_ndx) as types,
             (select string_agg(distinct f.facility_name, ', ' order by f.facility_name) from facility_location fl join facility f using (facility_ndx) where fl.location_ndx = l.location_ndx) as facilities,
             sl.first_timestamp as start_por, sl.last_timestamp as end_por, c.county_name, w.waterbody_name, l.huc12_name
      from series_latest sl join location l using (location_ndx) join parameter p using (parameter_ndx)
      join waterbody w using (waterbody_ndx) left join county c using (county_ndx)
      where l.is_public and not l.exclude_from_map`);
    const { rows: hidden } = await db.query<{ location_name: string }>(`
      select distinct l.location_name from series_latest sl join location l using (location_ndx)
      where not l.is_public and not exists (
        select 1 from location p where p.is_public and position(lower(l.location_name) in lower(p.location_name)) > 0
      ) order by l.location_name limit 1`);
    // The location with the most series (ties: name) whose name no other public location contains.
    const counts = new Map<string, number>();
    for (const r of expected) counts.set(r.location_name, (counts.get(r.location_name) ?? 0) + 1);
    const names = [...counts.keys()];
    const target = names
      .filter((n) => names.filter((m) => m.toLowerCase().includes(n.toLowerCase())).length === 1)
      .sort((a, b) => counts.get(b)! - counts.get(a)! || a.localeCompare(b))[0];
    assert.ok(target && counts.get(target)! >= 2, 'a public location with several series');

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(SITE_SUMMARY);
    await page.getByRole('heading', { name: 'Site Summary Table' }).waitFor();
    await waitForTotal(page, expected.length);
    for (const header of [
      'Alert',
      'Facility Type',
      'Facility Name',
      'Parameter',
      'Location Name',
      'POR Start',
      'POR End',
      'County',
      'Water Body',
      'Watershed',
    ]) {
      await page.getByRole('columnheader', { name: header }).first().waitFor();
    }
    await screenshot(page, 'reports-site-summary-1366');

    await page.getByRole('textbox', { name: 'Filter by Location Name' }).fill(target);
    await waitForTotal(page, counts.get(target)!);
    const cells = await page
      .getByTestId('site-summary-row')
      .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    const want = expected
      .filter((r) => r.location_name === target)
      .map((r) => [
        r.is_alert ? 'Yes' : 'No',
        r.types ?? '',
        r.facilities ?? '',
        r.parameter,
        r.location_name,
        denverDate(r.start_por),
        denverTimestamp(r.end_por),
        r.county_name ?? '',
        r.waterbody_name,
        r.huc12_name ?? '',
      ]);
    const key = (r: string[]) => r.join('|');
    assert.deepEqual(cells.map(key).sort(), want.map(key).sort());
    await screenshot(page, 'reports-site-summary-filtered-1366');

    // A private station is never in the public table.
    if (hidden[0]) {
      await page.getByRole('textbox', { name: 'Filter by Location Name' }).fill(hidden[0].location_name);
      await page.getByText('No results found').waitFor();
    }
    await context.close();
  });

  it('shows the site summary on a phone', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(SITE_SUMMARY);
    await page.getByTestId('site-summary-row').first().waitFor();
    await screenshot(page, 'reports-site-summary-390');
    await context.close();
  });

  it('lists the 17 SMS gateways for an administrator and refuses a User', async () => {
    const admin = await newContext(browser);
    const page = await admin.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(SMS_HELP);
    await page.getByRole('heading', { name: 'SMS Help' }).waitFor();
    await page.getByTestId('sms-provider-row').first().waitFor();
    assert.equal(await page.getByTestId('sms-provider-row').count(), 17);
    await waitForTotal(page, 17);
    assert.equal(
      (await page.getByTestId('sms-help-info').textContent())!.replace(/\s+/g, ' ').trim(),
      'To subscribe a user to an alert by phone, add a phone-based e-mail address to Contacts using the 7-digit number and the provider. Providers may block texts sent to large groups, so keep groups under 10 addresses.',
    );
    await page
      .getByRole('row', { name: /Verizon Wireless/ })
      .getByText('number@vtext.com')
      .waitFor();
    await screenshot(page, 'reports-sms-help-1366');
    await admin.close();

    const user = await newContext(browser);
    const userPage = await user.newPage();
    await signInFromLanding(userPage, 'user@demo.local');
    await userPage.goto(SMS_HELP);
    await userPage.getByTestId('unauthorized').waitFor();
    assert.equal(await userPage.getByRole('heading', { name: 'SMS Help' }).count(), 0);
    await user.close();
  });
});
