import { describe, expect, it } from 'vitest';
import { planDistrict } from './district';
import { distanceKm, zoomToFit } from './geo';

describe('zoomToFit', () => {
  const c = { lon: -104.7, lat: 40 };
  it('picks the largest half-step zoom that keeps the farthest point within the radius', () => {
    // ~1 km at latitude 40 spans 1000 / (40075016.686 * cos 40° / (512 * 2^z)) px: 200 px at z ≈ 13.56, 400 px at z ≈ 14.56.
    const oneKmNorth = { lon: -104.7, lat: 40 + 1 / 111.19 };
    expect(distanceKm(c, oneKmNorth)).toBeCloseTo(1, 1);
    expect(zoomToFit(c, [oneKmNorth])).toBe(13.5);
    expect(zoomToFit(c, [oneKmNorth], 400)).toBe(14.5);
    expect(zoomToFit(c, [oneKmNorth], 150)).toBe(13);
  });
  it('stays between 10 and 16', () => {
    expect(zoomToFit(c, [])).toBe(16);
    expect(zoomToFit(c, [c])).toBe(16);
    expect(zoomToFit(c, [{ lon: -100, lat: 45 }])).toBe(10);
  });
  it('gives every demo facility a zoom that shows its locations', () => {
    const { facilities, locations } = planDistrict(1);
    for (const f of facilities) {
      const own = locations.filter((l) => l.facilityKeys.includes(f.key));
      const farthest = Math.max(0, ...own.map((l) => distanceKm(f, l)));
      const pxPerKm = 1000 / ((40_075_016.686 * Math.cos((f.lat * Math.PI) / 180)) / (512 * 2 ** f.zoom));
      expect(farthest * pxPerKm <= 200 || f.zoom === 10, f.name).toBe(true);
    }
  });
});
