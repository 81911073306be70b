import assert from 'node:assert/strict';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { newContext, screenshot } from './browser';
import { districtWallClock } from './wall-clock';

/** Helpers of the stored-text spec: the district's wall clock, the database, and pages watched for anything a payload would run. */

const DATABASE_URL = process.env.E2E_DATABASE_URL;

export const MIN = 60_000;

/** 'YYYY-MM-DD,HH:mm:ss' of an instant on the district's wall clock: a logger file's date and time columns. */
export function wallClock(at: Date): string {
  const { date, time } = districtWallClock(at);
  return `${date},${time}`;
}

export async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function one(text: string, values: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: number }>(text, values);
  assert.ok(row, `no row for: ${text}`);
  return row.n;
}

/** A page that records every dialog (alert, confirm, prompt) it is shown, and dismisses it. */
export interface WatchedPage {
  page: Page;
  dialogs: string[];
  /** What a table's search box is given to find the spec's own rows. */
  search: string;
}

export async function watchedPage(browser: Browser, search: string): Promise<WatchedPage> {
  const context = await newContext(browser, { width: 1440, height: 900 });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return { page, dialogs, search };
}

/** The page's visible text plus what its form fields show. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const fields = [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value);
    return `${document.body.innerText}\n${fields.join('\n')}`;
  });
}

/** Narrows the page's table to this run's rows with its search box, when it has one. */
async function searchForRun(page: Page, search: string): Promise<void> {
  const box = page.getByPlaceholder(/^Search/).first();
  if (!(await box.isVisible())) {
    const toggle = page.getByRole('button', { name: /^Show\/Hide search/ }).first();
    if (await toggle.isVisible()) await toggle.click();
  }
  if (await box.isVisible()) await box.fill(search);
}

/**
 * Waits until every text is shown on the page as text (narrowing a long table to this run's rows
 * when they are not on its first page), then checks nothing ran.
 */
export async function expectShownAsText(w: WatchedPage, where: string, texts: string[]): Promise<void> {
  const started = Date.now();
  let searched = false;
  let missing = texts;
  while (Date.now() - started < 30_000) {
    const shown = await shownText(w.page);
    missing = texts.filter((t) => !shown.includes(t));
    if (!missing.length) break;
    if (!searched && Date.now() - started > 3_000) {
      searched = true;
      await searchForRun(w.page, w.search);
    }
    await w.page.waitForTimeout(250);
  }
  if (missing.length) await screenshot(w.page, `stored-text-missing-${where.replace(/[^a-z0-9]+/gi, '-')}`);
  assert.deepEqual(missing, [], `${where}: the stored text is shown as text`);
  // Give an injected element's load or error handler the time to run.
  await w.page.waitForTimeout(300);
  assert.equal(await w.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), undefined, `${where}: no stored script ran`);
  assert.equal(await w.page.locator('img[src="x"], svg[onload]').count(), 0, `${where}: no stored element was made`);
  assert.deepEqual(w.dialogs, [], `${where}: no dialog opened`);
}

export async function visit(w: WatchedPage, url: string, texts: string[]): Promise<void> {
  await w.page.goto(url);
  await expectShownAsText(w, url, texts);
}

/** Opens the editor of the row that shows `rowText`, and checks what the editor shows. */
export async function openRow(w: WatchedPage, where: string, rowText: string, texts: string[]): Promise<void> {
  await w.page.getByText(rowText, { exact: true }).first().click();
  await expectShownAsText(w, `${where} (editor)`, texts);
}
