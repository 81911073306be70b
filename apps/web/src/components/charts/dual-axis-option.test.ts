import { describe, expect, it } from 'vitest';
import {
  buildDualAxisOption,
  LEGEND_HOVER_OPACITY,
  MAX_X_TICKS,
  paddedAxisRange,
  valueAxisTicks,
  xAxisTicks,
  fittedXAxisTicks,
} from './dual-axis-option';

const settings = { formatTime: (ms: number) => new Date(ms).toISOString(), formatAxisTime: (ms: number) => String(ms), textColor: '#333' };

describe('dual-axis chart option', () => {
  it('pads the value axes: minimum floored minus 3 (not below 0), maximum ceiled plus 3', () => {
    expect(paddedAxisRange([12.4, 20.2])).toEqual({ min: 9, max: 24 });
    expect(paddedAxisRange([1.5, 2])).toEqual({ min: 0, max: 5 });
    expect(paddedAxisRange([-2.5, 4])).toEqual({ min: -6, max: 7 });
    expect(paddedAxisRange([])).toBeNull();
  });

  it('labels at most 9 x ticks, one even step apart from the first reading, for any span', () => {
    const day = 86_400_000;
    for (const span of [0, 0.5 * day, 3 * day, 10 * day, 31 * day, 90 * day, 120 * day, 365 * day, 3650 * day]) {
      const ticks = xAxisTicks(1_000, 1_000 + span);
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      expect(ticks.length).toBeLessThanOrEqual(MAX_X_TICKS);
      expect(ticks[0]).toBe(1_000);
      const steps = new Set(ticks.slice(1).map((t, i) => t - ticks[i]));
      expect(steps.size).toBeLessThanOrEqual(1);
    }
    // 31 days: a label every 7 days (5 labels), not every day.
    expect(xAxisTicks(0, 31 * day)).toEqual([0, 7, 14, 21, 28].map((d) => d * day));
    // The option hands the ticks to ECharts, whose time axis ignores a fixed interval.
    const option = buildDualAxisOption(
      [
        {
          name: 'A',
          axis: 'left',
          points: [
            [0, 1],
            [60 * day, 2],
          ],
        },
      ],
      settings,
    ) as {
      xAxis: { axisLabel: { customValues: number[] } };
    };
    expect(option.xAxis.axisLabel.customValues).toEqual(xAxisTicks(0, 60 * day));
    expect(option.xAxis.axisLabel.customValues.length).toBeLessThanOrEqual(MAX_X_TICKS);
  });

  it('never ticks closer than the data interval: daily means over three days get one tick a day', () => {
    const day = 86_400_000;
    expect(xAxisTicks(0, 3 * day, day)).toEqual([0, 1, 2, 3].map((d) => d * day));
    expect(xAxisTicks(0, 0.5 * day, day)).toEqual([0]);
    // Longer spans keep their own, longer steps.
    expect(xAxisTicks(0, 31 * day, day)).toEqual(xAxisTicks(0, 31 * day));
    const option = buildDualAxisOption(
      [
        {
          name: 'A',
          axis: 'left',
          points: [
            [0, 1],
            [3 * day, 2],
          ],
        },
      ],
      { ...settings, intervalMs: day },
    ) as { xAxis: { axisLabel: { customValues: number[] } } };
    expect(option.xAxis.axisLabel.customValues).toEqual([0, 1, 2, 3].map((d) => d * day));
  });

  it('puts day-step ticks on the readings across a clock change, never an hour before a district midnight', () => {
    // Daily means at Denver midnights from 2026-08-26 to 2026-11-25: the clock falls back on
    // 2026-11-01, after which a midnight is 07:00 UTC instead of 06:00 UTC.
    const midnights: number[] = [];
    for (let d = Date.UTC(2026, 7, 26); d <= Date.UTC(2026, 10, 25); d += 86_400_000) {
      midnights.push(d + (d >= Date.UTC(2026, 10, 1) ? 7 : 6) * 3_600_000);
    }
    const date = (ms: number) => new Date(ms).toLocaleDateString('en-US', { timeZone: 'America/Denver' });
    const ticks = fittedXAxisTicks(midnights[0], midnights[midnights.length - 1], {
      intervalMs: 86_400_000,
      plotWidthPx: 1200,
      formatAxisTime: date,
      instants: midnights,
    });
    expect(ticks.length).toBeGreaterThan(4);
    expect(ticks.filter((t) => !midnights.includes(t))).toEqual([]);
    expect(new Set(ticks.map(date)).size).toBe(ticks.length);
  });

  it('keeps x ticks a label apart on a narrow chart: two dates at least, not four of which three hide', () => {
    const day = 86_400_000;
    const date = () => '11/23/2026';
    // Three days of daily means on a 212 px phone plot: 90 px a date, so every other day.
    expect(fittedXAxisTicks(0, 3 * day, { intervalMs: day, plotWidthPx: 212, formatAxisTime: date })).toEqual([0, 2 * day]);
    // Longer labels (date and time) on the same plot: both ends only.
    const stamp = () => '11/23/2026, 12:00 AM';
    expect(fittedXAxisTicks(0, 3 * day - 900_000, { intervalMs: 900_000, plotWidthPx: 212, formatAxisTime: stamp })).toEqual([
      0,
      3 * day - 900_000,
    ]);
    // A wide chart keeps the interval's own rule.
    expect(fittedXAxisTicks(0, 3 * day, { intervalMs: day, plotWidthPx: 1000, formatAxisTime: date })).toEqual(
      [0, 1, 2, 3].map((d) => d * day),
    );
    const option = buildDualAxisOption(
      [
        {
          name: 'A',
          axis: 'left',
          points: [
            [0, 1],
            [3 * day, 2],
          ],
        },
      ],
      { ...settings, formatAxisTime: date, intervalMs: day, widthPx: 300 },
    ) as { xAxis: { axisLabel: { customValues: number[] } } };
    expect(option.xAxis.axisLabel.customValues).toEqual([0, 2 * day]);
  });

  it('labels a padded bound only when it keeps half an interval from the nearest tick', () => {
    // 1,490 .. 1,500 (padded from 1,493 .. 1,497): interval 2, ticks 1,490 ... 1,500 fall on the bounds.
    expect(valueAxisTicks({ min: 1490, max: 1500 })).toEqual({ interval: 2, showMinLabel: true, showMaxLabel: true });
    // 1,227 .. 1,503: interval 100, ticks 1,300 .. 1,500: 1,503 would print over 1,500, 1,227 is clear of 1,300.
    expect(valueAxisTicks({ min: 1227, max: 1503 })).toEqual({ interval: 100, showMinLabel: true, showMaxLabel: false });
    expect(valueAxisTicks({ min: 0, max: 24 })).toEqual({ interval: 5, showMinLabel: true, showMaxLabel: true });
    expect(valueAxisTicks({ min: 9, max: 21 })).toEqual({ interval: 5, showMinLabel: false, showMaxLabel: false });
  });

  it('puts lines on their axes with the legend hover opacities and units in the tooltip', () => {
    const option = buildDualAxisOption(
      [
        {
          name: 'Well <1>',
          axis: 'left',
          units: 'ft',
          points: [
            [0, 10],
            [1000, 12],
          ],
        },
        {
          name: 'Gage',
          axis: 'right',
          units: 'cfs',
          points: [
            [0, 100],
            [1000, 130],
          ],
        },
      ],
      settings,
    ) as {
      series: { yAxisIndex: number; blur: { lineStyle: { opacity: number } } }[];
      yAxis: { min: number; max: number }[];
      tooltip: { formatter: (p: unknown) => string };
    };
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
    expect(option.series[0].blur.lineStyle.opacity).toBe(LEGEND_HOVER_OPACITY.others);
    expect(option.yAxis.map((a) => [a.min, a.max])).toEqual([
      [7, 15],
      [97, 133],
    ]);
    const html = option.tooltip.formatter([{ seriesIndex: 0, marker: '', value: [0, 10] }]);
    expect(html).toContain('Well &#60;1&#62;: <b>10</b> ft');
  });
});

describe('dual-axis chart lines at gaps', () => {
  const q = 900_000;
  const points: [number, number][] = [
    [0, 1],
    [q, 2],
    [2 * q, 3],
    [10 * q, 4],
    [11 * q, 5],
  ];
  const seriesData = (option: ReturnType<typeof buildDualAxisOption>) =>
    (option as { series: Array<{ data: [number, number | null][] }> }).series.map((s) => s.data);

  it('breaks a line where readings are further apart than two of its steps, and nowhere else', () => {
    const option = buildDualAxisOption([{ name: 'a', points, axis: 'left', stepMs: q }], settings);
    expect(seriesData(option)[0]).toEqual([
      [0, 1],
      [q, 2],
      [2 * q, 3],
      [3 * q, null],
      [10 * q, 4],
      [11 * q, 5],
    ]);
    // Sampling by index would merge or strand points at the break: a broken line is not sampled,
    // an unbroken one is.
    const sampling = (o: ReturnType<typeof buildDualAxisOption>) => (o as { series: { sampling?: string }[] }).series[0].sampling;
    expect(sampling(option)).toBeUndefined();
    expect(sampling(buildDualAxisOption([{ name: 'a', points: points.slice(0, 3), axis: 'left', stepMs: q }], settings))).toBe('lttb');
  });

  it('draws a line without a step as it is (no interval known, no gap assumed)', () => {
    const option = buildDualAxisOption([{ name: 'a', points, axis: 'left' }], settings);
    expect(seriesData(option)[0]).toEqual(points);
  });

  it('leaves the break out of the tooltip', () => {
    const option = buildDualAxisOption(
      [
        { name: 'a', points, axis: 'left', stepMs: q },
        { name: 'b', points, axis: 'right', stepMs: q },
      ],
      settings,
    ) as { tooltip: { formatter: (p: unknown) => string } };
    const html = option.tooltip.formatter([
      { seriesIndex: 0, marker: '', value: [3 * q, null] },
      { seriesIndex: 1, marker: '', value: [3 * q, 7] },
    ]);
    expect(html).not.toContain('null');
    expect(html).toContain('b: <b>7</b>');
  });
});

describe('dual-axis chart with a normal band', () => {
  const DAY = 86_400_000;
  const lines = [
    {
      name: 'Flow',
      axis: 'left' as const,
      units: 'cfs',
      points: [
        [0, 40],
        [DAY, 62],
      ] as [number, number][],
    },
    {
      name: 'Stage',
      axis: 'right' as const,
      units: 'ft',
      points: [
        [0, 2],
        [DAY, 3],
      ] as [number, number][],
    },
  ];
  const band = {
    color: '#1565c0',
    days: [
      { at: 0, min: 5, p10: 10, p25: 25, p75: 75, p90: 90, max: 200 },
      { at: DAY, min: 6, p10: null, p25: null, p75: null, p90: null, max: 210 },
    ],
  };
  type Option = {
    series: { name: string; z?: number; yAxisIndex?: number }[];
    yAxis: { min?: number; max?: number }[];
    tooltip: { formatter: (p: unknown) => string };
  };

  it('draws the band after the lines, under them, on the left axis, which spans the band', () => {
    const option = buildDualAxisOption(lines, { ...settings, normalBand: band }) as unknown as Option;
    expect(option.series).toHaveLength(2 + 6);
    expect(option.series.slice(2).every((s) => s.z === 1 && (s.yAxisIndex ?? 0) === 0)).toBe(true);
    expect(option.yAxis[0]).toMatchObject({ min: 2, max: 213 });
  });

  it("the tooltip lists the lines with their units and the day's ranges", () => {
    const option = buildDualAxisOption(lines, { ...settings, normalBand: band }) as unknown as Option;
    const params = option.series.map((s, i) => ({
      seriesIndex: i,
      seriesName: s.name,
      marker: '',
      value: [0, i === 0 ? 40 : i === 1 ? 2 : 1],
    }));
    const text = option.tooltip.formatter(params);
    expect(text).toContain('Flow: <b>40</b> cfs');
    expect(text).toContain('Normal (25th-75th): 25 - 75');
    expect(text).not.toContain('10th-90th percentile:');
  });
});
