import { useMemo } from 'react';
import { Box, useTheme } from '@mui/material';
import { BarChart as EchartsBar } from 'echarts/charts';
import { echarts } from './echarts-core';
import { buildBarOption, type Bar } from './bar-option';
import { useEchartsOption } from './use-echarts-option';

// Registered here, not in echarts-core: only pages that draw bars load them (the map stays lean).
echarts.use([EchartsBar]);

export type { Bar } from './bar-option';

export interface BarChartProps {
  bars: Bar[];
  height: number | string;
  yAxisName?: string;
  formatValue: (value: number) => string;
  ariaLabel: string;
}

/** A domain-free bar chart: labelled, coloured values in, a chart out. */
export function BarChart({ bars, height, yAxisName, formatValue, ariaLabel }: BarChartProps) {
  const theme = useTheme();
  const option = useMemo(
    () => buildBarOption(bars, { yAxisName, formatValue, textColor: theme.palette.text.secondary }),
    [bars, yAxisName, formatValue, theme.palette.text.secondary],
  );
  const ref = useEchartsOption(option);
  return <Box ref={ref} role="img" aria-label={ariaLabel} data-testid="bar-chart" sx={{ width: '100%', height }} />;
}
