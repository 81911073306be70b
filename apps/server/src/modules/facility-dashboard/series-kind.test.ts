import { describe, expect, it } from 'vitest';
import { afPerDayFactor, seriesKind } from './series-kind';

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
