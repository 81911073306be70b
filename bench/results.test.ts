import { describe, expect, it } from 'vitest';
import { spreadOfRuns, type MeasuredFigure } from './results';

const run = (n: number, p50: number, ratio: number): MeasuredFigure => ({
  bench: 'graph',
  what: 'chart only',
  value: `p50 ${p50} ms`,
  baseline: 'bare select',
  ratio,
  target: 'p50 < 50 ms',
  met: p50 < 50,
  run: n,
  load: 0.5,
});

describe('spreadOfRuns', () => {
  it('shows as worst the run that is worst by the target: a p50 target by its p50, not by the ratio beside it', () => {
    // The slow run had a slow baseline too, so its ratio is the lowest of the three.
    const [row] = spreadOfRuns([run(1, 44, 0.8), run(2, 53, 0.6), run(3, 46, 0.75)]);
    expect(row.value).toBe('p50 46 ms (median of 3 runs; worst: p50 53 ms)');
    expect(row.met).toBe(false);
  });

  it('orders runs by ratio when the target is a ratio', () => {
    const ratioRun = (n: number, ms: number, ratio: number): MeasuredFigure => ({
      ...run(n, ms, ratio),
      target: '≤ 1.5x bare select',
      met: ratio <= 1.5,
    });
    const [row] = spreadOfRuns([ratioRun(1, 90, 1.4), ratioRun(2, 80, 1.6), ratioRun(3, 100, 1.3)]);
    expect(row.ratio).toBe('1.40x (worst: 1.60x)');
    expect(row.met).toBe(false);
  });
});
