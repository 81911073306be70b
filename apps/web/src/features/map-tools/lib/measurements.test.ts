import { describe, expect, it } from 'vitest';
import { measureDrawings, type DrawnFeature } from './measurements';

const f = (mode: string, geometry: DrawnFeature['geometry'], extra: Record<string, unknown> = {}): DrawnFeature => ({
  type: 'Feature',
  geometry,
  properties: { mode, ...extra },
});

/** The texts carry thousands separators. */
const num = (text: string) => Number(text.replace(/,/g, ''));

describe('measureDrawings', () => {
  it("shows '--' for every kind when nothing is drawn", () => {
    expect(measureDrawings([])).toEqual({
      circleRadiusFeet: '--',
      lineLengthFeet: '--',
      polygonAcres: '--',
      polygonSquareFeet: '--',
      point: '--',
    });
  });

  it('measures the latest drawing of each kind', () => {
    const m = measureDrawings([
      f('circle', { type: 'Polygon', coordinates: [] }, { radiusKilometers: 2 }),
      f('circle', { type: 'Polygon', coordinates: [] }, { radiusKilometers: 1 }),
      // 0.01° of longitude on the equator: turf length uses the 6371008.8 m sphere.
      f('linestring', {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [0.01, 0],
        ],
      }),
      f('point', { type: 'Point', coordinates: [-104.78, 40.27] }),
      f('point', { type: 'Point', coordinates: [-104.123456, 40.5] }),
    ]);
    expect(m.circleRadiusFeet).toBe('3,280.84');
    expect(m.lineLengthFeet).toBe(
      (((6371008.8 * 0.01 * Math.PI) / 180 / 1000) * 3280.84).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
    );
    expect(m.point).toBe('Lat: 40.50000 Lng: -104.12346');
    expect(m.polygonAcres).toBe('--');
  });

  it('gives a polygon area in acres and square feet', () => {
    // A 0.01° square on the equator, about 1.236 km²: compare against turf's own geodesic area.
    const m = measureDrawings([
      f('polygon', {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [0.01, 0],
            [0.01, 0.01],
            [0, 0.01],
            [0, 0],
          ],
        ],
      }),
    ]);
    expect(num(m.polygonAcres)).toBeCloseTo(1236.4e3 / 4047, -1);
    expect(m.polygonSquareFeet).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(num(m.polygonSquareFeet) / num(m.polygonAcres)).toBeCloseTo(4047 * 10.7639, -2);
  });
});
