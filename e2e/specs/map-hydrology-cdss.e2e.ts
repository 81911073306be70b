import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../lib/browser';
import { mapAttr, waitForMap } from '../lib/map';

/**
 * The Hydrology and CDSS groups of the Layers panel on the offline basemap: closed
 * and switched off at first, then opened, switched on and drawn. "Drawn" is read from the map
 * itself: the container's data-rendered-layers lists the features MapLibre rendered per layer.
 */

/** Features MapLibre drew in the viewport for one layer, as the map publishes it (0 when not listed). */
async function renderedCount(page: Page, layerId: string): Promise<number> {
  const entry = (await mapAttr(page, 'rendered-layers')).split(' ').find((e) => e.startsWith(`${layerId}:`));
  return entry ? Number(entry.slice(layerId.length + 1)) : 0;
}

async function waitForDrawn(page: Page, layerId: string): Promise<number> {
  await waitForMap(
    page,
    'rendered-layers',
    (v) => v.split(' ').some((e) => e.startsWith(`${layerId}:`) && Number(e.split(':')[1]) > 0),
    `${layerId} drawn`,
  );
  return renderedCount(page, layerId);
}

describe('Hydrology and CDSS layers', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('opens the Hydrology and CDSS groups, switches their layers on and draws them over the offline basemap', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    await page.goto('/map');
    const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0, 'rendered locations');

    const panel = page.getByRole('complementary', { name: 'Map panel' });
    // Closed and off at first: the first view is the district's own data.
    const hydrologyGroup = panel.getByLabel('Show group Hydrology');
    const cdssGroup = panel.getByLabel('Show group CDSS');
    assert.equal(await hydrologyGroup.isChecked(), false);
    assert.equal(await cdssGroup.isChecked(), false);
    assert.equal(await panel.getByLabel('Show layer Lakes and Reservoirs').isVisible(), false, 'the Hydrology group starts closed');
    const visible = (await mapAttr(page, 'visible-layers')).split(' ');
    for (const id of ['hydrology-lakes-fill', 'hydrology-rivers-line', 'cdss-telemetry-stations-circle'])
      assert.ok(!visible.includes(id), `${id} starts hidden`);

    // Open Hydrology: its two layers are listed; the lakes fill has an opacity slider.
    await panel.getByText('Hydrology', { exact: true }).click();
    const lakes = panel.getByLabel('Show layer Lakes and Reservoirs');
    const rivers = panel.getByLabel('Show layer Major Rivers');
    await lakes.waitFor({ state: 'visible' });
    await rivers.waitFor({ state: 'visible' });
    const opacity = panel.getByRole('slider', { name: 'Opacity of Lakes and Reservoirs' });
    await opacity.waitFor();
    assert.equal(await opacity.isDisabled(), true, 'a hidden layer has no opacity to set');

    // One layer on: only it is drawn, the district's reservoirs around the map centre.
    await lakes.check();
    await waitForMap(page, 'visible-layers', (v) => v.split(' ').includes('hydrology-lakes-fill'), 'lakes shown');
    const lakesDrawn = await waitForDrawn(page, 'hydrology-lakes-fill');
    assert.ok(lakesDrawn > 10, `lakes drawn: ${lakesDrawn}`);
    assert.ok(!(await mapAttr(page, 'visible-layers')).split(' ').includes('hydrology-rivers-line'));
    // Its opacity, from the keyboard: Page Down takes a tenth off, and the percent is said and shown.
    const before = Number(await opacity.inputValue());
    await opacity.press('PageDown');
    assert.equal(Number(await opacity.inputValue()), before - 10);
    assert.equal(await opacity.getAttribute('aria-valuetext'), `${before - 10}%`);

    // The group shows as on once any of its layers is. The rivers too: Natural Earth's 1:50m
    // rivers are the state's major ones, west and south of the district, none in the first view,
    // so switching them on moves the map to show them, without a zoom by hand.
    assert.equal(await hydrologyGroup.isChecked(), true);
    const zoomBefore = Number(await mapAttr(page, 'zoom'));
    await rivers.check();
    await waitForMap(page, 'visible-layers', (v) => v.split(' ').includes('hydrology-rivers-line'), 'rivers shown');
    const riversDrawn = await waitForDrawn(page, 'hydrology-rivers-line');
    assert.ok(riversDrawn > 0, `rivers drawn: ${riversDrawn}`);
    assert.ok(Number(await mapAttr(page, 'zoom')) < zoomBefore, 'the map widened to the rivers');
    await screenshot(page, 'map-hydrology');

    // CDSS: open, switch the group on, the telemetry stations are drawn.
    await panel.getByText('CDSS', { exact: true }).click();
    await panel.getByLabel('Show layer CDSS Telemetry Stations').waitFor({ state: 'visible' });
    await cdssGroup.check();
    await waitForMap(page, 'visible-layers', (v) => v.split(' ').includes('cdss-telemetry-stations-circle'), 'CDSS stations shown');
    const stationsDrawn = await waitForDrawn(page, 'cdss-telemetry-stations-circle');
    assert.ok(stationsDrawn >= 30, `CDSS stations drawn: ${stationsDrawn}`);
    await screenshot(page, 'map-hydrology-cdss');

    // Off again: the group toggle hides both Hydrology layers and MapLibre stops drawing them.
    await hydrologyGroup.uncheck();
    await waitForMap(page, 'visible-layers', (v) => !v.split(' ').some((id) => id.startsWith('hydrology-')), 'Hydrology hidden');
    await waitForMap(page, 'rendered-layers', (v) => !v.includes('hydrology-'), 'no Hydrology features drawn');
    assert.ok((await renderedCount(page, 'cdss-telemetry-stations-circle')) > 0, 'the CDSS stations stay');
    await context.close();
  });
});
