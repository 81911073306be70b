import type { Page } from 'playwright-core';

/** The public map's container; the page publishes what MapLibre shows as data-* attributes on it. */
export const MAP = '#public-map';

export async function mapAttr(page: Page, name: string): Promise<string> {
  return (await page.locator(MAP).getAttribute(`data-${name}`)) ?? '';
}

/** Waits (30 s at most) until a data-* attribute of the map container satisfies `ok`; returns its value. */
export async function waitForMap(page: Page, name: string, ok: (value: string) => boolean, what = `data-${name}`): Promise<string> {
  const deadline = Date.now() + 30_000;
  let value = '';
  while (Date.now() < deadline) {
    value = await mapAttr(page, name);
    if (ok(value)) return value;
    await page.waitForTimeout(200);
  }
  throw new Error(`map never showed ${what}: data-${name}="${value}"`);
}
