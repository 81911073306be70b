import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';

/**
 * Facility types on the signed-in pages: sidebar facility-type icons come from the lookup's icon
 * names, and a facility without a reservoir shows no 'Percent Full' card.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;

describe('facility types in the sidebar and on the dashboard', () => {
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

  it("draws each facility-type group with its lookup icon and leaves 'Percent Full' out where there is no reservoir", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, 'admin@demo.local');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const { rows: types } = await db.query<{ facility_type_desc: string; icon_name: string }>(
      `select distinct ft.facility_type_desc, ft.icon_name from facility_type ft join facility f using (facility_type_ndx) where ft.icon_name is not null`,
    );
    assert.ok(types.length >= 4);
    for (const t of types) {
      const group = nav.locator('[data-nav-kind="facilityType"]', { hasText: t.facility_type_desc });
      await group.waitFor();
      assert.equal(await group.getAttribute('data-icon'), t.icon_name, `${t.facility_type_desc} shows ${t.icon_name}`);
      // The facility-type icons load with the first staff sidebar, a moment after the group itself.
      await group.locator('svg').nth(1).waitFor();
      assert.equal(await group.locator('svg').count(), 2, 'its icon and the expand arrow');
    }
    await screenshot(page, 'sidebar-facility-type-icons');

    // A diversion facility has no storage or percent-full series.
    const { rows: diversion } = await db.query<{ facility_ndx: number; facility_name: string }>(`
      select f.facility_ndx, f.facility_name from facility f join facility_type ft using (facility_type_ndx)
      where ft.facility_type_desc = 'Diversions' and not exists (
        select 1 from series_latest sl join parameter p using (parameter_ndx) join unit u on u.unit_ndx = p.unit_ndx
        where sl.location_ndx = any(f.array_location_ndx) and sl.parameter_ndx = any(f.array_parameter_ndx) and u.unit_desc in ('af', '%'))
      order by f.display_order limit 1`);
    assert.ok(diversion[0], 'a diversion facility without reservoir data');
    // The percent-full answer decides; wait for it before looking.
    const pctFull = page.waitForResponse((r) => r.url().includes(`/api/get-display-facility/pctfull/${diversion[0].facility_ndx}`));
    await page.goto(`/facility-pages/${diversion[0].facility_ndx}`);
    const section = page.getByTestId('recent-data-summary');
    await section.locator('[data-widget="002_lastfew"]').waitFor();
    assert.deepEqual(await (await pctFull).json(), []);
    await page.waitForTimeout(300);
    assert.equal(await section.locator('[data-widget="004_pctfull"]').count(), 0, 'no Percent Full card');
    await screenshot(page, 'facility-dashboard-diversion');
    await context.close();
  });
});
