import { describe, expect, it } from 'vitest';
import { percentileClassOf, percentileOf, percentileSentence, type DayNormals } from './statistics';

// Twenty years whose percentiles are round numbers, so each boundary is easy to read.
const day: DayNormals = { sample_count: 20, min: 1, max: 200, p05: 5, p10: 10, p25: 25, p50: 50, p75: 75, p90: 90, p95: 95 };
const unranked: DayNormals = { ...day, sample_count: 4, p05: null, p10: null, p25: null, p50: null, p75: null, p90: null, p95: null };

describe('percentileClassOf', () => {
  it.each([
    [0.5, 'low'],
    [1, 'much_below_normal'],
    [9.9, 'much_below_normal'],
    [10, 'below_normal'],
    [24.9, 'below_normal'],
    [25, 'normal'],
    [62, 'normal'],
    [75, 'normal'],
    [75.1, 'above_normal'],
    [90, 'above_normal'],
    [90.1, 'much_above_normal'],
    [200, 'much_above_normal'],
    [200.1, 'high'],
  ] as const)('%s is %s', (value, expected) => {
    expect(percentileClassOf(value, day)).toBe(expected);
  });

  it('a day with too few years, or no statistics at all, is not ranked', () => {
    expect(percentileClassOf(50, unranked)).toBe('not_ranked');
    expect(percentileClassOf(50, null)).toBe('not_ranked');
  });
});

describe('percentileOf', () => {
  it('interpolates linearly between the stored percentiles', () => {
    expect(percentileOf(25, day)).toBe(25);
    expect(percentileOf(37.5, day)).toBe(38);
    expect(percentileOf(62, day)).toBe(62);
    expect(percentileOf(92.5, day)).toBe(93);
  });

  it('places the minimum and maximum at their Weibull positions and clamps outside them', () => {
    // n = 20: the minimum sits at 100/21 = 4.76, the maximum at 2000/21 = 95.24.
    expect(percentileOf(1, day)).toBe(5);
    expect(percentileOf(3, day)).toBe(5);
    expect(percentileOf(200, day)).toBe(95);
    expect(percentileOf(0.5, day)).toBe(0);
    expect(percentileOf(250, day)).toBe(100);
  });

  it('skips percentiles a short record leaves out', () => {
    const shortRecord = { ...day, sample_count: 12, p05: null, p95: null };
    // Between the minimum (100/13 = 7.69) and the 10th percentile.
    expect(percentileOf(5.5, shortRecord)).toBe(9);
  });

  it('is null when the day is not ranked', () => {
    expect(percentileOf(50, unranked)).toBeNull();
    expect(percentileOf(50, null)).toBeNull();
  });
});

describe('percentileSentence', () => {
  it('says where the value stands', () => {
    expect(percentileSentence('62 cfs', 35, 'normal')).toBe('62 cfs, 35th percentile (normal)');
    expect(percentileSentence('8 cfs', 1, 'much_below_normal')).toBe('8 cfs, 1st percentile (much below normal)');
    expect(percentileSentence('9 cfs', 12, 'below_normal')).toBe('9 cfs, 12th percentile (below normal)');
    expect(percentileSentence('95 cfs', 93, 'much_above_normal')).toBe('95 cfs, 93rd percentile (much above normal)');
    expect(percentileSentence('40 cfs', null, 'not_ranked')).toBe('40 cfs, not ranked');
  });
});
