import { describe, expect, it } from 'vitest';
import { buildBarOption } from './bar-option';

describe('buildBarOption', () => {
  it('draws one bar per item in its colour, in the given order', () => {
    const option = buildBarOption(
      [
        { label: 'Alpha', value: 5, color: '#AA0000' },
        { label: 'Bravo', value: 15, color: '#112233' },
      ],
      { textColor: '#000', formatValue: (v) => v.toFixed(1), yAxisName: 'cfs' },
    ) as {
      xAxis: { data: string[]; axisLabel: { rotate: number } };
      series: { data: { value: number; itemStyle: { color: string } }[] }[];
      tooltip: { formatter: (p: unknown) => string };
    };
    expect(option.xAxis.data).toEqual(['Alpha', 'Bravo']);
    expect(option.xAxis.axisLabel.rotate).toBe(0);
    expect(option.series[0]!.data).toEqual([
      { value: 5, itemStyle: { color: '#AA0000' } },
      { value: 15, itemStyle: { color: '#112233' } },
    ]);
    expect(option.tooltip.formatter({ name: 'Alpha', value: 5 })).toBe('Alpha: 5.0');
  });
});
