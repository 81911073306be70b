import { describe, expect, it } from 'vitest';
import { lttbIndexes } from './downsample';

const MIN15 = 15 * 60_000;

function synthetic(n: number, f: (i: number) => number) {
  const times = Array.from({ length: n }, (_, i) => 1_700_000_000_000 + i * MIN15);
  const values = Array.from({ length: n }, (_, i) => f(i));
  return { times, values };
}

describe('lttbIndexes', () => {
  it('returns every index when the series is already short enough', () => {
    const { times, values } = synthetic(5, (i) => i);
    expect(lttbIndexes(times, values, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(lttbIndexes(times, values, 2000)).toEqual([0, 1, 2, 3, 4]);
    expect(lttbIndexes([], [], 10)).toEqual([]);
  });

  it('keeps the first and last point and exactly `threshold` points, ascending', () => {
    const { times, values } = synthetic(35_040, (i) => Math.sin(i / 300) * 50 + (i % 7));
    const kept = lttbIndexes(times, values, 2000);
    expect(kept).toHaveLength(2000);
    expect(kept[0]).toBe(0);
    expect(kept.at(-1)).toBe(35_039);
    for (let i = 1; i < kept.length; i++) expect(kept[i]).toBeGreaterThan(kept[i - 1]);
  });

  it('keeps isolated spikes and dips (the shape), where every-nth sampling would lose them', () => {
    // Flat at 10 with one spike to 500 and one dip to -300, both off the every-nth grid.
    const spike = 12_345;
    const dip = 27_001;
    const { times, values } = synthetic(35_040, (i) => (i === spike ? 500 : i === dip ? -300 : 10));
    const kept = lttbIndexes(times, values, 1000);
    expect(kept).toContain(spike);
    expect(kept).toContain(dip);
    const step = 35_040 / 1000;
    const naive = Array.from({ length: 1000 }, (_, i) => Math.floor(i * step));
    expect(naive).not.toContain(spike);
  });

  it('follows a daily cycle: each day keeps its maximum and minimum within one bucket', () => {
    // 30 days of a smooth daily cycle; 60 buckets = 2 per day, so the peaks and troughs are the picks.
    const { times, values } = synthetic(30 * 96, (i) => Math.sin(((i % 96) / 96) * 2 * Math.PI) * 100);
    const kept = lttbIndexes(times, values, 62);
    const keptValues = kept.map((i) => values[i]);
    expect(keptValues.filter((v) => v > 99).length).toBeGreaterThanOrEqual(29);
    expect(keptValues.filter((v) => v < -99).length).toBeGreaterThanOrEqual(29);
  });

  it('handles tiny thresholds without dividing by zero', () => {
    const { times, values } = synthetic(100, (i) => i);
    expect(lttbIndexes(times, values, 2)).toEqual([0, 99]);
    expect(lttbIndexes(times, values, 3)).toHaveLength(3);
  });
});
