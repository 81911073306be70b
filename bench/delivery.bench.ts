import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { launchBrowser } from '../e2e/lib/browser';
import { benchDatabase, report } from './lib';
import { recordFigure } from './results';
import { freePort } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');

/**
 * First-load bytes of JavaScript per page, as a visitor's browser receives them (encoded bytes on
 * the wire, cold cache), against the baseline of MapLibre alone (its own build, brotli-compressed
 * the same way), since a map page cannot weigh less than its map library.
 */
export async function benchDelivery(
  // Each page with what shows it has rendered (its lazily loaded chunks are in by then).
  pages: Array<[string, string, boolean]> = [
    ['/', 'text=A System for Real-time Data Collection', false],
    ['/map', '#public-map', true],
  ],
): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  const db = await benchDatabase();
  // The app builds its links (the basemap style's data URLs among them) from PUBLIC_URL: it must be the address it listens on.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await buildApp({
    config: loadConfig({ PORT: String(port), PUBLIC_URL: origin, LOG_LEVEL: 'silent', BASEMAPS: 'offline' }),
    db: db.db,
    logger: false,
    webDist,
  });
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const browser = await launchBrowser();
    const rows: Array<[string, string]> = [];
    const maplibre = ['maplibre-gl.mjs', 'maplibre-gl-worker.mjs']
      .map((f) => zlib.brotliCompressSync(fs.readFileSync(path.join(root, 'node_modules/maplibre-gl/dist', f))).length)
      .reduce((a, b) => a + b, 0);
    rows.push(['baseline: MapLibre alone (library + worker, brotli)', kb(maplibre)]);
    const baseline = `MapLibre alone (library + worker, brotli): ${kb(maplibre)}`;
    try {
      // MapLibre's worker script is fetched by a dedicated worker, which page events do not see:
      // a map page adds its file as served (brotli).
      const workerFile = fs.readdirSync(path.join(webDist, 'assets')).find((f) => /^maplibre-gl-worker-.*\.mjs$/.test(f));
      const workerBytes = workerFile ? servedSize(path.join(webDist, 'assets', workerFile)) : 0;
      for (const [page, ready, mapWorker] of pages) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        const scripts: Promise<[string, number]>[] = [];
        let all = 0;
        tab.on('requestfinished', (request) => {
          const sizes = request.sizes().then((s) => s.responseBodySize);
          const file = new URL(request.url()).pathname;
          if (/\.m?js(\?|$)/.test(file)) scripts.push(sizes.then((n) => [file.split('/').pop() ?? file, n]));
          void sizes.then((n) => (all += n));
        });
        await tab.goto(`${origin}${page}`);
        await tab.locator(ready).first().waitFor({ timeout: 60_000 });
        await tab.waitForLoadState('networkidle');
        const files = await Promise.all(scripts);
        const js = files.reduce((a, [, n]) => a + n, 0) + (mapWorker ? workerBytes : 0);
        if (mapWorker) all += workerBytes;
        const target = page === '/map' ? ' (target <= 1.5x MapLibre alone)' : '';
        rows.push([`${page}: JavaScript${target}`, `${kb(js)}  (${(js / maplibre).toFixed(2)}x MapLibre alone)`]);
        rows.push([`${page}: every response`, kb(all)]);
        // What the first load brings, heaviest first: where a diet starts.
        for (const [file, n] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 12)) rows.push([`  ${file}`, kb(n)]);
        const isMap = page === '/map';
        recordFigure({
          bench: 'delivery',
          what: `${page}: first-load JavaScript on the wire (cold cache, compressed)`,
          value: kb(js),
          baseline,
          ratio: js / maplibre,
          ...(isMap ? { target: '≤ 1.5x MapLibre alone', met: js / maplibre <= 1.5 } : {}),
        });
        recordFigure({ bench: 'delivery', what: `${page}: every response on first load`, value: kb(all) });
        await context.close();
      }
    } finally {
      await browser.close();
    }
    report('delivery: first-load bytes on the wire per page (cold cache, compressed as served)', rows);
  } finally {
    await app.close();
    await db.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Bytes the server sends for an asset to a browser that accepts brotli. */
function servedSize(file: string): number {
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}
