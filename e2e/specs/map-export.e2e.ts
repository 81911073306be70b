import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../lib/browser';
import { MAP, waitForMap } from '../lib/map';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/**
 * Map export on the offline basemap: 'Save PNG' downloads map.png of the view;
 * 'Print PDF' asks for a title and downloads an A4 landscape PDF, then clears the title and closes.
 */
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve('e2e/screenshots');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function openMap(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/map');
  const dialog = page.getByRole('dialog', { name: 'Disclaimer' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitForMap(page, 'visible-layers', (v) => v.includes('public-locations-circle'));
  await waitForMap(page, 'rendered-locations', (v) => Number(v) > 0);
  return page;
}

/** Only for clear screenshots: MUI menus and dialogs fade in. */
async function fadedIn(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((sel) => {
    const paper = document.querySelector(sel)?.closest('.MuiPaper-root');
    return paper ? getComputedStyle(paper).opacity === '1' && getComputedStyle(paper.parentElement!).opacity === '1' : false;
  }, selector);
}

/** Width and height from the IHDR chunk, which must follow the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE, 'PNG signature');
  assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Distinct colours among a grid of sampled pixels, decoded by the browser itself. */
async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(
    async (dataUrl) => {
      const img = new Image();
      img.src = dataUrl;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const colours = new Set<string>();
      for (let y = 0; y < canvas.height; y += 7) {
        for (let x = 0; x < canvas.width; x += 7) colours.add(ctx.getImageData(x, y, 1, 1).data.join(','));
      }
      return colours.size;
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

const feetOf = (label: string) => {
  const [, amount, unit] = /^([\d.]+)\s(mi|ft)$/.exec(label.trim()) ?? [];
  assert.ok(amount, `an imperial scale label: ${label}`);
  return Number(amount) * (unit === 'mi' ? 5280 : 1);
};

/** MapLibre's own imperial scale control: ground feet across the whole map width. */
async function onScreenScale(page: Page): Promise<{ label: string; feetPerMapWidth: number }> {
  const { label, barWidth, mapWidth } = await page.locator(MAP).evaluate((el) => {
    const bar = el.querySelector<HTMLElement>('.maplibregl-ctrl-scale')!;
    return { label: bar.textContent ?? '', barWidth: bar.getBoundingClientRect().width, mapWidth: el.querySelector('canvas')!.clientWidth };
  });
  return { label, feetPerMapWidth: (feetOf(label) * mapWidth) / barWidth };
}

/** The PDF's scale bar (the first horizontal line drawn) and map image width, from the page content. */
function printedScale(text: string): { label: string; feetPerMapWidth: number } {
  const image = /([\d.]+) 0 0 [\d.]+ [\d.]+ [\d.]+ cm\n\/I0 Do/.exec(text);
  const line = /([\d.]+) ([\d.]+) m\n([\d.]+) \2 l\nS/.exec(text);
  const label = /\((\d+(?:\.\d+)? (?:mi|ft))\) Tj/.exec(text);
  assert.ok(image && line && label, 'the PDF has a map image and a labelled scale bar');
  const barLength = Number(line[3]) - Number(line[1]);
  return { label: label[1], feetPerMapWidth: (feetOf(label[1]) * Number(image[1])) / barLength };
}

function denverToday(): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_DISTRICT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

function hasPdftoppm(): boolean {
  try {
    execFileSync('which', ['pdftoppm'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('map export', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await openMap(context);
  });
  after(async () => {
    await context.close();
    await browser.close();
  });

  it('offers Print PDF and Save PNG in the top bar split button', async () => {
    const group = page.getByRole('group', { name: 'Export map' });
    await group.getByRole('button', { name: 'Print PDF' }).waitFor();
    await group.getByRole('button', { name: 'More export options' }).click();
    await page.getByRole('menuitem', { name: 'Save PNG' }).waitFor();
    await fadedIn(page, '[role="menu"]');
    const items = await page.getByRole('menuitem').allTextContents();
    assert.deepEqual(items, ['Print PDF', 'Save PNG']);
    await screenshot(page, 'map-export-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
  });

  it('Save PNG downloads map.png of the current view', async () => {
    await page.getByRole('button', { name: 'More export options' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Save PNG' }).click();
    const download = await downloading;
    assert.equal(download.suggestedFilename(), 'map.png');
    const png = fs.readFileSync((await download.path())!);
    const size = pngSize(png);
    const canvas = await page.locator(`${MAP} canvas`).evaluate((c: HTMLCanvasElement) => ({ width: c.width, height: c.height }));
    assert.deepEqual(size, canvas, 'the PNG is the map canvas');
    assert.ok(png.length > 20_000, `a real map picture, not an empty one (${png.length} bytes)`);
    // A blank (cleared) WebGL buffer decodes to a single colour; a map has basemap and symbol colours.
    const colours = await distinctColours(page, png);
    assert.ok(colours > 20, `the picture shows the map (${colours} colours sampled)`);
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, 'map-export-saved.png'), png);
  });

  it('Print PDF downloads an A4 landscape PDF with the title, then clears the title and closes', async () => {
    const screenScale = await onScreenScale(page);
    await page.getByRole('group', { name: 'Export map' }).getByRole('button', { name: 'Print PDF' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print PDF' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill('Wells near Greeley');
    await fadedIn(page, '[role="dialog"]');
    await screenshot(page, 'map-export-print-dialog');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /\.pdf$/);
    assert.equal(download.suggestedFilename(), 'Wells near Greeley.pdf');
    const file = (await download.path())!;
    const pdf = fs.readFileSync(file);
    assert.equal(pdf.subarray(0, 5).toString('ascii'), '%PDF-');
    const text = pdf.toString('latin1');
    // A4 landscape in points: 841.89 x 595.28.
    const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
    assert.ok(box, 'a page size');
    assert.deepEqual([Number(box[1]).toFixed(2), Number(box[2]).toFixed(2)], ['841.89', '595.28']);
    assert.match(text, /\(Wells near Greeley\) Tj/);
    assert.ok(text.includes(`(${denverToday()}) Tj`), `the date ${denverToday()} is printed`);
    assert.match(text, /\(Legend\) Tj/);
    // The printed bar shows the map's scale: the on-screen bar's ground distance per map width.
    const printed = printedScale(text);
    const ratio = printed.feetPerMapWidth / screenScale.feetPerMapWidth;
    assert.ok(Math.abs(ratio - 1) < 0.02, `printed ${printed.label} vs on screen ${screenScale.label}: ratio ${ratio.toFixed(4)}`);
    assert.match(text, /\/Subtype \/Image\n\/Width 1000\n/, 'the map image at the print scale width');
    assert.ok(pdf.length < 2_000_000, `the map image is compressed (${pdf.length} bytes)`);
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('group', { name: 'Export map' }).getByRole('button', { name: 'Print PDF' }).click();
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel('Title').inputValue(), '', 'the title was cleared');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, 'map-export.pdf'));
    if (!hasPdftoppm()) {
      console.log('NOTICE: pdftoppm is not installed; the PDF was not converted to PNG for viewing.');
      return;
    }
    execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', file, path.join(SHOTS, 'map-export-pdf')]);
    const page1 = fs.readFileSync(path.join(SHOTS, 'map-export-pdf.png'));
    const { width, height } = pngSize(page1);
    assert.ok(width > height, `the page is landscape (${width} x ${height})`);
  });
});
