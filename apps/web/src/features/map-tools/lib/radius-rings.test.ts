import area from '@turf/area';
import { describe, expect, it } from 'vitest';
import { circleExtent, DEFAULT_RINGS, outermostRadiusKm, ringsExtent } from './radius-rings';
import { buildRadiusRings } from './radius-rings-geometry';
import { toKilometres } from './units';

const CENTER: [number, number] = [-104.78, 40.27];
const circleArea = (km: number) => Math.PI * (km * 1000) ** 2;

describe('buildRadiusRings', () => {
  it('draws the defaults as a disc of 0.25 mi and a band from 0.25 to 0.5 mi', () => {
    const rings = buildRadiusRings(CENTER, DEFAULT_RINGS);
    expect(rings.features.map((f) => f.properties.ring)).toEqual([1, 2]);
    const inner = toKilometres(0.25, 'Miles');
    const outer = toKilometres(0.5, 'Miles');
    expect(rings.features[0].geometry.type).toBe('Polygon');
    // A 64-step polygon is within 0.2% of the true circle.
    expect(area(rings.features[0]) / circleArea(inner)).toBeCloseTo(1, 2);
    expect(area(rings.features[1]) / (circleArea(outer) - circleArea(inner))).toBeCloseTo(1, 2);
    // The band has a hole: the difference of consecutive buffers.
    const band = rings.features[1].geometry;
    expect(band.type === 'Polygon' ? band.coordinates.length : 0).toBe(2);
  });

  it('skips rings of 0, below 0, empty or unreadable, and uses the next smaller ring as the hole', () => {
    const rings = buildRadiusRings(CENTER, [
      { amount: '0', units: 'Miles' },
      { amount: '500', units: 'Feet' },
      { amount: '-1', units: 'Miles' },
      { amount: 'abc', units: 'Miles' },
    ]);
    expect(rings.features).toHaveLength(1);
    expect(rings.features[0].properties).toMatchObject({ ring: 2, amount: 500, units: 'Feet' });
    const empty = buildRadiusRings(CENTER, [
      { amount: '', units: 'Miles' },
      { amount: '0', units: 'Feet' },
    ]);
    expect(empty.features).toHaveLength(0);
  });

  it('orders rings by radius and draws a repeated radius once', () => {
    const rings = buildRadiusRings(CENTER, [
      { amount: '1', units: 'Miles' },
      { amount: '2640', units: 'Feet' },
      { amount: '0.5', units: 'Miles' },
      { amount: '0', units: 'Miles' },
    ]);
    expect(rings.features).toHaveLength(2);
    expect(rings.features[1].properties.ring).toBe(1);
    const half = toKilometres(0.5, 'Miles');
    const one = toKilometres(1, 'Miles');
    expect(area(rings.features[1]) / (circleArea(one) - circleArea(half))).toBeCloseTo(1, 2);
  });

  it('gives the box of the outermost ring, centred on the centre', () => {
    expect(ringsExtent(buildRadiusRings(CENTER, [{ amount: '0', units: 'Miles' }]))).toBeNull();
    const [west, south, east, north] = ringsExtent(buildRadiusRings(CENTER, DEFAULT_RINGS))!;
    expect((west + east) / 2).toBeCloseTo(CENTER[0], 6);
    expect((south + north) / 2).toBeCloseTo(CENTER[1], 6);
    // Half its height is the outer radius, 0.5 mi, along the meridian (turf's 6371008.8 m sphere).
    const halfHeightKm = (((north - south) / 2) * Math.PI * 6371.0088) / 180;
    expect(halfHeightKm / toKilometres(0.5, 'Miles')).toBeCloseTo(1, 3);
  });
});

describe('circleExtent', () => {
  it('fits the outermost ring as drawn, within a hundredth of its radius, and is null without a usable ring', () => {
    const drawn = ringsExtent(buildRadiusRings(CENTER, DEFAULT_RINGS))!;
    const km = outermostRadiusKm(DEFAULT_RINGS);
    expect(km).toBeCloseTo(toKilometres(0.5, 'Miles'), 9);
    const computed = circleExtent(CENTER, km)!;
    const tolerance = (drawn[3] - drawn[1]) / 200;
    computed.forEach((v, i) => expect(Math.abs(v - drawn[i])).toBeLessThan(tolerance));
    expect(circleExtent(CENTER, outermostRadiusKm([{ amount: '0', units: 'Miles' }]))).toBeNull();
  });
});
