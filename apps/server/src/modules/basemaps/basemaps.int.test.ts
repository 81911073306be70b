import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basemapListSchema, type Basemap } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { writeMapData } from '../../seed/map-layers';

let h: TestApp;
let list: Basemap[];
let origin = '';

beforeAll(async () => {
  h = await createTestApp(); // BASEMAPS=offline, as in every test
  origin = h.config.publicUrl;
  await writeMapData(h.t.db, 4027, new Date(Date.UTC(2026, 4, 20)));
  list = basemapListSchema.parse((await h.app.inject({ url: '/api/public-map/basemaps' })).json());
});
afterAll(async () => h?.close());

const get = (url: string) => h.app.inject({ url: url.replace(origin, '') });

describe('basemaps (offline)', () => {
  it('lists the five basemaps in panel order, all served by this server', () => {
    expect(list.map((b) => b.name)).toEqual(['Outdoors', 'Satellite', 'Streets', 'Light', 'Dark']);
    for (const b of list) {
      expect(b.offline).toBe(true);
      expect(b.style.startsWith(`${origin}/api/basemaps/`)).toBe(true);
      expect(b.previewUrl.startsWith(`${origin}/api/basemaps/previews/`)).toBe(true);
    }
  });

  it('builds every absolute URL from PUBLIC_URL, never from the Host header a client sends', async () => {
    const headers = { host: 'evil.example:8443' };
    const answers = [
      await h.app.inject({ url: '/api/public-map/basemaps', headers }),
      ...(await Promise.all(list.map((b) => h.app.inject({ url: b.style.replace(origin, ''), headers })))),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('evil.example');
      expect(res.body).toContain(`${origin}/api/basemaps/`);
    }
  });

  it('builds a valid style per basemap with local sources and glyphs, each in its own colours', async () => {
    const backgrounds = new Set<string>();
    for (const b of list) {
      const res = await get(b.style);
      expect(res.statusCode, b.name).toBe(200);
      const style = res.json() as {
        version: number;
        glyphs: string;
        sources: Record<string, { type: string; data: string }>;
        layers: { id: string; type: string; source?: string; paint?: Record<string, string> }[];
      };
      expect(style.version).toBe(8);
      expect(style.glyphs).toBe(`${origin}/api/basemaps/glyphs/{fontstack}/{range}.pbf`);
      for (const [id, src] of Object.entries(style.sources)) {
        expect(src.type, id).toBe('geojson');
        expect(src.data.startsWith(`${origin}/api/basemaps/data/`), id).toBe(true);
        expect((await get(src.data)).statusCode, src.data).toBe(200);
      }
      for (const l of style.layers) if (l.source) expect(Object.keys(style.sources)).toContain(l.source);
      expect(style.layers.some((l) => l.type === 'symbol')).toBe(true);
      backgrounds.add(style.layers.find((l) => l.type === 'background')!.paint!['background-color']);
    }
    expect(backgrounds.size).toBe(5);
    expect(JSON.stringify(list)).not.toMatch(/openfreemap|nationalmap/);
  });

  it('serves the bundled data: all states, the 64 Colorado counties and their labels', async () => {
    const states = (await get('/api/basemaps/data/states.geojson')).json();
    const counties = (await get('/api/basemaps/data/counties.geojson')).json();
    const labels = (await get('/api/basemaps/data/labels.geojson')).json();
    expect(states.features.length).toBeGreaterThanOrEqual(50);
    expect(counties.features).toHaveLength(64);
    const weld = labels.features.find(
      (f: { properties: { name: string; kind: string } }) => f.properties.name === 'Weld' && f.properties.kind === 'county',
    );
    const [lon, lat] = weld.geometry.coordinates;
    expect(lon).toBeGreaterThan(-105.1);
    expect(lon).toBeLessThan(-103.7);
    expect(lat).toBeGreaterThan(40);
    expect(lat).toBeLessThan(41);
    expect((await get('/api/basemaps/data/world.geojson')).statusCode).toBe(400);
  });

  it('serves glyph ranges as protobuf and rejects malformed ranges', async () => {
    const res = await get('/api/basemaps/glyphs/Open%20Sans%20Regular/0-255.pbf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    for (const bad of ['0-254.pbf', '1-256.pbf', '65536-65791.pbf', 'abc.pbf', '0-255.png']) {
      const r = await get(`/api/basemaps/glyphs/Open%20Sans%20Regular/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toMatch(/range/);
    }
  });

  it('draws five different SVG previews and 404s an unknown basemap style', async () => {
    const previews = new Set<string>();
    for (const b of list) {
      const res = await get(b.previewUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain(b.name);
      previews.add(res.body);
    }
    expect(previews.size).toBe(5);
    expect((await get('/api/basemaps/previews/..%2Fetc.svg')).statusCode).toBe(400);
    expect((await get('/api/basemaps/999/style.json')).statusCode).toBe(404);
  });
});

describe('basemaps (online)', () => {
  it('keeps the configured services and wraps raster tiles in a style with local glyphs', async () => {
    const online = await createTestApp({ BASEMAPS: 'online' });
    try {
      await writeMapData(online.t.db, 4027, new Date(Date.UTC(2026, 4, 20)));
      const rows = basemapListSchema.parse((await online.app.inject({ url: '/api/public-map/basemaps' })).json());
      expect(rows.map((b) => b.name)).toEqual(['Outdoors', 'Satellite', 'Streets', 'Light', 'Dark']);
      expect(rows.find((b) => b.name === 'Streets')!.style).toBe('https://tiles.openfreemap.org/styles/liberty');
      const outdoors = rows.find((b) => b.name === 'Outdoors')!;
      const style = (await online.app.inject({ url: outdoors.style.replace(origin, '') })).json();
      expect(style.sources['basemap-raster'].tiles[0]).toContain('USGSTopo');
      expect(style.glyphs).toContain('/api/basemaps/glyphs/');
      // Each basemap names its bundled-data fallback, served by this server with no internet.
      for (const b of rows) {
        expect(b.fallbackStyle).toBe(`${origin}/api/basemaps/${b.id}/style.json?offline=true`);
        const fallback = await online.app.inject({ url: b.fallbackStyle.replace(origin, '') });
        expect(fallback.statusCode, b.name).toBe(200);
        const sources = Object.values((fallback.json() as { sources: Record<string, { type: string; data: string }> }).sources);
        expect(sources.length).toBeGreaterThan(0);
        for (const src of sources) expect(src.data.startsWith(`${origin}/api/basemaps/data/`), b.name).toBe(true);
      }
      expect((await online.app.inject({ url: `/api/basemaps/${outdoors.id}/style.json?offline=maybe` })).statusCode).toBe(400);
    } finally {
      await online.close();
    }
  });
});
