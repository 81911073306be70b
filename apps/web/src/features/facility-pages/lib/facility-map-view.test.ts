import { describe, expect, it } from 'vitest';
import type { Basemap } from '@portal/contracts';
import { facilityBasemaps, facilityMapView, FACILITY_MAP_DEFAULT_CENTER } from './facility-map-view';

const basemap = (id: number, name: string): Basemap => ({
  id,
  name,
  style: `/s/${id}`,
  attribution: null,
  previewUrl: `/p/${id}`,
  fallbackStyle: `/s/${id}?offline=true`,
  offline: true,
});

describe('facilityBasemaps', () => {
  it('puts Satellite first, then Streets and Outdoors, matching names loosely', () => {
    const all = [basemap(1, 'Streets'), basemap(2, 'Light'), basemap(3, ' outdoors '), basemap(4, 'SATELLITE'), basemap(5, 'Dark')];
    expect(facilityBasemaps(all).map((b) => b.id)).toEqual([4, 1, 3]);
  });
  it('leaves out the ones the district does not have', () => {
    expect(facilityBasemaps([basemap(1, 'Streets')]).map((b) => b.name)).toEqual(['Streets']);
    expect(facilityBasemaps([])).toEqual([]);
  });
});

describe('facilityMapView', () => {
  const none = { fp_mapcenter_lat: null, fp_mapcenter_lon: null, fp_mapzoom_level: null };

  it("uses the facility's stored centre and zoom", () => {
    expect(
      facilityMapView({ fp_mapcenter_lat: 40.25, fp_mapcenter_lon: -104.7, fp_mapzoom_level: 13.5 }, [{ latitude: 1, longitude: 1 }]),
    ).toEqual({
      kind: 'stored',
      center: [-104.7, 40.25],
      zoom: 13.5,
    });
    expect(facilityMapView({ fp_mapcenter_lat: 40.25, fp_mapcenter_lon: -104.7, fp_mapzoom_level: null }, []).zoom).toBe(8.4);
  });

  it('falls back to the bounds of its locations, ignoring ones without valid coordinates', () => {
    const view = facilityMapView(none, [
      { latitude: 40.1, longitude: -104.9 },
      { latitude: null, longitude: -104 },
      { latitude: 95, longitude: -104 },
      { latitude: 40.3, longitude: -104.5 },
    ]);
    expect(view.kind).toBe('bounds');
    expect(view).toMatchObject({
      bounds: [
        [-104.9, 40.1],
        [-104.5, 40.3],
      ],
    });
    expect(view.center[0]).toBeCloseTo(-104.7, 10);
    expect(view.center[1]).toBeCloseTo(40.2, 10);
  });

  it('zooms to 16 on a single location and uses the district default without any', () => {
    expect(facilityMapView(none, [{ latitude: 40, longitude: -104 }])).toEqual({ kind: 'point', center: [-104, 40], zoom: 16 });
    expect(facilityMapView(none, [])).toEqual({ kind: 'default', center: FACILITY_MAP_DEFAULT_CENTER, zoom: 8.4 });
  });
});
