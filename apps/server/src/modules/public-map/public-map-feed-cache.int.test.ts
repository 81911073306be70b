import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { get, h, locationNdxOf, popupOf, staff, type Feature, useDemoDistrictApp } from './public-map-fixture';

useDemoDistrictApp();

describe('feed freshness', () => {
  it('shows an edit to a location or facility on the next request (the cached feed is invalidated)', async () => {
    const names = async (url: string, token?: string) => {
      const body = (await get(url, token)).json();
      const features = (Array.isArray(body) ? body.find((s: { id: string }) => s.id === 'public-locations').data : body.data)
        .features as Feature[];
      return new Map(features.map((f) => [f.properties.location_id, f.properties]));
    };
    await names('/api/public-map/united', staff); // warm the cache
    await names('/api/public-map/sources');
    await h.t.db.updateTable('location').set({ location_name: 'Renamed Gauge' }).where('location_id', '=', 'SPR-GAGE-02').execute();
    expect((await names('/api/public-map/united', staff)).get('SPR-GAGE-02')!.location_name).toBe('Renamed Gauge');
    expect((await names('/api/public-map/sources')).get('SPR-GAGE-02')!.location_name).toBe('Renamed Gauge');
    const fac = await sql<{ facility_ndx: number }>`
      select facility_ndx from facility_location fl join location l using (location_ndx) where l.location_id = 'SPR-GAGE-02' limit 1`.execute(
      h.t.db,
    );
    await h.t.db
      .updateTable('facility')
      .set({ facility_name: 'Renamed Facility' })
      .where('facility_ndx', '=', fac.rows[0].facility_ndx)
      .execute();
    expect((await popupOf(`/api/public-map/united/${await locationNdxOf('SPR-GAGE-02')}`, staff)).facility_names).toContain(
      'Renamed Facility',
    );
    await h.t.db.updateTable('location').set({ exclude_from_map: true }).where('location_id', '=', 'SPR-GAGE-02').execute();
    expect((await names('/api/public-map/united', staff)).has('SPR-GAGE-02')).toBe(false);
    // Its popup goes with it: off the map is not found.
    expect((await get(`/api/public-map/united/${await locationNdxOf('SPR-GAGE-02')}`, staff)).statusCode).toBe(404);
  });

  it('moves with a change to the layers too (map_layer is a feed table since migration 0150)', async () => {
    const before = (await get('/api/public-map/layers')).json() as { id: string; name: string }[];
    await h.t.db.updateTable('map_layer').set({ name: 'Renamed Calls' }).where('map_layer_id', '=', 'rivercalls').execute();
    const after = (await get('/api/public-map/layers')).json() as { id: string; name: string }[];
    expect(before.find((l) => l.id === 'rivercalls')!.name).not.toBe('Renamed Calls');
    expect(after.find((l) => l.id === 'rivercalls')!.name).toBe('Renamed Calls');
  });
});

describe('cached feed bodies', () => {
  it('sends stored gzip and brotli bodies and answers 304 to a matching If-None-Match', async () => {
    const plain = await get('/api/public-map/sources');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await get('/api/public-map/sources', undefined, { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const br = await get('/api/public-map/sources', undefined, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(etag);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/);

    const again = await get('/api/public-map/sources', undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/public-map/sources', undefined, { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const united = await get('/api/public-map/united', staff);
    const unchanged = await get('/api/public-map/united', staff, { 'if-none-match': united.headers.etag as string });
    expect(unchanged.statusCode).toBe(304);
    // A 304 is still behind the guard.
    expect((await get('/api/public-map/united', undefined, { 'if-none-match': united.headers.etag as string })).statusCode).toBe(401);
  });
});
