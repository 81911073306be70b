import { useEffect, useMemo, useRef } from 'react';
import { Box, useTheme } from '@mui/material';
import { echarts, type EChartsType } from './echarts-core';
import { buildTimeSeriesOption, type TimeSeriesLine } from './time-series-option';

export type { TimeSeriesLine } from './time-series-option';

export interface TimeSeriesChartProps {
  series: TimeSeriesLine[];
  /** CSS height, e.g. 360 or '60vh'. */
  height: number | string;
  /** Label of the value axis, e.g. 'Flow (cfs)'. */
  yAxisName?: string;
  /** Formats an instant (epoch ms) for axis labels and the tooltip; the caller owns the time zone. */
  formatTime: (ms: number) => string;
  formatAxisTime?: (ms: number) => string;
  /** Accessible name of the chart region. */
  ariaLabel: string;
}

/**
 * A zoomable line chart over time (ECharts on canvas). Domain-free: series of [epoch ms, value]
 * points in, a chart out. The instance lives as long as the component and follows its size.
 */
export function TimeSeriesChart({ series, height, yAxisName, formatTime, formatAxisTime, ariaLabel }: TimeSeriesChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const theme = useTheme();
  const mode = theme.palette.mode;

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = echarts.init(el, mode === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    // A container resize (panel expand, window resize) resizes the canvas.
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [mode]);

  const option = useMemo(
    () =>
      buildTimeSeriesOption(series, {
        yAxisName,
        formatTime,
        formatAxisTime: formatAxisTime ?? formatTime,
        textColor: theme.palette.text.secondary,
        background: 'transparent',
      }),
    [series, yAxisName, formatTime, formatAxisTime, theme.palette.text.secondary],
  );

  useEffect(() => {
    // notMerge: a new answer replaces the old series instead of blending with them. A chart that
    // cannot draw must not take the page around it down: log it (part 1 §8) and keep going.
    try {
      chartRef.current?.setOption(option, { notMerge: true });
    } catch (error) {
      console.error('The chart could not be drawn', error);
    }
  }, [option, mode]);

  return <Box ref={ref} role="img" aria-label={ariaLabel} data-testid="time-series-chart" sx={{ width: '100%', height }} />;
}
