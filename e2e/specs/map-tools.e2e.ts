import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import area from '@turf/area';
import length from '@turf/length';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newContext, screenshot } from '../lib/browser';
import { mapAttr, mercX, mercY, readMapView, waitForMap, worldSize, type MapView } from '../lib/map';

/**
 * Drawing, measuring and radius rings on /map with real mouse clicks. The map container
 * publishes its settled view (data-zoom, data-center); the test turns its click pixels into lng/lat with
 * the same Web Mercator formulas MapLibre uses (512 px world at zoom 0) and measures them itself.
 */
/** A view with nothing special at its centre; the coordinate search flies there at zoom 16. */
const LAT = 40.31;
const LNG = -104.86;
/** 2 decimals with thousands separators, as the measurements box shows them. */
const fmt2 = (v: number) => v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The lng/lat under a page pixel, as MapLibre unprojects it (no pitch, no bearing). */
function unproject(view: MapView, x: number, y: number): [number, number] {
  const wx = mercX(view.lng, view.zoom) + (x - view.left - view.width / 2);
  const wy = mercY(view.lat, view.zoom) + (y - view.top - view.height / 2);
  const lng = (wx / worldSize(view.zoom)) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * wy) / worldSize(view.zoom)))) * 180) / Math.PI;
  // Terra Draw stores coordinates rounded to 9 decimals (its adapters' default precision).
  return [Math.round(lng * 1e9) / 1e9, Math.round(lat * 1e9) / 1e9];
}

/**
 * Terra Draw's circle radius (geometry/measure/haversine-distance.ts, used by modes/circle): the
 * haversine distance on a 6,371,000 m sphere from the first click to the second, in km, written the
 * same way so the doubles are the same. (The drawn ring is then scaled for Web Mercator distortion
 * so that it passes under the cursor; `radiusKilometers` stays this distance.)
 */
function terraDrawRadiusKm([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const toRadians = (deg: number) => (deg * Math.PI) / 180;
  const phiOne = toRadians(lat1);
  const lambdaOne = toRadians(lng1);
  const phiTwo = toRadians(lat2);
  const lambdaTwo = toRadians(lng2);
  const deltaPhi = phiTwo - phiOne;
  const deltaLambda = lambdaTwo - lambdaOne;
  const a =
    Math.sin(deltaPhi / 2) * Math.sin(deltaPhi / 2) +
    Math.cos(phiOne) * Math.cos(phiTwo) * Math.sin(deltaLambda / 2) * Math.sin(deltaLambda / 2);
  const c = 2 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
  return (6371e3 * c) / 1000;
}

async function click(page: Page, x: number, y: number): Promise<void> {
  await page.mouse.move(x, y, { steps: 4 });
  await page.mouse.click(x, y);
  await page.waitForTimeout(150);
}

const measure = (page: Page, name: string) => page.locator(`[data-measure="${name}"]`);

describe('map tools: draw and measure, radius rings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await page.goto('/map');
    const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitForMap(page, 'visible-layers', (v) => v.includes('public-locations-circle'), 'the public locations');
    // Fly to a fixed view so that the pixels below are known ground distances.
    const box = page.getByRole('combobox', { name: /Locations$/ });
    await box.fill(`${LAT}, ${LNG}`);
    await page
      .getByRole('option', { name: new RegExp(`^Lat: ${LAT} Lng: ${LNG}`) })
      .first()
      .click();
    await waitForMap(page, 'zoom', (v) => v === '16.00', 'zoom 16');
    await waitForMap(page, 'center', (v) => v === `${LNG.toFixed(5)},${LAT.toFixed(5)}`, 'the searched centre');
    // Typed coordinates get a marker where they are (the spot may hold nothing else).
    const marker = page.getByTestId('place-marker');
    await marker.waitFor();
    assert.equal(await marker.count(), 1);
    assert.equal(await marker.getAttribute('data-lnglat'), `${LNG.toFixed(5)},${LAT.toFixed(5)}`);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
  });

  it("shows '--' until something is drawn, then the exact line length, area, point and a circle radius", async () => {
    await page.getByRole('button', { name: 'Measurements' }).click();
    const box = page.getByRole('region', { name: 'Measurements' });
    await box.waitFor();
    for (const name of ['circle-radius', 'line-length', 'polygon-area', 'point'])
      assert.equal(await measure(page, name).textContent(), '--', name);

    const view = await readMapView(page);
    const cx = view.left + view.width / 2;
    const cy = view.top + view.height / 2;

    // A line of two clicks 300 px apart at an angle; a click on the last point finishes it.
    await page.getByRole('button', { name: 'Draw line' }).click();
    const line: [number, number][] = [
      [cx - 250, cy + 120],
      [cx + 50, cy + 200],
    ];
    for (const [x, y] of line) await click(page, x, y);
    await click(page, line[1][0], line[1][1]);
    const lineFeet = fmt2(
      length(
        { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line.map(([x, y]) => unproject(view, x, y)) } },
        { units: 'kilometers' },
      ) * 3280.84,
    );
    assert.equal(await measure(page, 'line-length').textContent(), `${lineFeet} ft`);

    // A triangle (clear of the measurements box at the top left), closed by clicking its first corner again.
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    const triangle: [number, number][] = [
      [cx + 50, cy - 120],
      [cx + 250, cy - 120],
      [cx + 150, cy + 20],
    ];
    for (const [x, y] of triangle) await click(page, x, y);
    await click(page, triangle[0][0], triangle[0][1]);
    const ring = [...triangle, triangle[0]].map(([x, y]) => unproject(view, x, y));
    const m2 = area({ type: 'Polygon', coordinates: [ring] });
    const areaText = (await measure(page, 'polygon-area').textContent()) ?? '';
    const parts = /^([\d,]+\.\d{2}) acres \(([\d,]+\.\d{2}) ft²\)$/.exec(areaText);
    assert.ok(parts, `area text ${areaText}`);
    assert.equal(parts[1], fmt2(m2 / 4047));
    // Square feet with 2 decimals are finer than the drawing itself: coordinates are kept to 1e-9°
    // (about 0.1 mm), which moves the area of this ~11,600 m² triangle by up to about half a square foot.
    assert.match(parts[2], /^\d{1,3}(,\d{3})*\.\d{2}$/, 'square feet with thousands separators');
    assert.ok(Math.abs(Number(parts[2].replace(/,/g, '')) - m2 * 10.7639) < 1, `${parts[2]} ft² vs ${(m2 * 10.7639).toFixed(2)}`);

    await page.getByRole('button', { name: 'Draw point' }).click();
    await click(page, cx + 150, cy - 150);
    const [plng, plat] = unproject(view, cx + 150, cy - 150);
    assert.equal(await measure(page, 'point').textContent(), `Lat: ${plat.toFixed(5)} Lng: ${plng.toFixed(5)}`);

    // A circle: centre click, then an edge click 60 px to the right and 25 px down (about 65 m).
    await page.getByRole('button', { name: 'Draw circle' }).click();
    await click(page, cx + 200, cy + 150);
    await click(page, cx + 260, cy + 175);
    const radiusKm = terraDrawRadiusKm(unproject(view, cx + 200, cy + 150), unproject(view, cx + 260, cy + 175));
    assert.equal(await measure(page, 'circle-radius').textContent(), `${fmt2(radiusKm * 3280.84)} ft`);
    await page.getByRole('button', { name: 'Draw circle' }).click(); // stop drawing
    await screenshot(page, 'map-tools-measurements');

    await box.getByRole('button', { name: 'Reset' }).click();
    for (const name of ['circle-radius', 'line-length', 'polygon-area', 'point'])
      assert.equal(await measure(page, name).textContent(), '--', `${name} after Reset`);
    await box.getByRole('button', { name: 'Hide' }).click();
    await box.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Measurements' }).click();
    await box.waitFor();
    assert.equal(await measure(page, 'line-length').textContent(), '--', 'drawings stay cleared');
  });

  it('draws the default rings around a picked point, refuses non-numbers and clears', async () => {
    await page.getByRole('button', { name: 'Radius Tool' }).click();
    const section = page.locator('aside [data-radius-rings]');
    await page.getByRole('button', { name: 'Pick on map' }).click();
    const view = await readMapView(page);
    await page.mouse.click(view.left + view.width / 2, view.top + view.height / 2);
    await waitForMap(page, 'radius-rings', (v) => v === '2', 'the two default rings');
    assert.equal(await section.getAttribute('data-radius-rings'), '2');
    // Zoom out with the map's own control so both rings (0.25 and 0.5 mi) are in view for the screenshot.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForTimeout(800);
    await screenshot(page, 'map-tools-radius-default');

    await page.getByLabel('Buffer 3').fill('abc');
    await page.getByText('Enter a number, for example 0.25').waitFor();
    assert.equal(await mapAttr(page, 'radius-rings'), '2', 'an unreadable ring is not drawn');
    await page.getByLabel('Buffer 3').fill('0.75');
    await waitForMap(page, 'radius-rings', (v) => v === '3', 'three rings');
    await page.getByLabel('Buffer 1').fill('-1');
    await waitForMap(page, 'radius-rings', (v) => v === '2', 'a negative ring skipped');
    await page.getByLabel('Buffer 1').fill('0.25');
    await waitForMap(page, 'radius-rings', (v) => v === '3', 'ring 1 back');
    await screenshot(page, 'map-tools-radius-three');

    // A drawn point and the rings both survive a basemap switch (the new style drops every layer).
    await page.getByRole('button', { name: 'Draw point' }).click();
    await click(page, view.left + view.width / 2 + 120, view.top + view.height / 2 + 40);
    await page.getByRole('button', { name: 'Draw point' }).click();
    const pointBefore = await measure(page, 'point').textContent();
    assert.notEqual(pointBefore, '--');
    await page.getByRole('button', { name: 'Basemaps' }).click();
    await page.getByRole('radio', { name: 'Dark' }).click();
    await waitForMap(page, 'basemap', (v) => v === 'Dark', 'the Dark basemap');
    await waitForMap(page, 'basemap-loading', (v) => v === 'false', 'the Dark style loaded');
    await waitForMap(page, 'radius-rings', (v) => v === '3', 'the rings back over the Dark basemap');
    assert.equal(await measure(page, 'point').textContent(), pointBefore, 'the drawing is kept');
    await page.waitForTimeout(800);
    await screenshot(page, 'map-tools-radius-dark');

    await page.getByRole('switch', { name: 'Show radius rings' }).uncheck();
    await waitForMap(page, 'radius-rings', (v) => v === '0', 'rings hidden when disabled');
    await page.getByRole('switch', { name: 'Show radius rings' }).check();
    await waitForMap(page, 'radius-rings', (v) => v === '3', 'rings back when enabled');
    await page.getByRole('button', { name: 'Clear' }).click();
    await waitForMap(page, 'radius-rings', (v) => v === '0', 'rings cleared');
    // Clear puts the four buffer amounts back to their defaults (0.25 / 0.5 Miles, then 0 and 0), so
    // the next centre draws the default rings without retyping them.
    const defaults = ['0.25', '0.5', '0', '0'];
    for (const n of [1, 2, 3, 4])
      assert.equal(await page.getByLabel(`Buffer ${n}`).inputValue(), defaults[n - 1], `Buffer ${n} back to its default`);
  });

  it('centres the rings on a location selected by search, by coordinates and from its popup', async () => {
    const sources = (await (await fetch(`${BASE_URL}/api/public-map/sources`)).json()) as {
      id: string;
      data: { features: LocationFeature[] };
    }[];
    const target = sources.find((s) => s.id === 'public-locations')!.data.features.find((f) => f.properties.location_name)!;
    const [lng, lat] = target.geometry.coordinates;
    const name = target.properties.location_name;
    const section = page.locator('aside [data-radius-rings]');
    const useSelected = section.getByRole('button', { name: 'Use selected location' });
    const centreName = section.locator('[data-radius-centre-name]');
    const centreCoordinates = section.locator('[data-radius-centre-coordinates]');
    // A location chosen in the search box.
    await page.getByRole('combobox', { name: /Locations$/ }).fill(name);
    await page.getByRole('option', { name }).first().click();
    await section.getByText(`Selected: ${name}`).waitFor();
    await useSelected.click();
    await waitForMap(page, 'radius-rings', (v) => v === '2', 'the default rings around the location');
    assert.equal(await centreName.textContent(), name);
    assert.equal(await centreCoordinates.textContent(), `Lat: ${lat.toFixed(5)} Lng: ${lng.toFixed(5)}`);
    assert.equal(await mapAttr(page, 'radius-centre'), `${lng},${lat}`, 'the centre point is exactly the API coordinates');
    await assertRingsAround(page, lng, lat, 0.5);
    assert.equal(await useSelected.isDisabled(), true, 'already centred there');
    // The map fits the outer ring (0.5 mi) instead of staying at the search's zoom 16.
    await waitForMap(page, 'zoom', (v) => Number(v) < 16, 'the map fitted to the rings');
    await page.waitForTimeout(800);
    await screenshot(page, 'map-tools-radius-selected-location');

    // Typed coordinates are a selected place too, shown without a name.
    await page.getByRole('combobox', { name: /Locations$/ }).fill(`${LAT}, ${LNG}`);
    await page
      .getByRole('option', { name: new RegExp(`^Lat: ${LAT} Lng: ${LNG}`) })
      .first()
      .click();
    await section.getByText(`Selected: Lat: ${LAT.toFixed(5)} Lng: ${LNG.toFixed(5)}`).waitFor();
    await useSelected.click();
    await waitForMap(page, 'radius-centre', (v) => v === `${LNG},${LAT}`, 'the rings around the typed coordinates');
    assert.equal(await centreName.count(), 0);
    assert.equal(await centreCoordinates.textContent(), `Lat: ${LAT.toFixed(5)} Lng: ${LNG.toFixed(5)}`);
    await assertRingsAround(page, LNG, LAT, 0.5);

    // A location's popup: 'Radius Rings Here' centres the rings on it.
    await page.getByRole('combobox', { name: /Locations$/ }).fill(name);
    await page.getByRole('option', { name }).first().click();
    await waitForMap(page, 'zoom', (v) => v === '16.00', 'zoom 16 at the location');
    await waitForMap(page, 'center', (v) => v === `${lng.toFixed(5)},${lat.toFixed(5)}`, 'the location at the centre');
    const view = await readMapView(page);
    await page.mouse.click(view.left + view.width / 2, view.top + view.height / 2);
    const popup = page.getByTestId('feature-popup');
    await popup.waitFor();
    for (let i = 0; i < 10 && (await popup.getByRole('heading', { name }).count()) === 0; i++) {
      await popup.getByRole('button', { name: 'Next feature' }).click();
    }
    await screenshot(page, 'map-tools-radius-popup-action');
    await popup.getByRole('button', { name: 'Radius Rings Here' }).click();
    await waitForMap(page, 'radius-centre', (v) => v === `${lng},${lat}`, 'the rings around the popup location');
    assert.equal(await centreName.textContent(), name);
    assert.equal(await centreCoordinates.textContent(), `Lat: ${lat.toFixed(5)} Lng: ${lng.toFixed(5)}`);
    await assertRingsAround(page, lng, lat, 0.5);
    await page.waitForTimeout(800);
    await screenshot(page, 'map-tools-radius-from-popup');
  });
});

interface LocationFeature {
  geometry: { coordinates: [number, number] };
  properties: { location_name: string };
}

/**
 * The drawn rings (data-radius-extent: their west, south, east, north) sit around the centre and the
 * outer one has the expected radius: half the box's height along the meridian, on turf's sphere.
 */
async function assertRingsAround(page: Page, lng: number, lat: number, outerMiles: number): Promise<void> {
  const [west, south, east, north] = (await mapAttr(page, 'radius-extent')).split(',').map(Number);
  assert.ok(Math.abs((west + east) / 2 - lng) < 1e-6, `rings centred on lng ${lng}: ${west}..${east}`);
  assert.ok(Math.abs((south + north) / 2 - lat) < 1e-6, `rings centred on lat ${lat}: ${south}..${north}`);
  const outerKm = (((north - south) / 2) * Math.PI * 6371.0088) / 180;
  const expectedKm = (outerMiles * 5280) / 3280.84;
  assert.ok(Math.abs(outerKm / expectedKm - 1) < 1e-3, `outer ring ${outerKm} km, expected ${expectedKm} km`);
}
