import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicMapLayerListSchema } from '@portal/contracts';
import { startLocalServer, sendJson, type LocalServer } from '../../../test/local-http';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { cdssEnvelope, demoTelemetryStationRecords } from '../../seed/cdss-demo-records';
import { COLORADO_BBOX } from '../../seed/hydrology';
import { seedDemoDistrict } from '../../seed/seed-demo';
import { syncDueMapSources } from '../map-sources/index';

// The Hydrology and CDSS groups of the demo district: what the layers API lists, what the
// sources API serves, and the CDSS layer refreshed by the sync job from a loopback CDSS.
const anchor = new Date(Math.floor(Date.now() / 900_000) * 900_000);
let h: TestApp;
let cdss: LocalServer;
// The loopback CDSS answers with records of a later day: a synced copy is told apart from the seeded one.
const later = new Date(anchor.getTime() + 86_400_000);
const served = demoTelemetryStationRecords(7, later).map((r, i) =>
  i === 0 ? { ...r, stationName: 'SOUTH PLATTE RIVER AT KERSEY (SYNCED)' } : r,
);

beforeAll(async () => {
  h = await createTestApp();
  await seedDemoDistrict(h.t.db, { anchor, demoPassword: 'demo-password-for-tests', fifteenMinuteDays: 1, dailyYears: 0.02 });
  cdss = await startLocalServer((url, res) => {
    if (url.pathname !== '/api/v2/telemetrystations/telemetrystation/' || url.searchParams.get('division') !== '1')
      return sendJson(res, 404, 'Error: not found');
    // Two pages of 20, as CDSS pages a long list.
    const page = Number(url.searchParams.get('pageIndex') ?? '1');
    return sendJson(res, 200, cdssEnvelope(served.slice((page - 1) * 20, page * 20), page, 2));
  });
}, 180_000);
afterAll(async () => {
  await cdss?.close();
  await h?.close();
});

type Fc = { features: { id: string; geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[] };
const sources = async () => (await h.app.inject({ url: '/api/public-map/sources' })).json() as { id: string; data: Fc }[];
const source = async (id: string) => (await sources()).find((s) => s.id === id)!.data;

/** Every position of a geometry's coordinates. */
const positions = (c: unknown): number[][] =>
  Array.isArray(c) && typeof c[0] === 'number' ? [c as number[]] : (c as unknown[]).flatMap(positions);

describe('Hydrology and CDSS layer groups', () => {
  it('lists Hydrology (lakes fill, rivers line) and CDSS (telemetry stations) layers to anonymous callers', async () => {
    const layers = publicMapLayerListSchema.parse((await h.app.inject({ url: '/api/public-map/layers' })).json());
    const byGroup = (g: string) => layers.filter((l) => l.lreProperties.layerGroup === g);
    expect(byGroup('Hydrology').map((l) => [l.id, l.type, l.name])).toEqual([
      ['hydrology-lakes-fill', 'fill', 'Lakes and Reservoirs'],
      ['hydrology-rivers-line', 'line', 'Major Rivers'],
    ]);
    expect(byGroup('CDSS').map((l) => [l.id, l.type, l.name])).toEqual([
      ['cdss-telemetry-stations-circle', 'circle', 'CDSS Telemetry Stations'],
    ]);
    // Closed groups start switched off; the visitor turns them on in the Layers panel.
    for (const l of [...byGroup('Hydrology'), ...byGroup('CDSS')]) expect(l.layout?.visibility).toBe('none');
    expect(byGroup('Boundaries')[0].layout?.visibility).toBe('visible');
    const stations = byGroup('CDSS')[0];
    expect(stations.lreProperties.popup).toEqual({ titleField: 'location_display_label', excludeFields: ['township_lndkey'] });
    // Boundaries under Hydrology under CDSS under DWR Data under Locations.
    const rank = (id: string) => layers.find((l) => l.id === id)!.lreProperties.drawOrder;
    expect(rank('dwr-water-districts-fill')).toBeLessThan(rank('hydrology-lakes-fill'));
    expect(rank('hydrology-lakes-fill')).toBeLessThan(rank('hydrology-rivers-line'));
    expect(rank('hydrology-rivers-line')).toBeLessThan(rank('cdss-telemetry-stations-circle'));
    expect(rank('cdss-telemetry-stations-circle')).toBeLessThan(rank('rivercalls'));
  });

  it('serves Colorado rivers and lakes from the packaged datasets, clipped to the state', async () => {
    const rivers = await source('hydrology-rivers');
    const lakes = await source('hydrology-lakes');
    expect(rivers.features.length).toBeGreaterThanOrEqual(3);
    expect(lakes.features.length).toBeGreaterThan(100);
    for (const f of [...rivers.features, ...lakes.features]) {
      for (const [x, y] of positions(f.geometry.coordinates)) {
        expect(x).toBeGreaterThanOrEqual(COLORADO_BBOX.west);
        expect(x).toBeLessThanOrEqual(COLORADO_BBOX.east);
        expect(y).toBeGreaterThanOrEqual(COLORADO_BBOX.south);
        expect(y).toBeLessThanOrEqual(COLORADO_BBOX.north);
      }
    }
    // The Arkansas (Natural Earth 1:50m) runs from Lake County down through Pueblo to Prowers.
    const arkansas = rivers.features.find((f) => String(f.properties.counties).startsWith('Prowers'));
    expect(arkansas?.properties).toMatchObject({ feature_type: 'River centerline', data_source: 'Natural Earth 4.1.0 (public domain)' });
    expect(String(arkansas?.properties.counties)).toContain('Pueblo');
    expect(Number(arkansas?.properties.length_in_colorado_mi)).toBeGreaterThan(200);
    // The district's own reservoirs (Weld County) are among the lakes, with a measured area.
    const weld = lakes.features.filter((f) => f.properties.county_name === 'Weld');
    expect(weld.length).toBeGreaterThan(10);
    expect(weld[0].properties.label).toBe('Lake or reservoir, Weld County');
    expect(Number(weld[0].properties.area_acres)).toBeGreaterThan(0);
  });

  it('serves the seeded CDSS telemetry stations, then the synced copy once the job has read CDSS', async () => {
    const seeded = await source('cdss-telemetry-stations');
    expect(seeded.features).toHaveLength(36);
    expect(new Set(seeded.features.map((f) => f.properties.locationtype))).toEqual(
      new Set(['Stream Gage', 'Diversion Structure', 'Reservoir', 'Well', 'Climate Station']),
    );
    expect(seeded.features.some((f) => /^SOUTH PLATTE RIVER NEAR /.test(String(f.properties.location_display_label)))).toBe(true);

    // The demo never syncs by itself (refresh_minutes 0); a district turns it on like this.
    expect(await syncDueMapSources(h.t.db, { cdssBaseUrl: `${cdss.url}/api/v2`, pageSize: 20, now: new Date() })).toEqual([]);
    await h.t.db.updateTable('map_source').set({ refresh_minutes: 15 }).where('map_source_id', '=', 'cdss-telemetry-stations').execute();
    const results = await syncDueMapSources(h.t.db, { cdssBaseUrl: `${cdss.url}/api/v2`, pageSize: 20, now: new Date() });
    // Only the CDSS layer has a URL in the demo; every other source keeps its stored copy.
    expect(results).toEqual([{ id: 'cdss-telemetry-stations', ok: true, features: 36 }]);
    expect(cdss.requests.map((u) => u.searchParams.get('pageIndex'))).toEqual(['1', '2']);

    const synced = await source('cdss-telemetry-stations');
    expect(synced.features).toHaveLength(36);
    expect(synced.features[0].properties).toMatchObject({
      location_display_label: 'SOUTH PLATTE RIVER AT KERSEY (SYNCED)',
      location_id: served[0].abbrev,
      locationtype: served[0].stationType,
      system_url: `https://dwr.state.co.us/Tools/Stations/${String(served[0].abbrev)}`,
    });
    expect(synced.features[0].geometry.coordinates).toEqual([served[0].longitude, served[0].latitude]);
  });
});
