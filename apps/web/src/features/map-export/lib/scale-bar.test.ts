import { describe, expect, it } from 'vitest';
import { imperialScaleBar, metresPerPixel, roundScaleNumber } from './scale-bar';

describe('metresPerPixel', () => {
  it('is the equator length over 512 px at zoom 0 on the equator', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(78271.517, 3);
  });

  it('halves with every zoom level and shrinks with the cosine of the latitude', () => {
    expect(metresPerPixel(0, 1)).toBeCloseTo(metresPerPixel(0, 0) / 2, 6);
    expect(metresPerPixel(60, 0)).toBeCloseTo(metresPerPixel(0, 0) / 2, 6);
    // The district's default view.
    expect(metresPerPixel(40.27, 8.4)).toBeCloseTo(176.8, 1);
  });
});

describe('roundScaleNumber', () => {
  it('steps down to 1, 2, 3 or 5 times a power of ten', () => {
    expect(roundScaleNumber(1)).toBe(1);
    expect(roundScaleNumber(1.99)).toBe(1);
    expect(roundScaleNumber(2.5)).toBe(2);
    expect(roundScaleNumber(4.9)).toBe(3);
    expect(roundScaleNumber(9.99)).toBe(5);
    expect(roundScaleNumber(10)).toBe(10);
    expect(roundScaleNumber(4321)).toBe(3000);
    expect(roundScaleNumber(0.37)).toBe(0.3);
  });

  it('gives 0 for nothing, negatives and infinity', () => {
    expect(roundScaleNumber(0)).toBe(0);
    expect(roundScaleNumber(-3)).toBe(0);
    expect(roundScaleNumber(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('imperialScaleBar', () => {
  it('uses miles when the longest bar spans more than a mile', () => {
    // 100 m per unit over 100 units = 10 km = 6.21 mi -> 5 mi.
    const bar = imperialScaleBar(100, 100)!;
    expect(bar.label).toBe('5 mi');
    expect(bar.length).toBeCloseTo((5 * 1609.344) / 100, 3);
  });

  it('uses feet up to a mile', () => {
    // 1 m per unit over 100 units = 328.08 ft -> 300 ft.
    const bar = imperialScaleBar(1, 100)!;
    expect(bar.label).toBe('300 ft');
    expect(bar.length).toBeCloseTo(300 / 3.2808399, 3);
  });

  it('switches to miles just past 5280 ft', () => {
    expect(imperialScaleBar(5280 / 3.2808399 / 100, 100)!.label).toBe('5000 ft');
    expect(imperialScaleBar(5300 / 3.2808399 / 100, 100)!.label).toBe('1 mi');
  });

  it('never exceeds the allowed length', () => {
    for (const m of [0.01, 0.7, 3, 42, 999, 12345]) expect(imperialScaleBar(m, 45)!.length).toBeLessThanOrEqual(45);
  });

  it('gives nothing for an unusable scale', () => {
    expect(imperialScaleBar(0, 100)).toBeNull();
    expect(imperialScaleBar(Number.NaN, 100)).toBeNull();
  });
});
