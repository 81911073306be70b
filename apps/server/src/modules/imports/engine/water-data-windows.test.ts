import { describe, expect, it } from 'vitest';
import { CONTINUOUS_MAX_SECONDS, dayNumber, initialWindows, splitWindow, timeParameter } from './water-data-windows';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('Water Data API request windows', () => {
  it('asks for a short continuous window in one request', () => {
    const w = initialWindows('continuous', at('2026-01-01T00:00:00Z'), at('2026-01-21T00:00:00Z'));
    expect(w.map((x) => timeParameter('continuous', x))).toEqual(['2026-01-01T00:00:00Z/2026-01-21T00:00:00Z']);
  });

  it('splits a continuous window longer than 3 years into requests of at most 3 years, oldest first, without gaps', () => {
    const start = at('2019-01-01T00:00:00Z');
    const end = at('2026-06-01T00:00:00Z');
    const w = initialWindows('continuous', start, end);
    expect(w).toHaveLength(3);
    expect(w[0].from).toBe(start);
    expect(w.at(-1)!.to).toBe(end);
    for (let i = 0; i < w.length; i++) {
      expect(w[i].to - w[i].from + 1).toBeLessThanOrEqual(CONTINUOUS_MAX_SECONDS);
      if (i > 0) expect(w[i].from).toBe(w[i - 1].to + 1);
    }
    expect(timeParameter('continuous', w[1])).toBe('2021-12-31T00:00:00Z/2024-12-29T23:59:59Z');
  });

  it('keeps a daily window whole and writes it as dates', () => {
    const w = initialWindows('daily', dayNumber('2016-01-01'), dayNumber('2026-01-01'));
    expect(w.map((x) => timeParameter('daily', x))).toEqual(['2016-01-01/2026-01-01']);
  });

  it('splits a window into two halves that meet without overlap, down to one day or one hour', () => {
    const [a, b] = splitWindow('daily', { from: dayNumber('2026-01-01'), to: dayNumber('2026-01-10') })!;
    expect([timeParameter('daily', a), timeParameter('daily', b)]).toEqual(['2026-01-01/2026-01-05', '2026-01-06/2026-01-10']);
    expect(splitWindow('daily', { from: 5, to: 5 })).toBeNull();
    expect(splitWindow('continuous', { from: 0, to: 3_599 })).toBeNull();
    expect(splitWindow('continuous', { from: 0, to: 7_199 })).toEqual([
      { from: 0, to: 3_599 },
      { from: 3_600, to: 7_199 },
    ]);
  });
});
