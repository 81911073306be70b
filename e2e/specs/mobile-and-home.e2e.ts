import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * Mobile Tracker and Home dashboard (decision 0018) on the seeded demo district. The
 * expected numbers are computed here in SQL from the stored series, independently of the server.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const TRACKER = '/dashboards/mobile-dashboard';
const HOME = '/dashboards/home';
const PHONE = { width: 375, height: 812 };

const fmt = (v: number, decimals: number) =>
  v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

interface ColumnExpectation {
  facility_ndx: number;
  facility_name: string;
  /** Sum of the newest values reported in the last 24 hours; null when none is fresh. */
  fresh_sum: number | null;
  series: number;
  stale: number;
}

/** Per facility of a report's type: its series of one unit (the dashboard's series lists), fresh sum and stale count. */
async function columnByUnit(db: pg.Client, report: string, unit: string): Promise<ColumnExpectation[]> {
  const { rows } = await db.query<ColumnExpectation>(
    `
    with series as (
      select f.facility_ndx, l.location_ndx, p.parameter_ndx
      from facility f
      join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx and ft.mobile_report = $1
      join location l on l.location_ndx = any(f.array_location_ndx)
      join parameter p on p.parameter_ndx = any(f.array_parameter_ndx)
      left join location_parameter lp on lp.location_ndx = l.location_ndx and lp.parameter_ndx = p.parameter_ndx
      left join series_latest s on s.location_ndx = l.location_ndx and s.parameter_ndx = p.parameter_ndx
      join series_info si on si.location_ndx = l.location_ndx and si.parameter_ndx = p.parameter_ndx and si.unit_desc = $2
      where lp.location_ndx is not null or s.location_ndx is not null
      group by f.facility_ndx, l.location_ndx, p.parameter_ndx
    )
    select f.facility_ndx, f.facility_name,
      sum(sl.last_value) filter (where sl.last_timestamp >= now() - interval '24 hours') as fresh_sum,
      count(s.location_ndx)::int as series,
      count(s.location_ndx) filter (where sl.last_timestamp is null or sl.last_timestamp < now() - interval '24 hours')::int as stale
    from facility f
    join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx and ft.mobile_report = $1
    left join series s on s.facility_ndx = f.facility_ndx
    left join series_latest sl on sl.location_ndx = s.location_ndx and sl.parameter_ndx = s.parameter_ndx
    group by f.facility_ndx, f.facility_name, f.display_order
    order by f.display_order, f.facility_name`,
    [report, unit],
  );
  return rows.map((r) => ({ ...r, fresh_sum: r.fresh_sum === null ? null : Number(r.fresh_sum) }));
}

/** The cells of one column of a pivot, by facility row. */
async function shownColumn(page: Page, report: string, column: string) {
  const section = page.getByTestId(`mobile-section-${report}`);
  await section.getByTestId('pivot-row').first().waitFor();
  return section.getByTestId('pivot-row').evaluateAll(
    (rows, col) =>
      rows.map((r) => {
        const link = r.querySelector('[data-testid="pivot-row-name"]') as HTMLElement;
        const cell = r.querySelector(`[data-testid="pivot-cell"][data-column="${col}"]`)!;
        return {
          name: link.textContent,
          href: link.getAttribute('href'),
          target: link.getAttribute('target'),
          text: cell.textContent,
          highlight: cell.getAttribute('data-highlight'),
        };
      }),
    column,
  );
}

/** linked: the viewer has facility pages (row names open them in a new tab); else names are text. */
async function assertColumn(page: Page, db: pg.Client, report: string, column: string, unit: string, decimals: number, linked = false) {
  const expected = await columnByUnit(db, report, unit);
  const shown = await shownColumn(page, report, column);
  assert.deepEqual(
    shown.map((s) => s.name),
    expected.map((e) => e.facility_name),
    `${report} rows`,
  );
  shown.forEach((s, i) => {
    const e = expected[i]!;
    assert.equal(s.href, linked ? `/facility-pages/${e.facility_ndx}` : null);
    assert.equal(s.target, linked ? '_blank' : null);
    const text = e.series === 0 ? '' : e.fresh_sum === null ? '' : fmt(e.fresh_sum, decimals);
    assert.equal(s.text, text, `${report} ${e.facility_name} ${column}`);
    assert.equal(s.highlight, e.stale > 0 ? '#FFFF00' : '', `${report} ${e.facility_name} ${column} highlight`);
  });
}

/**
 * The scroll button brought the section's heading to the top of the window (under the top bar),
 * or as near as the page goes (the last section of a short page cannot rise further), in view.
 */
async function scrolledTo(page: Page, id: string) {
  await page.waitForFunction((sectionId) => {
    const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
    if (top === undefined || top < 0 || top > window.innerHeight - 100) return false;
    const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return top < 140 || atBottom;
  }, id);
}

/** No element pushes the page sideways on a phone. */
async function assertNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  assert.ok(scroll <= client, `page is ${scroll}px wide in a ${client}px window`);
}

/**
 * On a phone: no element of the page reaches past the window's sides (a table wider than the
 * window inside a sideways-scrolling box counts), and every value of every facility card lies
 * inside the window and inside every box that clips it, so it is read without a sideways swipe.
 */
async function assertFitsThePhone(page: Page) {
  // No named functions inside: the page runs this code as it is, without the test runner's helpers.
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('main *')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0 && (r.left < -0.5 || r.right > width + 0.5))
      .map(
        ({ el, r }) =>
          `${el.tagName.toLowerCase()}(${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.className.toString().split(' ')[0]}) ${Math.round(r.left)}..${Math.round(r.right)}`,
      );
    const hidden: string[] = [];
    const cells = [...document.querySelectorAll('[data-testid="pivot-cell"]')];
    for (const cell of cells) {
      const r = cell.getBoundingClientRect();
      const row = cell.closest('[data-testid="pivot-row"]')?.querySelector('[data-testid="pivot-row-name"]')?.textContent;
      const name = `${row} / ${cell.getAttribute('data-column')}`;
      if (r.width === 0 || r.left < -0.5 || r.right > width + 0.5) hidden.push(`${name} at ${Math.round(r.left)}..${Math.round(r.right)}`);
      for (let box = cell.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
          hidden.push(`${name} clipped by ${box.tagName.toLowerCase()} ${Math.round(b.left)}..${Math.round(b.right)}`);
      }
    }
    return { width, wide: wide.slice(0, 8), wideCount: wide.length, cells: cells.length, hidden: hidden.slice(0, 8) };
  });
  assert.equal(found.wideCount, 0, `elements wider than the ${found.width}px window: ${found.wide.join('; ')}`);
  assert.ok(found.cells > 0, 'the overview reports show values');
  assert.deepEqual(found.hidden, [], 'values out of sight without a sideways swipe');
}

describe('Mobile Tracker and Home dashboard', () => {
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

  for (const viewport of [{ width: 1280, height: 720 }, { width: 1440, height: 900 }, PHONE]) {
    it(`lands the All Data User on the Mobile Tracker with computed reports at ${viewport.width} px`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signInFromLanding(page, 'alldata@demo.local');
      assert.equal(new URL(page.url()).pathname, TRACKER);
      await page.getByRole('heading', { name: 'Mobile Tracker', level: 1 }).waitFor();
      for (const text of ['Missing Data', 'Not Collecting', 'Not Applicable'])
        await page.getByTestId('mobile-legend').getByText(text).waitFor();
      for (const title of [
        'Storage Overview Report',
        'Recharge Overview Report',
        'Aug Flows Overview Report',
        'Wells Overview Report',
        'Last Reports',
        'Avail Flow Calculation Formulas',
        'Avail Flow Calculation Notes',
        'Batteries',
      ])
        await page.getByRole('heading', { name: title, exact: true }).waitFor();

      await assertColumn(page, db, 'storage', 'Storage (af)', 'af', 0);
      await assertColumn(page, db, 'wells', 'Pumping (gpm)', 'gpm', 0);
      await assertColumn(page, db, 'augmentation', 'Pumping (gpm)', 'gpm', 0);
      await screenshot(page, `mobile-tracker-${viewport.width}`);
      if (viewport.width === PHONE.width) {
        // A phone reads one card per facility, every value on its own 'measure: value' line.
        await assertNoHorizontalScroll(page);
        await assertFitsThePhone(page);
        assert.equal(await page.getByRole('table').count(), 0, 'no report is a table on a phone');
        const storage = page.getByRole('list', { name: 'Storage Overview Report' });
        await storage.getByRole('heading', { level: 3 }).first().waitFor();
      } else {
        // Wider windows keep the reports as tables: facilities down, measures across.
        for (const report of ['Storage Overview Report', 'Wells Overview Report']) {
          const table = page.getByRole('table', { name: report });
          await table.getByRole('columnheader', { name: 'Facility' }).waitFor();
          assert.ok((await table.getByRole('columnheader').count()) >= 3, `${report} has value columns`);
        }
      }

      // 'Last Reports' opens the list and scrolls to it; oldest first.
      await page.getByTestId('scroll-last-reports').click();
      const rows = page.getByTestId('last-report-row');
      await rows.first().waitFor();
      const { rows: oldest } = await db.query<{ facility_name: string }>(`
        select f.facility_name from facility f
        left join series_latest sl on sl.location_ndx = any(f.array_location_ndx) and sl.parameter_ndx = any(f.array_parameter_ndx)
        group by f.facility_ndx, f.facility_name, f.display_order
        order by max(sl.last_timestamp) asc nulls first, f.display_order, f.facility_name limit 1`);
      assert.equal(await rows.first().locator('[data-column="Facility"]').textContent(), oldest[0]!.facility_name);
      await scrolledTo(page, 'last-reports');
      await screenshot(page, `mobile-tracker-last-reports-${viewport.width}`);

      await page.getByTestId('scroll-batteries').click();
      const batteryRows = page.getByTestId('mobile-battery-row');
      await batteryRows.first().waitFor();
      await scrolledTo(page, 'batteries');
      const { rows: batteries } = await db.query<{ n: number }>(`
        select count(*)::int as n from series_latest sl join parameter p using (parameter_ndx) join location l using (location_ndx)
        where p.parameter_name ilike '%battery%' and not l.exclude_from_map`);
      assert.equal(await batteryRows.count(), batteries[0]!.n);
      await screenshot(page, `mobile-tracker-batteries-${viewport.width}`);

      // Formulas come from flow_calculation with the structure's newest flow.
      await page.getByRole('heading', { name: 'Avail Flow Calculation Formulas', exact: true }).click();
      const { rows: formulas } = await db.query<{ n: number }>(`select count(*)::int as n from flow_calculation`);
      await page.getByTestId('formula-row').first().waitFor();
      assert.equal(await page.getByTestId('formula-row').count(), formulas[0]!.n);
      if (viewport.width === PHONE.width) {
        // Every list open (formulas and notes are long text): still nothing wider than the window.
        await page.getByRole('heading', { name: 'Avail Flow Calculation Notes', exact: true }).click();
        await page.getByTestId('note-row').first().waitFor();
        await assertNoHorizontalScroll(page);
        await assertFitsThePhone(page);
        await page.getByRole('heading', { name: 'Avail Flow Calculation Formulas', exact: true }).scrollIntoViewIfNeeded();
        await screenshot(page, `mobile-tracker-formulas-${viewport.width}`);
      }
      await context.close();
    });
  }

  /** Newest value per location of a parameter at or before now − hours, by location label. */
  async function latestAsOf(parameterName: string, hours: number) {
    const { rows } = await db.query<{ label: string; value: number }>(
      `select l.location_display_label as label, o.result_value as value
       from series_latest sl join parameter p using (parameter_ndx) join location l using (location_ndx)
       cross join lateral (select result_value from observation o where o.location_ndx = sl.location_ndx and o.parameter_ndx = sl.parameter_ndx
         and o.collect_timestamp <= now() - make_interval(hours => $2) order by o.collect_timestamp desc limit 1) o
       where p.parameter_name = $1`,
      [parameterName, hours],
    );
    return new Map(rows.map((r) => [r.label, r.value]));
  }

  async function shownValues(page: Page) {
    return page.getByTestId('home-row').evaluateAll((rows) =>
      rows.map((r) => ({
        label: r.querySelector('td')!.textContent!,
        value: r.querySelector('[data-testid="home-value"]')!.textContent!,
      })),
    );
  }

  const shownAs = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

  it('gives an Administrator row names that open the facility pages in a new tab', async () => {
    const context = await newContext(browser, { width: 1280, height: 720 });
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    await page.goto(TRACKER);
    await page.getByRole('heading', { name: 'Mobile Tracker', level: 1 }).waitFor();
    await assertColumn(page, db, 'storage', 'Storage (af)', 'af', 0, true);
    await context.close();
  });

  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    it(`shows the home dashboard's latest values, lookback and parameter choice at ${viewport.width} px`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await signInFromLanding(page, 'admin@demo.local');
      await page.goto(HOME);
      await page.getByTestId('welcome-banner').getByText('Welcome back', { exact: false }).waitFor();
      // The demo has no parameter 67: the first parameter with data is chosen.
      const { rows: first } = await db.query<{ parameter_name: string }>(`
        select p.parameter_name from parameter p where exists (select 1 from series_latest sl where sl.parameter_ndx = p.parameter_ndx)
        order by p.display_order, p.parameter_name limit 1`);
      const firstName = first[0]!.parameter_name;
      assert.ok(await page.getByRole('radio', { name: firstName }).isChecked());
      await page.getByTestId('home-row').first().waitFor();
      await page.getByTestId('bar-chart').waitFor();
      const now = await latestAsOf(firstName, 0);
      await page
        .getByText(new RegExp(`^\\d+-\\d+ of ${now.size}$`))
        .first()
        .waitFor();
      for (const row of await shownValues(page)) assert.equal(row.value, shownAs(now.get(row.label)!), row.label);
      for (const header of ['Location', 'Parameter', 'Units', 'Timestamp', 'Value', 'Source'])
        await page.getByRole('columnheader', { name: header }).first().waitFor();
      await screenshot(page, `home-dashboard-${viewport.width}`);
      if (viewport.width === PHONE.width) await assertNoHorizontalScroll(page);

      // Over 24: the message, and nothing applied.
      const hours = page.getByTestId('lookback-hours');
      await hours.fill('25');
      await page.getByText('Value must not exceed 24').waitFor();
      await page.waitForTimeout(1300);
      for (const row of await shownValues(page)) assert.equal(row.value, shownAs(now.get(row.label)!), `${row.label} after 25`);
      await screenshot(page, `home-dashboard-lookback-error-${viewport.width}`);
      // Negative or fractional: what is allowed, and nothing applied.
      for (const text of ['-3', '2.5']) {
        await hours.fill(text);
        await page.getByText('Enter whole hours from 0 to 24').waitFor();
      }
      await page.waitForTimeout(1300);
      for (const row of await shownValues(page)) assert.equal(row.value, shownAs(now.get(row.label)!), `${row.label} after 2.5`);

      // 6 hours back, applied after the debounce.
      await hours.fill('6');
      const sixAgo = await latestAsOf(firstName, 6);
      await page.waitForFunction(
        (expected) => {
          const rows = [...document.querySelectorAll('[data-testid="home-row"]')];
          return (
            rows.length > 0 &&
            rows.every((r) => expected[r.querySelector('td')!.textContent!] === r.querySelector('[data-testid="home-value"]')!.textContent)
          );
        },
        Object.fromEntries([...sixAgo].map(([k, v]) => [k, shownAs(v)])),
        { timeout: 10_000 },
      );

      // Another parameter.
      await page.getByRole('radio', { name: 'Battery Voltage' }).check();
      const battery = await latestAsOf('Battery Voltage', 6);
      await page
        .getByText(new RegExp(`^\\d+-\\d+ of ${battery.size}$`))
        .first()
        .waitFor();
      for (const row of await shownValues(page)) assert.equal(row.value, shownAs(battery.get(row.label)!), `battery ${row.label}`);
      await screenshot(page, `home-dashboard-battery-${viewport.width}`);
      await context.close();
    });
  }
});
