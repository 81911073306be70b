import { useEffect, useRef, type RefObject } from 'react';
import { useTheme } from '@mui/material';
import type { EChartsCoreOption } from 'echarts/core';
import { echarts, type EChartsType } from './echarts-core';

/**
 * Mounts an ECharts instance (canvas) on the returned element and keeps `option` drawn on it:
 * re-created when the theme mode changes, resized with its container (panel expand, window
 * resize), replaced rather than merged when the option changes.
 */
export function useEchartsOption(option: EChartsCoreOption): RefObject<HTMLDivElement | null> {
  return useEcharts(option).ref;
}

/** useEchartsOption plus the live instance (null before mount), for tools such as Reset Zoom and Save as PNG. */
export function useEcharts(option: EChartsCoreOption): { ref: RefObject<HTMLDivElement | null>; chart: () => EChartsType | null } {
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
    // notMerge: a new answer replaces the old series instead of blending with them. A chart that
    // cannot draw must not take the page around it down: log it and keep going.
    try {
      chartRef.current?.setOption(option, { notMerge: true });
    } catch (error) {
      console.error('The chart could not be drawn', error);
    }
  }, [option, mode]);

  return { ref, chart: () => chartRef.current };
}
