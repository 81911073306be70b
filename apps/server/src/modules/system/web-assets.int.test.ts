import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';

describe('web app assets', () => {
  let t: TestDatabase;
  let app: App;
  let dist: string;
  const script = `console.log(${JSON.stringify('water '.repeat(2000))});`;

  beforeAll(async () => {
    t = await createTestDatabase();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const file = path.join(dist, 'assets', 'index-Ab12Cd34.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', BASEMAPS: 'offline' }), db: t.db, logger: false, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the prebuilt brotli file of a hashed asset, cached for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, never cached as immutable', async () => {
    const res = await app.inject({ url: '/facility-pages/3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });
});

describe("a lazily loaded route's code asked for with the HTML", () => {
  let t: TestDatabase;
  let app: App;
  let dist: string;
  const manifest = {
    'index.html': { file: 'assets/index-A1.js', isEntry: true, imports: ['_Box-B2.js'] },
    '_Box-B2.js': { file: 'assets/Box-B2.js' },
    '_maplibre-C3.js': { file: 'assets/maplibre-C3.js', imports: ['_Box-B2.js'], css: ['assets/maplibre-C3.css'] },
    'src/app/routes/public-map-page.tsx': {
      file: 'assets/public-map-page-D4.js',
      isDynamicEntry: true,
      imports: ['index.html', '_Box-B2.js', '_maplibre-C3.js'],
      dynamicImports: ['src/print.ts'],
    },
    'src/print.ts': { file: 'assets/print-E5.js', isDynamicEntry: true },
    'src/app/routes/landing-page.tsx': { file: 'assets/landing-page-F6.js', isDynamicEntry: true, imports: ['index.html', '_Box-B2.js'] },
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', BASEMAPS: 'offline' }), db: t.db, logger: false, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((m) => m[0]);

  it("gives /map the page's chunks the shell does not bring, its stylesheet and the basemap list, in the head", async () => {
    for (const url of ['/map', '/map?location=3&graph=flow']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(links(head)).toEqual([
        '<link rel="preload" as="fetch" crossorigin href="/api/public-map/basemaps">',
        '<link rel="modulepreload" crossorigin href="/assets/public-map-page-D4.js">',
        '<link rel="modulepreload" crossorigin href="/assets/maplibre-C3.js">',
        '<link rel="preload" as="style" href="/assets/maplibre-C3.css">',
      ]);
    }
  });

  it('gives the landing page its own chunk, which the shell does not bring', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(links(res.body.slice(0, res.body.indexOf('</head>')))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/landing-page-F6.js">',
    ]);
  });

  it('gives every other route no hints, and never serves the build manifest', async () => {
    for (const url of ['/reports', '/mapping', '/.vite/manifest.json']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(links(res.body)).toEqual([]);
    }
  });

  const configBlock = (html: string) =>
    /<script type="application\/json" id="client-config">(.*?)<\/script>/.exec(html.slice(0, html.indexOf('</head>')))?.[1];

  it('carries the client configuration in every page, the same as GET /api/config answers', async () => {
    const config = (await app.inject({ url: '/api/config' })).json();
    for (const url of ['/', '/map', '/reports', '/facility-pages/3']) {
      const block = configBlock((await app.inject({ url })).body);
      expect(block).toBeDefined();
      expect(JSON.parse(block ?? '')).toEqual(config);
    }
    // The silent token renew's hidden iframe runs none of the app: it gets neither hints nor configuration.
    const silent = (await app.inject({ url: '/auth/silent-callback' })).body;
    expect(links(silent)).toEqual([]);
    expect(configBlock(silent)).toBeUndefined();
  });
});
