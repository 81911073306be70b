import { describe, expect, it } from 'vitest';
import { afPerDayFactor, seriesKind, waterYearOf, waterYearRange } from './water-year';

describe('water year (April to March)', () => {
  it('puts March 31 in the previous water year and April 1 in the new one', () => {
    expect(waterYearOf('2026-03-31')).toBe(2025);
    expect(waterYearOf('2026-04-01')).toBe(2026);
    expect(waterYearOf('2026-12-31')).toBe(2026);
    expect(waterYearOf('2027-01-01')).toBe(2026);
  });

  it('spans April 1 to March 31 of the next calendar year', () => {
    expect(waterYearRange(2025)).toEqual({ start: '2025-04-01', end: '2026-03-31' });
  });
});

describe('seriesKind', () => {
  it('classifies by unit, levels by value field', () => {
    expect(seriesKind('cfs', 'flow_cfs')).toBe('flow');
    expect(seriesKind('gpm', null)).toBe('pumping');
    expect(seriesKind('ft', 'level_ft')).toBe('level');
    expect(seriesKind('ft', 'stage_ft')).toBe('other');
    expect(seriesKind('af', null)).toBe('storage');
    expect(seriesKind('%', null)).toBe('percent');
    expect(seriesKind(null, null)).toBe('other');
  });

  it('converts daily mean rates to acre-feet per day', () => {
    expect(afPerDayFactor('flow')).toBe(1.983471);
    // 325,851 gallons per acre-foot: 226.2854 gpm for a day is one acre-foot.
    expect(afPerDayFactor('pumping')! * (325_851 / 1440)).toBeCloseTo(1, 12);
    expect(afPerDayFactor('level')).toBeNull();
  });
});
