import { describe, expect, it } from 'vitest';
import { buildDualAxisOption, LEGEND_HOVER_OPACITY, MAX_X_TICKS, paddedAxisRange, xTickInterval } from './dual-axis-option';

const settings = { formatTime: (ms: number) => new Date(ms).toISOString(), formatAxisTime: (ms: number) => String(ms), textColor: '#333' };

describe('dual-axis chart option', () => {
  it('pads the value axes: minimum floored minus 3 (not below 0), maximum ceiled plus 3', () => {
    expect(paddedAxisRange([12.4, 20.2])).toEqual({ min: 9, max: 24 });
    expect(paddedAxisRange([1.5, 2])).toEqual({ min: 0, max: 5 });
    expect(paddedAxisRange([-2.5, 4])).toEqual({ min: -6, max: 7 });
    expect(paddedAxisRange([])).toBeNull();
  });

  it('spreads at most 9 x ticks over the data', () => {
    const day = 86_400_000;
    const interval = xTickInterval(0, 120 * day);
    expect(Math.floor((120 * day) / interval) + 1).toBeLessThanOrEqual(MAX_X_TICKS);
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
