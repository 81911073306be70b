import type { EChartsCoreOption } from 'echarts/core';

export interface Bar {
  label: string;
  value: number;
  color: string;
}

export interface BarOptionSettings {
  yAxisName?: string;
  textColor: string;
  /** Formats a value for the tooltip and the bar label. */
  formatValue: (value: number) => string;
}

/**
 * One category bar per item, each in its own colour. Labels turn when there are many bars so
 * they stay readable on a phone. Pure: data in, ECharts option out.
 */
export function buildBarOption(bars: readonly Bar[], s: BarOptionSettings): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: s.yAxisName ? 36 : 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) => `${p.name}: ${s.formatValue(p.value)}`,
    },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.label),
      // Every label where there is room; on a phone overlapping ones are dropped rather than drawn over each other.
      axisLabel: { color: s.textColor, interval: 0, rotate: bars.length > 6 ? 45 : 0, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: s.yAxisName,
      nameTextStyle: { color: s.textColor, align: 'left' },
      axisLabel: { color: s.textColor },
    },
    series: [
      {
        type: 'bar',
        data: bars.map((b) => ({ value: b.value, itemStyle: { color: b.color } })),
        barMaxWidth: 48,
      },
    ],
  };
}
