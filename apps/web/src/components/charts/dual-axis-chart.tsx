import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, Stack, useTheme } from '@mui/material';
import { downloadBlob } from '../../lib/download';
import { buildDualAxisOption, fittedXAxisTicks, readingInstants, type AxisLine } from './dual-axis-option';
import type { NormalBandDay } from './time-series-option';
import type { EChartsType } from './echarts-core';
import { useEcharts } from './use-echarts-option';

export type { AxisLine } from './dual-axis-option';

export interface DualAxisChartProps {
  /** Names the chart and its PNG file. */
  title: string;
  lines: AxisLine[];
  height: number | string;
  leftAxisName?: string;
  rightAxisName?: string;
  formatTime: (ms: number) => string;
  formatAxisTime?: (ms: number) => string;
  /** The data's interval in ms (a day for daily means): x-axis ticks are never closer than one reading. */
  intervalMs?: number;
  /** A day-of-year percentile band behind the left axis's lines; none when left out or empty. */
  normalBand?: NormalBandDay[];
}

/** '{title} 2026-11-23 11-05-09.png': the title and the moment of saving, safe on every file system. */
export function pngFileName(title: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  const safeTitle =
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Graph';
  return `${safeTitle} ${stamp}.png`;
}

/** The bytes of a base64 data URL (fetch() of a data: URL is refused by the page's CSP connect-src). */
function dataUrlBlob(url: string): Blob {
  const [head, base64] = url.split(',', 2);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: /^data:([^;]+)/.exec(head)?.[1] ?? 'image/png' });
}

/**
 * A time chart with a left and a right value axis and the graph tools: Reset Zoom
 * and Save Graph (PNG named with the title and a timestamp). Domain-free: lines in, chart out.
 */
export function DualAxisChart({
  title,
  lines,
  height,
  leftAxisName,
  rightAxisName,
  formatTime,
  formatAxisTime,
  intervalMs,
  normalBand,
}: DualAxisChartProps) {
  const theme = useTheme();
  // The chart's width, in steps of a label's room: it decides how many x ticks fit.
  const [widthPx, setWidthPx] = useState<number | undefined>(undefined);
  const option = useMemo(
    () =>
      buildDualAxisOption(lines, {
        leftAxisName,
        rightAxisName,
        formatTime,
        formatAxisTime: formatAxisTime ?? formatTime,
        textColor: theme.palette.text.secondary,
        intervalMs,
        widthPx,
        normalBand: normalBand && normalBand.length > 0 ? { days: normalBand, color: theme.palette.info.main } : undefined,
      }),
    [
      lines,
      leftAxisName,
      rightAxisName,
      formatTime,
      formatAxisTime,
      intervalMs,
      widthPx,
      normalBand,
      theme.palette.text.secondary,
      theme.palette.info.main,
    ],
  );
  const instants = useMemo(() => readingInstants(lines), [lines]);
  // A zoom shows another window: its ticks are spread anew over it (at most 9 again).
  const onZoom = useCallback(
    (instance: EChartsType) => {
      const xAxis = (instance.getOption().xAxis as { min?: number; max?: number }[] | undefined)?.[0];
      const zoom = (instance.getOption().dataZoom as { start?: number; end?: number }[] | undefined)?.[0];
      if (typeof xAxis?.min !== 'number' || typeof xAxis.max !== 'number' || !zoom) return;
      const span = xAxis.max - xAxis.min;
      const grid = (instance.getOption().grid as { left?: number; right?: number }[] | undefined)?.[0];
      const ticks = fittedXAxisTicks(xAxis.min + (span * (zoom.start ?? 0)) / 100, xAxis.min + (span * (zoom.end ?? 100)) / 100, {
        intervalMs,
        plotWidthPx: instance.getWidth() - (grid?.left ?? 64) - (grid?.right ?? 64),
        formatAxisTime: formatAxisTime ?? formatTime,
        instants,
      });
      instance.setOption({ xAxis: { axisLabel: { customValues: ticks }, axisTick: { customValues: ticks } } });
    },
    [intervalMs, formatAxisTime, formatTime, instants],
  );
  const { ref, chart } = useEcharts(option, onZoom);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    // Rounded to a label's room so that a few pixels of resizing do not redraw the chart.
    const observer = new ResizeObserver(() => setWidthPx(Math.floor(el.clientWidth / 45) * 45));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);

  const resetZoom = () => chart()?.dispatchAction({ type: 'dataZoom', start: 0, end: 100 });
  const savePng = () => {
    const instance = chart();
    if (!instance) return;
    const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: theme.palette.background.paper });
    downloadBlob(dataUrlBlob(url), pngFileName(title));
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <Button size="small" variant="outlined" onClick={resetZoom}>
          Reset Zoom
        </Button>
        <Button size="small" variant="outlined" onClick={savePng}>
          Save Graph
        </Button>
      </Stack>
      <Box ref={ref} role="img" aria-label={title} data-testid="dual-axis-chart" sx={{ width: '100%', height }} />
    </Box>
  );
}
