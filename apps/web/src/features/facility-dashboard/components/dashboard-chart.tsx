import { useEffect, useRef } from 'react';
import { Box, useTheme } from '@mui/material';
import { BarChart, GaugeChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts, type EChartsType } from '../../../components/charts/echarts-core';

// Bars and gauges are only drawn here: registering them in this (lazily loaded) feature keeps
// them out of the public map's bundle. echarts.use is additive.
echarts.use([BarChart, GaugeChart]);

export interface DashboardChartProps {
  option: EChartsCoreOption;
  height: number;
  width?: number | string;
  ariaLabel: string;
  testId?: string;
}

/** Mounts one ECharts option on canvas; follows its container's size and the theme mode. */
export function DashboardChart({ option, height, width = '100%', ariaLabel, testId }: DashboardChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const mode = useTheme().palette.mode;

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = echarts.init(el, mode === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [mode]);

  useEffect(() => {
    // A chart that cannot draw must not take the page down: log it (part 1 §8) and keep going.
    try {
      chartRef.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
    } catch (error) {
      console.error('The chart could not be drawn', error);
    }
  }, [option, mode]);

  return <Box ref={ref} role="img" aria-label={ariaLabel} data-testid={testId} sx={{ width, height }} />;
}
