import { chromium } from 'playwright-core';
const BASE = process.env.BASE!;
const [email, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const vp of [{ width: 375, height: 740 }, { width: 1280, height: 720 }, { width: 1440, height: 900 }]) {
  const ctx = await browser.newContext({ viewport: vp, baseURL: BASE });
  const page = await ctx.newPage();
  if (email !== 'anon') {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in to Dashboard' }).first().click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo-water-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth/callback'));
  }
  for (const p of paths) {
    await page.goto(p);
    await page.waitForTimeout(2500);
    const accept = page.getByRole('button', { name: 'Accept' });
    if (await accept.count()) { await accept.first().click().catch(() => {}); await page.waitForTimeout(800); }
    const name = `/tmp/shots/${p.replace(/[^a-z0-9]+/gi, '_')}-${vp.width}.png`;
    const over = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    await page.screenshot({ path: name });
    console.log(name, 'overflow', over);
  }
  await ctx.close();
}
await browser.close();
