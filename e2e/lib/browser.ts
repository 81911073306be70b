import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
export const PASSWORD = process.env.E2E_PASSWORD ?? 'demo-water-2026';
const SHOTS = process.env.E2E_SCREENSHOTS ?? path.resolve('e2e/screenshots');

/** Debian Chromium, launched with no network chatter and MapLibre drawing through SwiftShader. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}

export async function newContext(browser: Browser, viewport = { width: 1366, height: 850 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: BASE_URL });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Signs in through the embedded IdP's own login page, starting from the landing page. */
export async function signInFromLanding(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in to Dashboard' }).first().click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
}
