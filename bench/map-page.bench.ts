import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { writeMapData } from '../apps/server/src/seed/map-layers';
import { launchBrowser } from '../e2e/lib/browser';
import { seedLocations } from './map-feed.bench';
import { benchDatabase, report } from './lib';
import { recordFigure } from './results';
import { freePort } from './server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const maplibreDist = path.join(root, 'node_modules/maplibre-gl/dist');

/**
 * First-idle time of /map (MapLibre's first 'idle' after our layers are on the map) with
 * 10,000 public locations in Chromium, against a bare MapLibre page given the same style, the
 * same GeoJSON (the bytes of GET /api/public-map/sources) and the same layer specifications,
 * with none of the app around it. Both are timed from navigation start, alternately, each in a
 * fresh browser context (cold HTTP cache). The page publishes its time as data-first-idle-ms.
 */
export async function benchMapPage(
  locations = Number(process.env.BENCH_MAP_LOCATIONS ?? 10_000),
  runs = Number(process.env.BENCH_MAP_RUNS ?? 5),
): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  const db = await benchDatabase();
  let appServer: Awaited<ReturnType<typeof buildApp>> | undefined;
  let bare: http.Server | undefined;
  try {
    await seedLocations(db.db, locations);
    // Every location public: the anonymous map then draws all of them, as a district that publishes everything would.
    await sql`update location set is_public = true`.execute(db.db);
    await writeMapData(db.db, 1, new Date());

    // The app builds its links (the basemap style's data URLs among them) from PUBLIC_URL: it must be the address it listens on.
    const port = await freePort();
    const appOrigin = `http://127.0.0.1:${port}`;
    const config = loadConfig({ PORT: String(port), PUBLIC_URL: appOrigin, LOG_LEVEL: 'silent', BASEMAPS: 'offline' });
    appServer = await buildApp({ config, db: db.db, logger: false, webDist });
    await appServer.listen({ port, host: '127.0.0.1' });

    const sources = await (await fetch(`${appOrigin}/api/public-map/sources`)).text();
    const layers = ((await (await fetch(`${appOrigin}/api/public-map/layers`)).json()) as Array<Record<string, unknown>>).map(
      ({ name: _name, lreProperties: _lre, ...spec }) => spec,
    );
    const basemaps = (await (await fetch(`${appOrigin}/api/public-map/basemaps`)).json()) as Array<{ style: string }>;
    const stylePath = new URL(basemaps[0].style).pathname;
    const featureCount =
      (JSON.parse(sources) as Array<{ id: string; data: { features: unknown[] } }>).find((s) => s.id === 'public-locations')?.data.features
        .length ?? 0;

    bare = await startBarePage(appOrigin, sources, layers, stylePath);
    const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const browser = await launchBrowser();
    const app: number[] = [];
    const baseline: number[] = [];
    const appFeature: number[] = [];
    const baselineFeature: number[] = [];
    try {
      const firstIdle = async (url: string, selector: string) => {
        const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
        const page = await context.newPage();
        await page.goto(url);
        // A locator, not waitForFunction: the app's Content-Security-Policy forbids the eval a string predicate needs.
        const marked = page.locator(`${selector}[data-first-idle-ms]`);
        await marked.waitFor({ state: 'attached', timeout: 120_000 });
        const ms = Number(await marked.getAttribute('data-first-idle-ms'));
        // The first frame showing a feature, published with the first idle (absent if none was drawn before it).
        const feature = await marked.getAttribute('data-first-feature-ms');
        await context.close();
        return { idle: ms, feature: feature === null ? NaN : Number(feature) };
      };
      await firstIdle(`${bareOrigin}/`, 'body'); // warm-up: Chromium, SwiftShader shaders, the server's JIT
      await firstIdle(`${appOrigin}/map`, '#public-map');
      for (let i = 0; i < runs; i++) {
        const bareRun = await firstIdle(`${bareOrigin}/`, 'body');
        const appRun = await firstIdle(`${appOrigin}/map`, '#public-map');
        baseline.push(bareRun.idle);
        baselineFeature.push(bareRun.feature);
        app.push(appRun.idle);
        appFeature.push(appRun.feature);
      }
    } finally {
      await browser.close();
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    report(`map page: first idle of /map with ${featureCount.toLocaleString('en-US')} public locations in Chromium, median of ${runs}`, [
      ['bare MapLibre page, same style/GeoJSON/layers', `${median(baseline)} ms  (${baseline.join(', ')})`],
      ['/map (React, MUI, queries, overlay, labels)', `${median(app)} ms  (${app.join(', ')})`],
      ['ratio /map / bare (target <= 1.1)', (median(app) / median(baseline)).toFixed(2)],
      ['first feature drawn: bare MapLibre page', `${median(baselineFeature)} ms  (${baselineFeature.join(', ')})`],
      ['first feature drawn: /map', `${median(appFeature)} ms  (${appFeature.join(', ')})`],
      ['first feature drawn: ratio /map / bare', (median(appFeature) / median(baselineFeature)).toFixed(2)],
    ]);
    const ratio = median(app) / median(baseline);
    recordFigure({
      bench: 'map-page',
      what: `/map first idle in Chromium, ${featureCount.toLocaleString('en-US')} public locations, median of ${runs}`,
      value: `${median(app)} ms`,
      baseline: `bare MapLibre page, same style/GeoJSON/layers: ${median(baseline)} ms`,
      ratio,
      target: '≤ 1.1x bare MapLibre',
      met: ratio <= 1.1,
    });
    recordFigure({
      bench: 'map-page',
      what: `/map first feature drawn in Chromium, ${featureCount.toLocaleString('en-US')} public locations, median of ${runs}`,
      value: `${median(appFeature)} ms`,
      baseline: `bare MapLibre page, same style/GeoJSON/layers: ${median(baselineFeature)} ms`,
      ratio: median(appFeature) / median(baselineFeature),
    });
  } finally {
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await appServer?.close();
    await db.stop();
  }
}

/**
 * The baseline page: maplibre-gl's own dist build, the basemap style, then the sources and
 * layers added as soon as the style loads. Everything else is proxied to the app server; the
 * style's URLs (the app builds them from its PUBLIC_URL) are rewritten to point back here, so
 * every request stays same-origin as it does on the app's own page.
 */
function startBarePage(appOrigin: string, sources: string, layers: unknown[], stylePath: string): Promise<http.Server> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html,body,#map{margin:0;height:100%}</style></head><body><div id="map"></div><script type="module">
import * as maplibregl from '/maplibre/maplibre-gl.mjs';
maplibregl.setWorkerUrl('/maplibre/maplibre-gl-worker.mjs');
const map = new maplibregl.Map({ container: 'map', style: '${stylePath}', center: [-104.78, 40.27], zoom: 8.4 });
const layers = ${JSON.stringify(layers)};
map.on('load', async () => {
  const sources = await (await fetch('/bare/sources.json')).json();
  for (const s of sources) map.addSource(s.id, { type: 'geojson', data: s.data });
  for (const l of layers) if (map.getSource(l.source)) map.addLayer(l);
  const ids = layers.filter((l) => map.getLayer(l.id)).map((l) => l.id);
  const onRender = () => {
    const drawn = document.body.dataset.firstIdleMs === undefined && map.queryRenderedFeatures({ layers: ids }).length > 0;
    if (drawn) document.body.dataset.firstFeatureMs = String(Math.round(performance.now()));
    if (drawn || document.body.dataset.firstIdleMs !== undefined) map.off('render', onRender);
  };
  map.on('render', onRender);
  map.once('idle', () => { document.body.dataset.firstIdleMs = String(Math.round(performance.now())); });
});
</script></body></html>`;
  const files: Record<string, [string, string]> = {
    '/maplibre/maplibre-gl.mjs': [path.join(maplibreDist, 'maplibre-gl.mjs'), 'text/javascript'],
    '/maplibre/maplibre-gl-worker.mjs': [path.join(maplibreDist, 'maplibre-gl-worker.mjs'), 'text/javascript'],
    '/maplibre/maplibre-gl.css': [path.join(maplibreDist, 'maplibre-gl.css'), 'text/css'],
  };
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    if (url === '/bare/sources.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(sources);
    const file = files[url];
    if (file) return void res.writeHead(200, { 'content-type': file[1] }).end(fs.readFileSync(file[0]));
    // The style is asked for uncompressed, to be rewritten.
    const headers = url === stylePath ? { ...req.headers, 'accept-encoding': 'identity' } : { ...req.headers };
    const upstream = http.request(`${appOrigin}${req.url}`, { method: req.method, headers }, (answer) => {
      if (url !== stylePath) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return void answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const style = Buffer.concat(chunks).toString('utf8').replaceAll(appOrigin, `http://${req.headers.host}`);
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' }).end(style);
      });
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
