import type { Page } from 'playwright-core';

/** The public map's container; the page publishes what MapLibre shows as data-* attributes on it. */
export const MAP = '#public-map';

/** The facility page's map container (same data-* attributes as the public map). */
export const FACILITY_MAP = '#facility-map';

export async function mapAttr(page: Page, name: string, selector = MAP): Promise<string> {
  return (await page.locator(selector).getAttribute(`data-${name}`)) ?? '';
}

/** Waits (30 s at most) until a data-* attribute of the map container satisfies `ok`; returns its value. */
export async function waitForMap(
  page: Page,
  name: string,
  ok: (value: string) => boolean,
  what = `data-${name}`,
  selector = MAP,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  let value = '';
  while (Date.now() < deadline) {
    value = await mapAttr(page, name, selector);
    if (ok(value)) return value;
    await page.waitForTimeout(200);
  }
  throw new Error(`map never showed ${what}: data-${name}="${value}"`);
}

/** Web-Mercator world size in pixels at a zoom (MapLibre's 512-pixel tiles). */
export const worldSize = (zoom: number) => 512 * 2 ** zoom;
export const mercX = (lng: number, zoom: number) => ((lng + 180) / 360) * worldSize(zoom);
export const mercY = (lat: number, zoom: number) =>
  ((1 - Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / Math.PI) / 2) * worldSize(zoom);

/** A map's view as its container publishes it, plus the container's place on the page. */
export interface MapView {
  left: number;
  top: number;
  width: number;
  height: number;
  zoom: number;
  lng: number;
  lat: number;
}

export async function readMapView(page: Page, selector = MAP): Promise<MapView> {
  const rect = await page.locator(selector).boundingBox();
  if (!rect) throw new Error(`${selector} is not laid out`);
  const [lng, lat] = (await mapAttr(page, 'center', selector)).split(',').map(Number);
  return {
    left: rect.x,
    top: rect.y,
    width: rect.width,
    height: rect.height,
    zoom: Number(await mapAttr(page, 'zoom', selector)),
    lng,
    lat,
  };
}

/** The page pixel of a lng/lat, as MapLibre projects it (no pitch, no bearing). */
export function projectToPage(view: MapView, lng: number, lat: number): { x: number; y: number } {
  return {
    x: view.left + view.width / 2 + (mercX(lng, view.zoom) - mercX(view.lng, view.zoom)),
    y: view.top + view.height / 2 + (mercY(lat, view.zoom) - mercY(view.lat, view.zoom)),
  };
}

/**
 * Waits until the settled map has a lng/lat within `tolerance` px of its container's centre.
 * The view is published on idle and the container can still be laid out anew (a panel opening
 * below it) after the flight's last idle, so one reading can catch the two halfway.
 */
export async function waitForCentredOn(page: Page, lng: number, lat: number, tolerance = 10, selector = MAP): Promise<MapView> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    const view = await readMapView(page, selector);
    const at = projectToPage(view, lng, lat);
    const off = { x: Math.abs(at.x - (view.left + view.width / 2)), y: Math.abs(at.y - (view.top + view.height / 2)) };
    if (off.x < tolerance && off.y < tolerance) return view;
    last = `${JSON.stringify(off)} px from the map's centre (${JSON.stringify(view)})`;
    await page.waitForTimeout(200);
  }
  throw new Error(`map never centred on ${lng},${lat}: ${last}`);
}

/**
 * A public location of the demo district whose popup offers a flow graph (and that `accept` takes,
 * when given), with its full popup properties: the public-locations feed is lean (decision 0022),
 * so the graph flags come from the location's popup endpoint.
 */
export async function publicLocationWithFlowGraph<P extends { location_name: string }>(
  base: string,
  accept: (properties: P) => Promise<boolean> = () => Promise.resolve(true),
): Promise<{ id: number; properties: P }> {
  const sources = (await (await fetch(`${base}/api/public-map/sources`)).json()) as { id: string; data: { features: { id: number }[] } }[];
  for (const feature of sources.find((s) => s.id === 'public-locations')!.data.features) {
    const { properties } = (await (await fetch(`${base}/api/public-map/public-locations/${feature.id}`)).json()) as {
      properties: P & { has_flow_graph?: boolean };
    };
    if (properties.has_flow_graph && (await accept(properties))) return { id: feature.id, properties };
  }
  throw new Error('no public location with a flow graph (of the kind asked for)');
}
