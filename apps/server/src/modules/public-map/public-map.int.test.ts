import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { leanLocationFeaturePropertiesSchema, publicMapFiltersSchema, publicMapLayerListSchema } from '@portal/contracts';
import { get, h, noRole, staff, type Feature, useDemoDistrictApp } from './public-map-fixture';

useDemoDistrictApp();

describe('GET /api/public-map/layers', () => {
  it('gives anonymous callers only public layers and never a permissions key', async () => {
    const res = await get('/api/public-map/layers');
    expect(res.statusCode).toBe(200);
    const layers = publicMapLayerListSchema.parse(res.json());
    const ids = layers.map((l) => l.id);
    expect(ids).toContain('public-locations-circle');
    expect(ids).toContain('rivercalls');
    expect(ids).not.toContain('united-locations-circle');
    expect(res.body).not.toContain('permissions');
    const orders = layers.map((l) => l.lreProperties.drawOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const calls = layers.find((l) => l.id === 'rivercalls')!;
    expect(calls).toMatchObject({
      name: 'River Calls',
      type: 'circle',
      source: 'rivercalls',
      lreProperties: { layerGroup: 'DWR Data', popup: { titleField: 'structure_name', excludeFields: [] } },
    });
  });

  it('adds the private united-locations layer for staff, still without permissions', async () => {
    const res = await get('/api/public-map/layers', staff);
    expect(res.body).not.toContain('permissions');
    expect(res.json().map((l: { id: string }) => l.id)).toContain('united-locations-circle');
    const noRoleIds = (await get('/api/public-map/layers', noRole)).json().map((l: { id: string }) => l.id);
    expect(noRoleIds).not.toContain('united-locations-circle');
  });

  it('answers 401 for a bad token instead of silently treating the caller as anonymous', async () => {
    expect((await get('/api/public-map/layers', 'not-a-jwt')).statusCode).toBe(401);
  });
});

describe('GET /api/public-map/sources', () => {
  it('builds public-locations from public, mapped locations and serves the stored DWR GeoJSON', async () => {
    const res = await get('/api/public-map/sources');
    expect(res.statusCode).toBe(200);
    const sources = res.json() as { id: string; data: { features: Feature[] } }[];
    const ids = sources.map((s) => s.id);
    expect(ids).not.toContain('united-locations');
    expect(ids).toEqual(expect.arrayContaining(['public-locations', 'rivercalls', 'diversion-points', 'dwr-water-districts']));
    const pub = sources.find((s) => s.id === 'public-locations')!.data.features;
    const expected = await sql<{ location_ndx: number }>`
      select location_ndx from location where is_public and not exclude_from_map and latitude is not null order by display_order`.execute(
      h.t.db,
    );
    expect(pub.map((f) => f.id)).toEqual(expected.rows.map((r) => r.location_ndx));
    const hidden = await sql<{ n: number }>`select count(*)::int as n from location where not is_public or exclude_from_map`.execute(
      h.t.db,
    );
    expect(hidden.rows[0].n).toBeGreaterThan(0);
    // Lean: only what the map draws, filters and searches (decision 0022).
    for (const f of pub) leanLocationFeaturePropertiesSchema.strict().parse(f.properties);
    expect(pub.every((f) => !('most_recent_measurements' in f.properties) && !('facility_names' in f.properties))).toBe(true);
    const calls = sources.find((s) => s.id === 'rivercalls')!.data.features;
    expect(calls.length).toBe(6);
  });
});

describe('GET /api/public-map/filters', () => {
  it('lists reporting statuses and location types with their colours', async () => {
    const res = await get('/api/public-map/filters');
    expect(res.statusCode).toBe(200);
    const body = publicMapFiltersSchema.parse(res.json());
    expect(body.reportingStatus.map((s) => s.display)).toEqual(['Reporting', 'Not Reporting (1-14 days)', 'Offline (over 14 days)']);
    expect(body.locationTypes.find((t) => t.display === 'Stream Gauge')).toMatchObject({ color: '#33A02C' });
    expect(body.locationTypes.length).toBe(8);
  });
});
