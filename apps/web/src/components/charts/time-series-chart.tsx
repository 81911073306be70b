import { useMemo } from 'react';
import { Box, useTheme } from '@mui/material';
import { buildTimeSeriesOption, type NormalBandDay, type TimeSeriesLine } from './time-series-option';
import { useEchartsOption } from './use-echarts-option';

export type { NormalBandDay, TimeSeriesLine } from './time-series-option';

export interface TimeSeriesChartProps {
  series: TimeSeriesLine[];
  /** CSS height, e.g. 360 or '60vh'. */
  height: number | string;
  /** Label of the value axis, e.g. 'Flow (cfs)'. */
  yAxisName?: string;
  /** The data's interval in ms: longer gaps break the line, and x-axis ticks are never closer. */
  intervalMs?: number;
  /** Formats an instant (epoch ms) for axis labels and the tooltip; the caller owns the time zone. */
  formatTime: (ms: number) => string;
  formatAxisTime?: (ms: number) => string;
  /** Accessible name of the chart region. */
  ariaLabel: string;
  /** A day-of-year percentile band drawn behind the lines; none when left out or empty. */
  normalBand?: NormalBandDay[];
  /** Draw each band day flat across its whole day (behind 15-minute readings). */
  bandSteps?: boolean;
}

/**
 * A zoomable line chart over time (ECharts on canvas). Domain-free: series of [epoch ms, value]
 * points in, a chart out. The instance lives as long as the component and follows its size.
 */
export function TimeSeriesChart({
  series,
  height,
  yAxisName,
  intervalMs,
  formatTime,
  formatAxisTime,
  ariaLabel,
  normalBand,
  bandSteps = false,
}: TimeSeriesChartProps) {
  const theme = useTheme();

  const option = useMemo(
    () =>
      buildTimeSeriesOption(series, {
        yAxisName,
        intervalMs,
        normalBand: normalBand && normalBand.length > 0 ? { days: normalBand, color: theme.palette.info.main, step: bandSteps } : undefined,
        formatTime,
        formatAxisTime: formatAxisTime ?? formatTime,
        textColor: theme.palette.text.secondary,
        background: 'transparent',
      }),
    [
      series,
      yAxisName,
      intervalMs,
      normalBand,
      bandSteps,
      formatTime,
      formatAxisTime,
      theme.palette.text.secondary,
      theme.palette.info.main,
    ],
  );

  const ref = useEchartsOption(option);

  return <Box ref={ref} role="img" aria-label={ariaLabel} data-testid="time-series-chart" sx={{ width: '100%', height }} />;
}
