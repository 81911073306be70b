import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html?: string }>;
}

/** The longest axe waits for the page's transitions to end. */
const SETTLE_TIMEOUT_MS = 3000;

/**
 * What axe-core finds on the page once its running transitions have ended (a button's colour
 * changing as it is enabled, a menu growing in, a backdrop fading out): in the middle of one, text
 * reads as low contrast for a moment that no visitor sees. Endless
 * animations (progress bars) are not waited for. The page's context must bypass the Content
 * Security Policy: axe is injected as a script, which the portal's policy rightly refuses.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(async (timeout) => {
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(ending.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, SETTLE_TIMEOUT_MS);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html?.slice(0, 200) })),
    }));
  });
}
