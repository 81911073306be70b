import { describe, expect, it } from 'vitest';
import { QUALIFIER_SEPARATOR_MARK } from './chart-points';
import { SPLIT_ONE_SERIES_FROM_MS, joinPackedParts, readLanes, readsInLanes } from './read-lanes';

const FROM = Date.parse('2025-01-01T00:00:00Z');
const TO = Date.parse('2025-01-03T00:00:00Z');
const whole = (key: string) => ({ key, fromAt: null, beforeAt: null });

describe('readLanes', () => {
  it('shares whole series out in turn when they share out evenly', () => {
    expect(readLanes(['a', 'b', 'c', 'd'], 2, FROM, TO)).toEqual([
      [whole('a'), whole('c')],
      [whole('b'), whole('d')],
    ]);
  });

  it('reads a series left over in parts split in time, the earliest part in the first lane', () => {
    const middle = '2025-01-02T00:00:00.000Z';
    expect(readLanes(['a', 'b', 'c'], 2, FROM, TO)).toEqual([
      [whole('a'), { key: 'c', fromAt: null, beforeAt: middle }],
      [whole('b'), { key: 'c', fromAt: middle, beforeAt: null }],
    ]);
    expect(readLanes(['a'], 3, FROM, Date.parse('2025-01-04T00:00:00Z'))).toEqual([
      [{ key: 'a', fromAt: null, beforeAt: '2025-01-02T00:00:00.000Z' }],
      [{ key: 'a', fromAt: '2025-01-02T00:00:00.000Z', beforeAt: '2025-01-03T00:00:00.000Z' }],
      [{ key: 'a', fromAt: '2025-01-03T00:00:00.000Z', beforeAt: null }],
    ]);
  });

  it('reads whole series in turn when the range gives no instants to split at', () => {
    expect(readLanes(['a', 'b', 'c'], 2, NaN, TO)).toEqual([[whole('a'), whole('c')], [whole('b')]]);
  });
});

describe('readsInLanes', () => {
  it('reads several series in lanes, and one series only for a chart over a long range', () => {
    const YEAR_END = Date.parse('2026-01-01T00:00:00Z');
    expect(readsInLanes(2, FROM, TO, false)).toBe(true);
    expect(readsInLanes(1, FROM, TO, true)).toBe(false);
    expect(readsInLanes(1, FROM, FROM + SPLIT_ONE_SERIES_FROM_MS - 1, true)).toBe(false);
    expect(readsInLanes(1, FROM, FROM + SPLIT_ONE_SERIES_FROM_MS, true)).toBe(true);
    expect(readsInLanes(1, FROM, YEAR_END, true)).toBe(true);
    expect(readsInLanes(1, FROM, YEAR_END, false)).toBe(false);
    expect(readsInLanes(1, NaN, TO, true)).toBe(false);
    expect(readsInLanes(0, FROM, YEAR_END, true)).toBe(false);
  });
});

describe('joinPackedParts', () => {
  it('joins the parts in order, leaving out parts without points', () => {
    expect(joinPackedParts([{ t: '1,2', v: '10,20' }, null, { t: '3', v: '30' }])).toEqual({ t: '1,2,3', v: '10,20,30' });
    expect(joinPackedParts([null, { t: '3', v: '30' }])).toEqual({ t: '3', v: '30' });
    expect(joinPackedParts([null, null])).toBeNull();
  });

  it('joins data source keys with commas and qualifiers with their separator', () => {
    const q = QUALIFIER_SEPARATOR_MARK;
    expect(
      joinPackedParts([
        { t: '1,2', v: '1,2', s: '1,null', q: `A${q}P` },
        { t: '3', v: '3', s: '2', q: 'E' },
      ]),
    ).toEqual({
      t: '1,2,3',
      v: '1,2,3',
      s: '1,null,2',
      q: `A${q}P${q}E`,
    });
  });

  it('joins the qualifiers of parts packed without data sources (a chart)', () => {
    const q = QUALIFIER_SEPARATOR_MARK;
    expect(
      joinPackedParts([
        { t: '1,2', v: '1,2', q: `A${q}P` },
        { t: '3', v: '3', q: 'E' },
      ]),
    ).toEqual({ t: '1,2,3', v: '1,2,3', q: `A${q}P${q}E` });
  });
});
