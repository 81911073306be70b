import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../lib/browser';

const PAGES = [
  { title: 'Western Mutual Ditch', snapshot: 'Flows at Diversion Dam', path: '/river-photos/western' },
  { title: 'Empire Ditch', snapshot: 'Flows at Diversion Dam', path: '/river-photos/empire' },
  { title: 'Riverside Canal at Dam', snapshot: 'Flows at Diversion Dam', path: '/river-photos/riverside-dam' },
  { title: 'Riverside Canal at Sand Gate', snapshot: 'Flows at Sand Gate', path: '/river-photos/riverside-sand-gate' },
] as const;

const TAKEN = /^Taken \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM)$/;

/** Waits until the snapshot (or the full-size copy) is decoded, and answers its natural size. */
async function decodedSize(page: Page, alt: string): Promise<{ width: number; height: number }> {
  const img = page.getByRole('img', { name: alt, exact: true });
  await img.waitFor();
  await page.waitForFunction((name) => {
    const el = [...document.querySelectorAll('img')].find((i) => i.alt === name);
    return Boolean(el && el.complete && el.naturalWidth > 0);
  }, alt);
  return img.evaluate((el: HTMLImageElement) => ({ width: el.naturalWidth, height: el.naturalHeight }));
}

async function checkPage(page: Page, p: (typeof PAGES)[number]): Promise<void> {
  await page.waitForURL((u) => u.pathname === p.path);
  await page.getByRole('heading', { level: 1, name: p.title, exact: true }).waitFor();
  await page.getByRole('heading', { level: 2, name: p.snapshot, exact: true }).waitFor();
  // The demo cameras answer 640x360 JPEGs.
  assert.deepEqual(await decodedSize(page, `${p.title}: ${p.snapshot}`), { width: 640, height: 360 });
  assert.match((await page.getByText(/^Taken /).textContent()) ?? '', TAKEN);
}

async function openAndCloseFullSize(page: Page, p: (typeof PAGES)[number], shot?: string): Promise<void> {
  await page.getByRole('button', { name: `Open ${p.snapshot} at full size` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  assert.equal((await decodedSize(page, `${p.title}: ${p.snapshot}, full size`)).width, 640);
  if (shot) {
    // The dialog fades in; the picture is taken once it is fully shown.
    await page.waitForFunction(() => {
      const paper = document.querySelector('[role="dialog"]');
      return Boolean(paper?.parentElement && getComputedStyle(paper.parentElement).opacity === '1');
    });
    await screenshot(page, shot);
  }
  await dialog.getByRole('img').click();
  await dialog.waitFor({ state: 'detached' });
}

/** A stand-in camera on 127.0.0.1 that always answers `status`, counting the requests it gets. */
async function failingCamera(status: number): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end('camera failure');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/snapshot.jpg`, hits: () => hits, close: () => new Promise((r) => server.close(() => r())) };
}

describe('river photo pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser.close();
  });

  it('lets an anonymous visitor open all four cameras from the sidebar and each snapshot at full size', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/river-photos/riverside-sand-gate');
    await checkPage(page, PAGES[3]);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const p of PAGES) {
      await nav.getByRole('link', { name: p.title, exact: true }).click();
      await checkPage(page, p);
      await openAndCloseFullSize(page, p, p === PAGES[0] ? 'river-photos-modal-desktop' : undefined);
    }
    await screenshot(page, 'river-photos-desktop');
    // Refresh asks the camera again and shows the new snapshot.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/river-photos'),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    assert.equal(answer.status(), 200);
    assert.equal(answer.headers()['content-type'], 'image/jpeg');
    await checkPage(page, PAGES[3]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/river-photos/western');
    await checkPage(page, PAGES[0]);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Empire Ditch', exact: true }).click();
    await checkPage(page, PAGES[1]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no sideways scrolling');
    await screenshot(page, 'river-photos-phone');
    await openAndCloseFullSize(page, PAGES[1], 'river-photos-modal-phone');
    await context.close();
  });

  it('says the camera did not answer (503, no retry) or asks to call the administrator (other failures, one retry)', async () => {
    const databaseUrl = process.env.E2E_DATABASE_URL;
    assert.ok(databaseUrl, 'E2E_DATABASE_URL is set by e2e/run.ts');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ snapshot_url: string }>(`select snapshot_url from camera where slug = 'empire'`);
    const original = rows[0].snapshot_url;
    const busy = await failingCamera(503);
    const broken = await failingCamera(500);
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await db.query(`update camera set snapshot_url = $1 where slug = 'empire'`, [busy.url]);
      await page.goto('/river-photos/empire');
      await page.getByRole('alert').getByText('No response received from the camera.', { exact: true }).waitFor();
      assert.equal(await page.getByText('Please contact the administrator.').count(), 0);
      assert.equal(busy.hits(), 1, 'a 503 is not retried');
      await screenshot(page, 'river-photos-no-response');

      await db.query(`update camera set snapshot_url = $1 where slug = 'empire'`, [broken.url]);
      await page.reload();
      const alert = page.getByRole('alert');
      await alert.getByText('Something did not work as expected.', { exact: true }).waitFor();
      await alert.getByText('Please contact the administrator.', { exact: true }).waitFor();
      assert.equal(broken.hits(), 2, 'other failures are retried once');
      await screenshot(page, 'river-photos-error');
    } finally {
      await db.query(`update camera set snapshot_url = $1 where slug = 'empire'`, [original]);
      await db.end();
      await context.close();
      await busy.close();
      await broken.close();
    }
  });
});
