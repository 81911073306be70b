import { useMemo } from 'react';
import { Box } from '@mui/material';
import { BarChart, GaugeChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts } from '../../../components/charts/echarts-core';
import { useEchartsOption } from '../../../components/charts/use-echarts-option';

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
  const withBackground = useMemo(() => ({ backgroundColor: 'transparent', ...option }), [option]);
  const ref = useEchartsOption(withBackground);

  return <Box ref={ref} role="img" aria-label={ariaLabel} data-testid={testId} sx={{ width, height }} />;
}
