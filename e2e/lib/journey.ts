import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { MAP, waitForMap } from './map';

/**
 * Journeys: pages reached the way a person reaches them (the landing page's buttons, the sign-in
 * form, the sidebar, the account menu, the footer, links in pages), never by typing a URL, each
 * checked for main content that is visible and sized.
 */

/** What a page's main content is, and so how it is checked. */
export type Content = 'map' | 'table' | 'chart' | 'image' | 'form' | 'text';

export const WINDOWS = [
  { width: 1280, height: 720, name: '1280x720' },
  { width: 1440, height: 900, name: '1440x900' },
  { width: 375, height: 812, name: '375x812' },
] as const;

/** Every path the main frame showed, recorded as the journeys go (sign-in's passing pages too). */
export function recordPaths(page: Page, into: Set<string>): void {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) into.add(new URL(frame.url()).pathname);
  });
  // Client-side navigations (the router's pushState) are not frame navigations: poll the path too.
  const timer = setInterval(() => {
    if (page.isClosed()) return clearInterval(timer);
    into.add(new URL(page.url()).pathname);
  }, 100);
  page.once('close', () => clearInterval(timer));
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`${what}: never held (last seen ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

const box = async (locator: Locator) => ((await locator.count()) > 0 ? locator.first().boundingBox() : null);

/** The sidebar's links, with the drawer opened on a phone and every group expanded. */
export async function openSidebar(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // Just after a resize to a desktop width the drawer may not have become the open sidebar yet:
  // toggling then would close it. Give the layout its moment; a sidebar still hidden after it
  // was closed on purpose, and the toggle opens it.
  if (page.viewportSize()!.width >= 900) await nav.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
  if (!(await nav.isVisible())) {
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.waitFor();
  }
  for (let i = 0; i < 30; i++) {
    const closed = nav.locator('[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return nav;
}

/** Clicks the sidebar entry that links to `href` (its visible name is `title`) and waits for the page. */
export async function clickSidebar(page: Page, title: string, href: string): Promise<void> {
  // Below the md breakpoint (900 px) the sidebar is a drawer.
  const inDrawer = page.viewportSize()!.width < 900;
  const nav = await openSidebar(page);
  const link = nav.locator(`a[href="${href}"]`).filter({ hasText: title }).first();
  // click() scrolls the entry into view itself, and finds it again if the sidebar was drawn anew
  // meanwhile (a resize changes its layout); a separate scroll fails on an entry that was replaced.
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
  // On a phone the drawer closes after the click: wait until it has, so the next click opens it anew.
  if (inDrawer) await nav.waitFor({ state: 'hidden' });
}

/** Opens the account menu and clicks one of its entries. */
export async function clickAccountMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Accepts the map's disclaimer when it is shown (once per browser session). */
export async function acceptDisclaimer(page: Page): Promise<void> {
  const accept = page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' });
  try {
    await accept.waitFor({ timeout: 3000 });
    await accept.click();
  } catch {
    // Already accepted in this session.
  }
}

/** The map is laid out taller than 150 px (or `minHeight`), its canvas is as tall, and it draws locations. */
export async function assertMapDrawn(page: Page, what: string, selector = MAP, minHeight = 150): Promise<void> {
  await acceptDisclaimer(page);
  const container = await until(
    `${what}: the map container is laid out`,
    () => box(page.locator(selector)),
    (b) => !!b && b.height > minHeight,
  );
  const canvas = await until(
    `${what}: the map canvas is drawn`,
    () => box(page.locator(`${selector} canvas.maplibregl-canvas`)),
    (b) => !!b && b.height > minHeight,
  );
  assert.ok(
    Math.abs(canvas!.height - container!.height) < 2,
    `${what}: the canvas fills the map (${canvas!.height} of ${container!.height} px)`,
  );
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0, `${what}: locations drawn`, selector);
}

/** A chart (ECharts, publishing what it drew) is taller than 100 px and drew points. */
export async function assertChartDrawn(chart: Locator, what: string): Promise<void> {
  await chart.waitFor({ timeout: 20_000 });
  await chart.scrollIntoViewIfNeeded();
  const b = await until(
    `${what}: the chart is laid out`,
    () => chart.boundingBox(),
    (v) => !!v && v.height > 100 && v.width > 150,
  );
  assert.ok(b);
  await until(
    `${what}: the chart drew points`,
    async () => {
      const runs = JSON.parse((await chart.getAttribute('data-line-runs')) ?? '[]') as { points: number }[][];
      const labels = JSON.parse((await chart.getAttribute('data-axis-labels')) ?? '[]') as unknown[];
      const kind = await chart.getAttribute('data-testid');
      // A bar chart draws no line: its drawn axis labels stand for its bars.
      return kind === 'bar-chart' ? labels.length : runs.flat().reduce((n, r) => n + r.points, 0);
    },
    (n) => n > 1,
  );
}

/** Every page: its heading is visible and its main region is laid out with room to read. */
async function assertMainSized(page: Page, what: string): Promise<void> {
  const viewport = page.viewportSize()!;
  // By element, not role: a dialog open over the page (the map's disclaimer) hides it from roles.
  const main = page.locator('main').first();
  const b = await until(
    `${what}: the main region is laid out`,
    () => box(main),
    (v) => !!v && v.height > 150,
  );
  assert.ok(b!.width >= Math.min(300, viewport.width - 40), `${what}: the main region is ${b!.width} px wide`);
  await until(
    `${what}: a level-1 heading is visible`,
    () => page.locator('h1').first().isVisible(),
    (v) => v,
  );
}

/** Checks the page's main content by its kind. */
export async function assertContent(page: Page, content: Content, what: string): Promise<void> {
  if (content === 'map') await acceptDisclaimer(page);
  await assertMainSized(page, what);
  const main = page.locator('main').first();
  switch (content) {
    case 'map':
      return assertMapDrawn(page, what);
    case 'table':
      await until(
        `${what}: a table has rows`,
        // On a phone some tables are shown as a list of cards (a description list each). A loading
        // table's placeholder rows (skeletons) are not rows.
        () =>
          main
            .locator('tbody tr:visible, [role="row"]:visible, li:has(dl):visible')
            .filter({ hasNot: page.locator('.MuiSkeleton-root') })
            .count(),
        (n) => n > 1,
      );
      return;
    case 'chart':
      // The page's main chart: one taller than 100 px that drew points (small gauges are not it).
      // Read in one pass, as charts of a dashboard re-render while their data arrives.
      await until(
        `${what}: a chart taller than 100 px drew points`,
        () =>
          main.locator('[data-line-runs]').evaluateAll((els) =>
            els.map((e) => {
              const r = e.getBoundingClientRect();
              const runs = JSON.parse(e.getAttribute('data-line-runs') ?? '[]') as { points: number }[][];
              const labels = JSON.parse(e.getAttribute('data-axis-labels') ?? '[]') as unknown[];
              const drawn = e.getAttribute('data-testid') === 'bar-chart' ? labels.length : runs.flat().reduce((n, x) => n + x.points, 0);
              return r.height > 100 && r.width > 150 && drawn > 1;
            }),
          ),
        (ok) => ok.includes(true),
      );
      return;
    case 'image':
      await until(
        `${what}: an image is loaded and shown`,
        () =>
          main
            .locator('img')
            .evaluateAll((imgs) => imgs.some((i) => (i as HTMLImageElement).naturalWidth > 0 && i.getBoundingClientRect().height > 100)),
        (v) => v,
      );
      return;
    case 'form':
      await until(
        `${what}: a form field is visible`,
        () => main.locator('input:visible, [role="combobox"]:visible, textarea:visible').count(),
        (n) => n > 0,
      );
      return;
    case 'text':
      await until(
        `${what}: the page has text`,
        async () => (await main.innerText()).trim().length,
        (n) => n > 80,
      );
      return;
  }
}

/** From the map: finds the location with the search box, clicks it, and pages its popup to the flow graph's. */
export async function openLocationPopup(page: Page, locationName: string): Promise<Locator> {
  await acceptDisclaimer(page);
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  await page.getByRole('combobox', { name: /Locations$/ }).fill(locationName);
  await page.getByRole('option', { name: locationName }).first().click();
  await waitForMap(page, 'zoom', (v) => v === '16.00');
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  const map = (await page.locator(MAP).boundingBox())!;
  await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2);
  const popup = page.getByTestId('feature-popup');
  await popup.waitFor();
  for (let i = 0; i < 10 && (await popup.getByRole('button', { name: 'Flow Graph' }).count()) === 0; i++)
    await popup.getByRole('button', { name: 'Next feature' }).click();
  return popup;
}

/** From the map: opens the location's popup and its flow graph; checks the chart, its table and the map beside it. */
export async function openGraphPanel(page: Page, locationName: string, what: string): Promise<Locator> {
  const popup = await openLocationPopup(page, locationName);
  await popup.getByRole('button', { name: 'Flow Graph' }).click();
  const panel = page.getByTestId('data-visualization-panel');
  await assertChartDrawn(panel.getByTestId('time-series-chart'), `${what}: graph panel chart`);
  await panel.getByRole('table', { name: 'Time series data' }).getByRole('row').nth(1).waitFor();
  // Beside the open panel the map may be a strip (120 px on a phone): still drawn, never empty.
  await assertMapDrawn(page, `${what}: the map beside the graph panel`, MAP, 100);
  return panel;
}
