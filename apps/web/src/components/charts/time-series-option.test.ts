import { describe, expect, it } from 'vitest';
import { bandDayAt, breakAtGaps, buildTimeSeriesOption, NORMAL_BAND_NAMES, NORMAL_BAND_SERIES_COUNT } from './time-series-option';

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

describe('buildTimeSeriesOption with a normal band', () => {
  const DAY = 86_400_000;
  const line = {
    name: 'Flow (cfs)',
    points: [
      [0, 40],
      [DAY, 62],
    ] as [number, number][],
  };
  const band = {
    color: '#1565c0',
    days: [
      { at: 0, min: 5, p10: 10, p25: 25, p75: 75, p90: 90, max: 200 },
      { at: DAY, min: 6, p10: null, p25: null, p75: null, p90: null, max: 210 },
    ],
  };
  type Option = {
    series: { name: string; stack?: string; data: [number, number | null][]; areaStyle?: { opacity: number }; silent?: boolean }[];
    legend: { show?: boolean; data?: string[] };
    tooltip: { formatter: (p: unknown) => string };
  };

  it('draws the band first: 10th-90th and 25th-75th as stacked areas, min and max as lines, then the data line', () => {
    const option = buildTimeSeriesOption([line], { ...settings, normalBand: band }) as Option;
    expect(option.series).toHaveLength(NORMAL_BAND_SERIES_COUNT + 1);
    const [outerBase, outerWidth, innerBase, innerWidth, min, max, data] = option.series;
    expect(outerBase).toMatchObject({
      name: NORMAL_BAND_NAMES.outer,
      stack: 'normal-outer',
      data: [
        [0, 10],
        [DAY, null],
      ],
    });
    expect(outerBase.areaStyle).toBeUndefined();
    expect(outerWidth).toMatchObject({
      name: NORMAL_BAND_NAMES.outer,
      stack: 'normal-outer',
      data: [
        [0, 80],
        [DAY, null],
      ],
    });
    expect(innerBase).toMatchObject({
      name: NORMAL_BAND_NAMES.inner,
      data: [
        [0, 25],
        [DAY, null],
      ],
    });
    expect(innerWidth).toMatchObject({
      name: NORMAL_BAND_NAMES.inner,
      data: [
        [0, 50],
        [DAY, null],
      ],
    });
    // The middle range is shaded darker than the outer one.
    expect(innerWidth.areaStyle!.opacity).toBeGreaterThan(outerWidth.areaStyle!.opacity);
    expect(min).toMatchObject({
      name: NORMAL_BAND_NAMES.extremes,
      data: [
        [0, 5],
        [DAY, 6],
      ],
    });
    expect(max).toMatchObject({
      name: NORMAL_BAND_NAMES.extremes,
      data: [
        [0, 200],
        [DAY, 210],
      ],
    });
    expect(data).toMatchObject({ name: 'Flow (cfs)', type: 'line' });
  });

  it('shows a legend naming the line and each part of the band, even with one line', () => {
    const option = buildTimeSeriesOption([line], { ...settings, normalBand: band }) as Option;
    expect(option.legend.data).toEqual(['Flow (cfs)', NORMAL_BAND_NAMES.inner, NORMAL_BAND_NAMES.outer, NORMAL_BAND_NAMES.extremes]);
  });

  it("the tooltip names the line's value and the day's ranges, not the band's stacked parts", () => {
    const option = buildTimeSeriesOption([line], { ...settings, normalBand: band }) as Option;
    const params = option.series.map((sr, i) => ({ seriesIndex: i, seriesName: sr.name, marker: '', value: [DAY, i === 6 ? 62 : 1] }));
    const text = option.tooltip.formatter(params);
    expect(text).toContain('Flow (cfs): <b>62</b>');
    expect(text).toContain('Normal (25th-75th): not ranked');
    expect(text).toContain('Min - max: 6 - 210');
    expect(text).not.toContain(NORMAL_BAND_NAMES.outer);
  });

  it('as steps (behind 15-minute readings) each day is flat across the day, the last one closed a day after its start', () => {
    const option = buildTimeSeriesOption([line], { ...settings, normalBand: { ...band, step: true } }) as Option;
    const bandSeries = option.series.slice(0, NORMAL_BAND_SERIES_COUNT) as (Option['series'][number] & { step?: string })[];
    for (const sr of bandSeries) expect(sr.step).toBe('end');
    expect(bandSeries[5].data).toEqual([
      [0, 200],
      [DAY, 210],
      [2 * DAY, 210],
    ]);
    // A 15-minute reading's tooltip gives the ranges of the day it falls in.
    const at = DAY / 2;
    const params = option.series.map((sr, i) => ({ seriesIndex: i, seriesName: sr.name, marker: '', value: [at, i === 6 ? 41 : 1] }));
    expect(option.tooltip.formatter(params)).toContain('Normal (25th-75th): 25 - 75');
  });

  it('bandDayAt finds the day an instant falls in, and none past the last day', () => {
    expect(bandDayAt(band.days, 0)).toBe(band.days[0]);
    expect(bandDayAt(band.days, DAY - 1)).toBe(band.days[0]);
    expect(bandDayAt(band.days, DAY + 5)).toBe(band.days[1]);
    expect(bandDayAt(band.days, 2 * DAY)).toBeUndefined();
    expect(bandDayAt(band.days, -1)).toBeUndefined();
  });

  it('without a band (or an empty one) the option is the plain chart', () => {
    const plain = buildTimeSeriesOption([line], settings) as Option;
    const empty = buildTimeSeriesOption([line], { ...settings, normalBand: { color: '#000', days: [] } }) as Option;
    expect(plain.series).toHaveLength(1);
    expect(empty.series).toHaveLength(1);
    expect(empty.legend).toEqual({ show: false });
  });
});
