import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, signInFromLanding } from '../lib/browser';
import { FACILITY_MAP, mapAttr, projectToPage, readMapView, waitForMap } from '../lib/map';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/**
 * The facility pages and the facility map as the demo
 * User sees them: the list limited to their facilities, one facility's details checked
 * against the database, and its map on Satellite at the stored view with the private
 * locations, switching to Streets and Outdoors.
 */

const DATABASE_URL = process.env.E2E_DATABASE_URL;
const USER = 'user@demo.local';

interface Facility {
  facility_ndx: number;
  facility_name: string;
  facility_type_desc: string;
  lat: number;
  lon: number;
  zoom: number;
}
interface LocationRow {
  location_ndx: number;
  location_id: string;
  location_name: string;
  latitude: number;
  longitude: number;
}
interface Latest {
  location_id: string;
  parameter_name: string;
  last_value: number;
  unit_desc: string | null;
  last_timestamp: Date;
}

/** 'MM/DD/YYYY, h:mm AM' on the district's clock, computed here independently of the app's date-fns. */
function denverTimestamp(at: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_DISTRICT_TIME_ZONE,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })
    .format(at)
    .replace(/\u202f/g, ' ');
}
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

async function waitForFacilityMap(page: Page, name: string, ok: (v: string) => boolean, what: string): Promise<string> {
  return waitForMap(page, name, ok, what, FACILITY_MAP);
}

describe('facility pages and the facility map', () => {
  let browser: Browser;
  let db: pg.Client;
  let mine: Facility[];
  let facility: Facility;
  let notMine: number;
  let locations: LocationRow[];
  let latest: Latest[];
  let flowLocations: Set<number>;

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    // The list's order: facility type, display order, name (as the API sorts).
    mine = (
      await db.query<Facility>(
        `
        select f.facility_ndx, f.facility_name, ft.facility_type_desc, f.fp_mapcenter_lat as lat, f.fp_mapcenter_lon as lon, f.fp_mapzoom_level as zoom
        from user_facility uf join app_user u using (user_id) join facility f using (facility_ndx) join facility_type ft using (facility_type_ndx)
        where u.email = $1 order by ft.facility_type_desc, f.display_order, f.facility_name`,
        [USER],
      )
    ).rows;
    assert.ok(mine.length >= 2, 'the demo User is authorised for some facilities');
    // A facility with a stored centre and at least two located locations with data, one of them a flow series.
    const pick = await db.query<{ facility_ndx: number }>(
      `
      select fl.facility_ndx from facility_location fl join location l using (location_ndx)
      where fl.facility_ndx = any($1) and l.latitude is not null and exists (select 1 from series_latest sl where sl.location_ndx = l.location_ndx)
      group by fl.facility_ndx
      having count(*) >= 2 and bool_or(exists (
        select 1 from series_latest sl join parameter p using (parameter_ndx) where sl.location_ndx = l.location_ndx and p.value_field = 'flow_cfs'))
      order by fl.facility_ndx limit 1`,
      [mine.filter((f) => f.lat !== null).map((f) => f.facility_ndx)],
    );
    facility = mine.find((f) => f.facility_ndx === pick.rows[0]?.facility_ndx)!;
    assert.ok(facility, 'one of them has located locations with data');
    notMine = (
      await db.query<{ n: number }>(`select min(facility_ndx) as n from facility where facility_ndx <> all($1)`, [
        mine.map((f) => f.facility_ndx),
      ])
    ).rows[0].n;
    locations = (
      await db.query<LocationRow>(
        `
        select l.location_ndx, l.location_id, l.location_name, l.latitude, l.longitude
        from facility_location fl join location l using (location_ndx) where fl.facility_ndx = $1 order by l.display_order, l.location_id`,
        [facility.facility_ndx],
      )
    ).rows;
    latest = (
      await db.query<Latest>(
        `
        select l.location_id, p.parameter_name, sl.last_value, si.unit_desc, sl.last_timestamp
        from facility_location fl join series_latest sl using (location_ndx) join location l using (location_ndx) join parameter p using (parameter_ndx)
        join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
        where fl.facility_ndx = $1 order by l.location_id, p.display_order, p.parameter_name`,
        [facility.facility_ndx],
      )
    ).rows;
    flowLocations = new Set(
      (
        await db.query<{ location_ndx: number }>(`
          select distinct sl.location_ndx from series_latest sl join parameter p using (parameter_ndx) where p.value_field = 'flow_cfs'`)
      ).rows.map((r) => r.location_ndx),
    );
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await db?.end();
  });

  it('lists exactly the facilities a User is authorised for; search narrows it; a name opens its page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, USER);
    await page.goto('/facility-pages');
    const table = page.getByRole('table', { name: 'Facilities' });
    await table.waitFor();
    const names = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
    assert.deepEqual(
      names,
      mine.map((f) => f.facility_name),
    );
    await screenshot(page, 'facility-list');

    await page.getByLabel('Search Facilities').fill(facility.facility_name);
    assert.equal(
      await table.locator('tbody tr').count(),
      mine.filter((f) => f.facility_name.toLowerCase().includes(facility.facility_name.toLowerCase())).length,
    );
    await page.getByLabel('Search Facilities').fill('no such facility anywhere');
    await page.getByText('No facilities match the search.').waitFor();
    await page.getByLabel('Search Facilities').fill(facility.facility_name);

    await table.getByRole('link', { name: facility.facility_name, exact: true }).click();
    await page.waitForURL(`**/facility-pages/${facility.facility_ndx}`);
    await page.getByRole('heading', { level: 1, name: facility.facility_name }).waitFor();
    await context.close();
  });

  it("shows the facility's details: title, breadcrumbs, summary and its locations' newest values from the database", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, USER);
    await page.goto(`/facility-pages/${facility.facility_ndx}`);
    await page.getByRole('heading', { level: 1, name: facility.facility_name }).waitFor();
    await page.getByText('Facility Details', { exact: true }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    assert.equal(await crumbs.getByRole('link', { name: 'Dashboard' }).getAttribute('href'), '/map');
    assert.equal(await crumbs.getByRole('link', { name: 'Facilities' }).getAttribute('href'), '/facility-pages');
    assert.match((await crumbs.textContent()) ?? '', new RegExp(`${facility.facility_name}$`));

    const summary = page.getByTestId('facility-summary');
    // The locations table appears with the summary's answer.
    await page.locator('[data-location-id]').first().waitFor();
    const fact = async (label: string) =>
      (
        await summary
          .locator('dt')
          .filter({ hasText: new RegExp(`^${label}$`) })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()
      )?.trim();
    assert.equal(await fact('Facility Type'), facility.facility_type_desc);
    assert.equal(await fact('Locations'), String(locations.length));
    const newest = latest.reduce((a, b) => (b.last_timestamp > a ? b.last_timestamp : a), latest[0].last_timestamp);
    assert.equal(await fact('Last Report'), denverTimestamp(newest));
    const reporting = new Set(latest.map((l) => l.location_id)).size;
    assert.equal(await fact('Locations Reporting Data'), `${reporting} of ${locations.length}`);

    const rows = page.locator('[data-location-id]');
    assert.deepEqual(
      await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-location-id'))),
      locations.map((l) => l.location_id),
    );
    for (const l of locations) {
      const expected = latest
        .filter((x) => x.location_id === l.location_id)
        .map((x) => `${x.parameter_name}: ${twoDecimals.format(x.last_value)}${x.unit_desc ? ` ${x.unit_desc}` : ''}`);
      const shown = await page.locator(`[data-location-id="${l.location_id}"] [data-parameter]`).allTextContents();
      assert.deepEqual(shown, expected, l.location_id);
    }
    // The link to Query & Download carries the facility, its type and the Data Drill Down's
    // days range and interval (their defaults: the last range, 365 days, and the first interval, daily).
    const typeNdx = (
      await db.query<{ t: number }>('select facility_type_ndx as t from facility where facility_ndx = $1', [facility.facility_ndx])
    ).rows[0].t;
    assert.equal(
      await page.locator('main').getByRole('link', { name: 'Query & Download' }).getAttribute('href'),
      `/data-access/query-and-download/facilities?daysRange=365&timeInterval=data-daily&facilityTypes=${typeNdx}&facilities=${facility.facility_ndx}`,
    );
    await screenshot(page, 'facility-details');

    // On a phone the panels stack and nothing runs off the side of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(FACILITY_MAP).waitFor();
    // The map redraws 100 ms after its box changed size; let it settle before the picture.
    await page.waitForTimeout(1500);
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'no horizontal scrolling at 390 px');
    await screenshot(page, 'facility-details-phone');
    await context.close();
  });

  it('opens the facility map on Satellite at the stored centre and zoom with the private locations; Streets and Outdoors keep them', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, USER);
    await page.goto(`/facility-pages/${facility.facility_ndx}`);
    await waitForFacilityMap(page, 'basemap', (v) => v === 'Satellite', 'the Satellite basemap');
    await waitForFacilityMap(
      page,
      'visible-layers',
      (v) => v.split(' ').includes('united-locations-circle'),
      'the private locations layer',
    );
    assert.equal(await mapAttr(page, 'view', FACILITY_MAP), 'stored');
    await waitForFacilityMap(page, 'center', (v) => v === `${facility.lon.toFixed(5)},${facility.lat.toFixed(5)}`, 'the stored centre');
    assert.equal(await mapAttr(page, 'zoom', FACILITY_MAP), facility.zoom.toFixed(2));
    const located = locations.filter((l) => l.latitude !== null).length;
    assert.equal(await mapAttr(page, 'facility-locations', FACILITY_MAP), String(located));
    await waitForFacilityMap(page, 'rendered-locations', (v) => Number(v) > 0, 'locations drawn');
    await screenshot(page, 'facility-map-satellite');

    // A click on one of the facility's locations with a flow series opens its popup (the staff
    // map's fields) and its Flow Graph link the data-visualization panel under the map.
    const view = await readMapView(page, FACILITY_MAP);
    const inView = locations
      .filter((l) => flowLocations.has(l.location_ndx))
      .map((l) => ({ l, at: projectToPage(view, l.longitude, l.latitude) }))
      .filter(
        ({ at }) =>
          at.x > view.left + 60 && at.x < view.left + view.width - 60 && at.y > view.top + 60 && at.y < view.top + view.height - 60,
      );
    const target = inView[0];
    assert.ok(target, 'a location of the facility with a flow series lies inside the map');
    await page.mouse.click(target.at.x, target.at.y);
    const popup = page.locator('.maplibregl-popup');
    await popup.getByText(target.l.location_name).first().waitFor();
    await screenshot(page, 'facility-map-popup');
    const graph = page.waitForResponse(
      (r) => r.url().endsWith(`/api/graph-flow-data15-min/${target.l.location_ndx}`) && r.request().method() === 'POST',
    );
    await popup.getByRole('button', { name: 'Flow Graph' }).click();
    assert.equal((await graph).status(), 200);
    const dock = page.getByTestId('data-visualization-dock');
    await dock.getByText(target.l.location_id).first().waitFor();
    // The panel opens under the map, which keeps its height.
    const mapBox = (await page.locator(FACILITY_MAP).boundingBox())!;
    const dockBox = (await dock.boundingBox())!;
    assert.equal(Math.round(mapBox.height), 480);
    assert.ok(dockBox.y >= mapBox.y + mapBox.height - 1, 'the panel is under the map');
    await dock.scrollIntoViewIfNeeded();
    await screenshot(page, 'facility-map-graph');
    await dock.getByRole('button', { name: 'Close' }).click();
    await dock.waitFor({ state: 'detached' });
    if (await popup.count()) await page.locator('.maplibregl-popup-close-button').click();

    for (const name of ['Streets', 'Outdoors', 'Satellite']) {
      await page.getByRole('button', { name, exact: true }).click();
      await waitForFacilityMap(page, 'basemap', (v) => v === name, name);
      await waitForFacilityMap(page, 'basemap-loading', (v) => v === 'false', `${name} loaded`);
      await waitForFacilityMap(
        page,
        'visible-layers',
        (v) => v.split(' ').includes('united-locations-circle'),
        `the private layer over ${name}`,
      );
      assert.equal(await page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed'), 'true');
      if (name === 'Streets') await screenshot(page, 'facility-map-streets');
    }
    await context.close();
  });

  it("refuses bad ids and other users' facilities with a clear message, and keeps All Data Users out", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInFromLanding(page, USER);
    await page.goto('/facility-pages/abc');
    await page.getByText("'abc' is not a facility number.").waitFor();
    await page.goto(`/facility-pages/${notMine}`);
    await page.getByText(`Facility ${notMine} does not exist or you are not authorised for it`).waitFor();
    await page.getByRole('link', { name: 'Back to Facilities' }).click();
    await page.waitForURL('**/facility-pages');
    await context.close();

    const other = await newContext(browser);
    const alldata = await other.newPage();
    await signInFromLanding(alldata, 'alldata@demo.local');
    await alldata.goto(`/facility-pages/${facility.facility_ndx}`);
    await alldata.getByText('You do not have permission to access this resource.').waitFor();
    await other.close();
  });
});
