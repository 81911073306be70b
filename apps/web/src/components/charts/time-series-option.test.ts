import { describe, expect, it } from 'vitest';
import { breakAtGaps, buildTimeSeriesOption } from './time-series-option';

const settings = {
  formatTime: (ms: number) => new Date(ms).toISOString(),
  formatAxisTime: (ms: number) => new Date(ms).toISOString().slice(0, 10),
  textColor: '#555',
  background: 'transparent',
};

describe('buildTimeSeriesOption', () => {
  it('one line series per input, LTTB sampling, no symbols, legend only for several series', () => {
    const one = buildTimeSeriesOption(
      [
        {
          name: 'Flow (cfs)',
          points: [
            [0, 1],
            [900_000, 2],
          ],
        },
      ],
      settings,
    ) as { series: { type: string; data: unknown; sampling: string; showSymbol: boolean }[]; legend: { show?: boolean } };
    expect(one.series).toHaveLength(1);
    expect(one.series[0]).toMatchObject({
      type: 'line',
      data: [
        [0, 1],
        [900_000, 2],
      ],
      sampling: 'lttb',
      showSymbol: false,
    });
    expect(one.legend).toEqual({ show: false });
    const two = buildTimeSeriesOption(
      [
        { name: 'a', points: [] },
        { name: 'b', points: [] },
      ],
      settings,
    ) as { legend: { show?: boolean; top?: number } };
    expect(two.legend.top).toBe(0);
  });

  it('label formatters never throw on the NaN/undefined ECharts passes while empty', () => {
    type Option = { xAxis: { axisLabel: { formatter: (v: unknown) => string } }; dataZoom: { labelFormatter?: (v: unknown) => string }[] };
    const option = buildTimeSeriesOption([{ name: 'a', points: [[0, 1]] }], settings) as Option;
    expect(option.xAxis.axisLabel.formatter(NaN)).toBe('');
    expect(option.dataZoom[1].labelFormatter!(undefined)).toBe('');
    expect((buildTimeSeriesOption([], settings) as Option).dataZoom).toEqual([]);
    expect(option.xAxis.axisLabel.formatter(Date.UTC(2026, 2, 8))).toBe('2026-03-08');
  });

  it('breaks the line at a gap longer than two intervals, and only there', () => {
    const q = 900_000;
    const points: [number, number][] = [
      [0, 1],
      [q, 2],
      [3 * q, 3], // two intervals: still one line
      [3 * q + 34 * q, 4], // an 8.5-hour gap
      [38 * q, 5],
    ];
    expect(breakAtGaps(points, q)).toEqual([
      [0, 1],
      [q, 2],
      [3 * q, 3],
      [4 * q, null],
      [37 * q, 4],
      [38 * q, 5],
    ]);
    expect(breakAtGaps(points, undefined)).toEqual(points);
    const option = buildTimeSeriesOption([{ name: 'Flow', points }], { ...settings, intervalMs: q }) as {
      series: { data: unknown[]; connectNulls: boolean }[];
      xAxis: { minInterval: number };
    };
    expect(option.series[0].data).toContainEqual([4 * q, null]);
    expect(option.series[0].connectNulls).toBe(false);
    // Sampling by index would merge or strand points at the break: a broken line is not sampled.
    expect((option.series[0] as { sampling?: string }).sampling).toBeUndefined();
    const unbroken = buildTimeSeriesOption([{ name: 'Flow', points: points.slice(0, 3) }], { ...settings, intervalMs: q }) as {
      series: { sampling?: string }[];
    };
    expect(unbroken.series[0].sampling).toBe('lttb');
    // Daily data: no two x-axis ticks on the same day.
    const daily = buildTimeSeriesOption([{ name: 'Flow', points }], { ...settings, intervalMs: 86_400_000 }) as {
      xAxis: { minInterval: number };
    };
    expect(daily.xAxis.minInterval).toBe(86_400_000);
  });
});
