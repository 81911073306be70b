import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { facilityPagePath, graphLinkPath, queryDownloadLink, ROUTES } from '@portal/contracts';
import { BASE_URL, launchBrowser, signInFromLanding } from '../lib/browser';
import { axeViolations } from '../lib/axe';
import { acceptDisclaimer, clickSidebar, openLocationPopup } from '../lib/journey';
import { publicLocationWithFlowGraph } from '../lib/map';

/**
 * Every page of the portal, as every role that may open it, has no serious or critical
 * accessibility violation that axe-core finds, and none of the page-structure rules a screen
 * reader user navigates by (one h1, headings in order, unique landmarks). The pages come from the
 * route list the web app is built from, so a new page is checked without a change here, plus the
 * pages whose path carries an id or a query (a facility, a location's graph, a prefilled query).
 * A page a role may not open (Unauthorized, or the sign-in page for a visitor) is skipped for
 * that role; the Unauthorized screen and the sign-in page are checked once each.
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
const VIOLATIONS_FILE = path.join(process.env.E2E_SCREENSHOTS ?? os.tmpdir(), 'axe-violations.txt');

// Paths that are actions or patterns, not pages to look at.
const NOT_PAGES: string[] = [ROUTES.LOGOUT, ROUTES.AUTH_CALLBACK, ROUTES.FACILITY_DETAILS];
const ROLES = [null, 'admin@demo.local', 'developer@demo.local', 'user@demo.local', 'alldata@demo.local', 'norole@demo.local'] as const;
// Moderate rules that fail the check as well: the page structure a screen reader user moves by.
const STRUCTURE_RULES = new Set(['heading-order', 'landmark-unique', 'page-has-heading-one']);

/**
 * Waits until the page has drawn its content: its h1 (or the Unauthorized screen), then until it
 * stays quiet for a moment: no spinner or skeleton, and no short transition running (a colour
 * caught halfway through a fade is no contrast). Parts that load after the h1 (the map's graph
 * panel) start their spinner within that moment.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .locator('h1, [data-testid="unauthorized"]')
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => {});
  const quiet = () =>
    page
      .evaluate(
        () =>
          !document.querySelector('[role="progressbar"], .MuiSkeleton-root') &&
          // Endless or very long animations (spinners, the landing page's water) are not waited for.
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime ?? Infinity) > 10_000),
      )
      // A page that navigates on (a visitor sent to sign in) is not quiet yet.
      .catch(() => false);
  const deadline = Date.now() + 20_000;
  let quietSince = (await quiet()) ? Date.now() : 0;
  while (Date.now() < deadline && (!quietSince || Date.now() - quietSince < 400)) {
    await page.waitForTimeout(100);
    if (!(await quiet())) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
  }
}

describe('accessibility of every page', () => {
  let browser: Browser;
  let paths: string[] = [];
  const report: string[] = [];
  const timings: string[] = [];

  before(async () => {
    assert.ok(DATABASE_URL, 'e2e/run.ts passes E2E_DATABASE_URL');
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    let facilityNdx: number;
    try {
      // A real facility page: the facility with the most locations.
      const { rows } = await db.query<{ facility_ndx: number }>(
        'select facility_ndx from facility_location group by facility_ndx order by count(*) desc, facility_ndx limit 1',
      );
      assert.ok(rows[0], 'the demo district has facilities with locations');
      facilityNdx = rows[0].facility_ndx;
    } finally {
      await db.end();
    }
    const graphed = await publicLocationWithFlowGraph(BASE_URL);
    paths = [
      ...Object.values(ROUTES).filter((p) => !NOT_PAGES.includes(p)),
      facilityPagePath(facilityNdx),
      graphLinkPath(graphed.id, 'flow'),
      queryDownloadLink({ daysRange: 3, interval: 'daily', facilityTypes: [], facilities: [facilityNdx] }),
    ];
    browser = await launchBrowser();
  });
  after(async () => {
    fs.mkdirSync(path.dirname(VIOLATIONS_FILE), { recursive: true });
    fs.writeFileSync(VIOLATIONS_FILE, report.join('\n') + '\n' + timings.join('\n') + '\n');
    await browser?.close();
  });

  let unauthorizedChecked = false;
  let signInChecked = false;
  // A Developer sees what an Administrator sees (the same pages, the same controls) plus the
  // developer's own pages: those pages, and the sidebar on them, are what is left to check.
  const checkedAsAdministrator = new Set<string>();
  for (const role of ROLES) {
    const who = role ?? 'a visitor';
    it(`finds no serious or critical violation on the pages ${who} may open`, async () => {
      // axe-core is injected as a script, which the portal's Content Security Policy rightly refuses.
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: BASE_URL, bypassCSP: true });
      const page = await context.newPage();
      if (role) await signInFromLanding(page, role);
      const problems: string[] = [];
      const seen = new Set<string>();
      const check = async (label: string) => {
        for (const v of await axeViolations(page)) {
          const line = `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`;
          report.push(`${who} ${line}`);
          if (v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id)) problems.push(line);
        }
      };
      try {
        for (const path of paths) {
          // A page an Administrator was shown at this very path is the page a Developer is shown:
          // it is not opened again (it counts as one the Developer could open).
          if (role === 'developer@demo.local' && checkedAsAdministrator.has(path)) {
            seen.add(path);
            continue;
          }
          const opened = Date.now();
          await page.goto(path);
          await settle(page);
          if (path.startsWith(ROUTES.PUBLIC_MAP)) {
            // The map's export buttons turn on once MapLibre has loaded, after the page looked quiet.
            await page
              .waitForFunction(() => !document.querySelector('[aria-label="Export map"] button:disabled'), null, { timeout: 30_000 })
              .catch(() => {});
            await settle(page);
          }
          if (path.includes('graph=')) {
            // The graph panel opens once the map has loaded, after the page looked quiet: wait for its table.
            await page
              .getByTestId('data-visualization-panel')
              .getByRole('table', { name: 'Time series data' })
              .getByRole('row')
              .nth(1)
              .waitFor({ timeout: 30_000 })
              .catch(() => {});
            await settle(page);
          }
          const url = new URL(page.url());
          if (url.pathname.startsWith('/oidc/')) {
            // A visitor on a page for signed-in users is sent to sign in: check the sign-in page once.
            if (!signInChecked) {
              await check('sign-in page');
              // The identity provider's other pages (forgot password, sign-up) are linked from its sign-in page.
              const links = await page
                .locator('a[href^="/oidc/"]')
                .evaluateAll((anchors) => [...new Set(anchors.map((a) => a.getAttribute('href') ?? ''))]);
              for (const link of links) {
                await page.goto(link);
                await settle(page);
                await check(`identity provider ${new URL(page.url()).pathname}`);
              }
              report.push(`${who}: identity provider pages checked: ${links.join(', ') || 'none linked'}`);
            }
            signInChecked = true;
            continue;
          }
          if (await page.getByTestId('unauthorized').count()) {
            if (!unauthorizedChecked) await check(`Unauthorized screen (${path})`);
            unauthorizedChecked = true;
            continue;
          }
          // A path that leads to a page already checked (/login when signed in) is not checked twice.
          const landed = url.pathname + url.search;
          if (seen.has(landed)) continue;
          seen.add(landed);
          if (role === 'admin@demo.local') checkedAsAdministrator.add(landed);
          if (role === 'developer@demo.local' && checkedAsAdministrator.has(landed)) continue;
          const started = Date.now();
          await check(landed === path ? path : `${path} -> ${landed}`);
          timings.push(`${who} ${landed}: ${Date.now() - opened} ms, axe ${Date.now() - started} ms`);
          // A visitor's first map shows the disclaimer (checked above); accepted, the next map page shows the map.
          const accept = page.getByRole('dialog', { name: 'Disclaimer' }).getByRole('button', { name: 'Accept' });
          if (await accept.isVisible()) await accept.click();
        }
      } finally {
        await context.close();
      }
      assert.ok(seen.size >= 5, `${who} could open ${seen.size} pages`);
      report.push(`${who}: ${seen.size} pages checked`);
      assert.equal(problems.length, 0, `${problems.length} violations as ${who}:\n${problems.join('\n')}`);
    });
  }
});

/**
 * The states people use, not only a page's first state: the map's disclaimer, its side panel's
 * sections, a location's popup, the graph panel (collapsed and expanded), the export and account
 * menus, an editor dialog, and the phone layout with the navigation drawer open. Each reached by
 * clicks, each checked by axe with the same rules as above.
 */
describe('accessibility with dialogs, popups, panels and menus open', () => {
  let browser: Browser;
  let flowLocation: string;
  before(async () => {
    browser = await launchBrowser();
    flowLocation = (await publicLocationWithFlowGraph<{ location_name: string }>(BASE_URL)).properties.location_name;
  });
  after(async () => {
    await browser?.close();
  });

  async function problemsIn(page: Page, label: string, problems: string[]): Promise<void> {
    await settle(page);
    for (const v of await axeViolations(page)) {
      if (v.impact === 'serious' || v.impact === 'critical' || STRUCTURE_RULES.has(v.id))
        problems.push(
          `${label}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html ?? ''}`).join(', ')}`,
        );
    }
  }

  for (const viewport of [
    { width: 1280, height: 720, name: '1280x720' },
    { width: 375, height: 812, name: '375x812' },
  ]) {
    it(`a visitor at ${viewport.name}: disclaimer, side panel, popup, graph panel and export menu`, async () => {
      const context = await browser.newContext({ viewport, baseURL: BASE_URL, bypassCSP: true });
      const page = await context.newPage();
      const problems: string[] = [];
      try {
        await page.goto('/');
        await page.getByRole('link', { name: 'Public Access' }).click();
        await page.getByRole('dialog', { name: 'Disclaimer' }).waitFor();
        // The export buttons behind it turn on (and fade in) once MapLibre has loaded.
        await page.waitForFunction(() => !document.querySelector('[aria-label="Export map"] button:disabled'), null, { timeout: 30_000 });
        await problemsIn(page, 'disclaimer dialog', problems);
        await acceptDisclaimer(page);
        const basemaps = page.getByRole('button', { name: 'Basemaps' });
        if ((await basemaps.getAttribute('aria-expanded')) !== 'true') await basemaps.click();
        await problemsIn(page, 'side panel with Basemaps open', problems);
        // On a phone the side panel opens over the map: closed again, the map can be clicked.
        if (viewport.width < 600) await basemaps.click();
        await openLocationPopup(page, flowLocation);
        await problemsIn(page, 'location popup', problems);
        const panel = await (async () => {
          await page.getByTestId('feature-popup').getByRole('button', { name: 'Flow Graph' }).click();
          const p = page.getByTestId('data-visualization-panel');
          await p.getByRole('table', { name: 'Time series data' }).getByRole('row').nth(1).waitFor();
          return p;
        })();
        await problemsIn(page, 'graph panel', problems);
        await panel.getByRole('button', { name: 'Expand' }).click();
        await problemsIn(page, 'graph panel expanded', problems);
        await panel.getByRole('button', { name: 'Collapse' }).click();
        await page.getByRole('button', { name: 'More export options' }).click();
        await page.getByRole('menu').waitFor();
        await problemsIn(page, 'export menu', problems);
        await page.keyboard.press('Escape');
        if (viewport.width < 600) {
          await page.getByRole('button', { name: 'Toggle navigation' }).click();
          await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
          await problemsIn(page, 'navigation drawer', problems);
        }
      } finally {
        await context.close();
      }
      assert.equal(problems.length, 0, `${problems.length} violations:\n${problems.join('\n')}`);
    });
  }

  it('an Administrator at 1280x720 and 375x812: account menu, an editor dialog, the print dialog', async () => {
    const problems: string[] = [];
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 375, height: 812 },
    ]) {
      const context = await browser.newContext({ viewport, baseURL: BASE_URL, bypassCSP: true });
      const page = await context.newPage();
      const at = `${viewport.width}x${viewport.height}`;
      try {
        await signInFromLanding(page, 'admin@demo.local');
        await acceptDisclaimer(page);
        await page.getByRole('button', { name: /^Account menu/ }).click();
        await page.getByRole('menu').waitFor();
        await problemsIn(page, `${at} account menu`, problems);
        await page.keyboard.press('Escape');
        await page.getByRole('group', { name: 'Export map' }).getByRole('button', { name: 'Print PDF' }).click();
        await page.getByRole('dialog', { name: 'Print PDF' }).waitFor();
        await problemsIn(page, `${at} print dialog`, problems);
        await page.getByRole('dialog', { name: 'Print PDF' }).getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('dialog', { name: 'Print PDF' }).waitFor({ state: 'hidden' });
        await clickSidebar(page, 'Alerts Management', ROUTES.ALERTS_MANAGEMENT);
        await page.getByTestId('alert-row').first().waitFor();
        await page.getByRole('button', { name: 'New Alert' }).click();
        await page.getByRole('dialog').getByRole('heading', { name: 'New Alert' }).waitFor();
        await problemsIn(page, `${at} New Alert dialog`, problems);
        await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
        await page.getByRole('dialog').getByText('*Required field').first().waitFor();
        await problemsIn(page, `${at} New Alert dialog with its messages`, problems);
      } finally {
        await context.close();
      }
    }
    assert.equal(problems.length, 0, `${problems.length} violations:\n${problems.join('\n')}`);
  });
});
