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
export function useEcharts(
  option: EChartsCoreOption,
  /** Called after each zoom (slider or wheel), e.g. to label the visible window anew. */
  onZoom?: (chart: EChartsType) => void,
): { ref: RefObject<HTMLDivElement | null>; chart: () => EChartsType | null } {
  const ref = useRef<HTMLDivElement>(null);
  const onZoomRef = useRef(onZoom);
  useEffect(() => {
    onZoomRef.current = onZoom;
  }, [onZoom]);
  const chartRef = useRef<EChartsType | null>(null);
  const mode = useTheme().palette.mode;

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = echarts.init(el, mode === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    const publish = () => {
      publishAxisLabels(el, chart);
      publishLineRuns(el, chart);
    };
    chart.on('finished', publish);
    const zoomed = () => onZoomRef.current?.(chart);
    chart.on('datazoom', zoomed);
    return () => {
      chart.off('finished', publish);
      chart.off('datazoom', zoomed);
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

/** An axis label as drawn: its text and its box in the chart's pixels. */
export interface DrawnAxisLabel {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

interface ZrText {
  type?: string;
  anid?: string;
  ignore?: boolean;
  invisible?: boolean;
  style?: { text?: string };
  getBoundingRect: () => {
    x: number;
    y: number;
    width: number;
    height: number;
    applyTransform: (m: unknown) => void;
    clone: () => unknown;
  };
  getComputedTransform?: () => unknown;
}

/**
 * The axis labels the chart shows (not those hidden as overlapping) as the element's
 * data-axis-labels (JSON): what a reader sees, checked by the end-to-end tests.
 */
function publishAxisLabels(el: HTMLElement, chart: EChartsType): void {
  const storage = chart.getZr().storage as unknown as { traverse: (visit: (el: ZrText) => void) => void };
  const texts: ZrText[] = [];
  storage.traverse((el) => {
    if (el.type === 'text' && el.anid?.startsWith('label_') && !el.ignore && !el.invisible) texts.push(el);
  });
  const labels: DrawnAxisLabel[] = [];
  for (const item of texts) {
    const rect = item.getBoundingRect().clone() as ReturnType<ZrText['getBoundingRect']>;
    const transform = item.getComputedTransform?.();
    if (transform) rect.applyTransform(transform);
    labels.push({
      text: item.style?.text ?? '',
      x: Math.round(rect.x),
      y: Math.round(rect.y),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    });
  }
  el.dataset.axisLabels = JSON.stringify(labels);
}

/** A stretch of a line drawn without a break: first and last instant (epoch ms) and its point count. */
export interface DrawnLineRun {
  from: number;
  to: number;
  points: number;
}

interface ZrPolyline {
  type?: string;
  shape?: { points?: ArrayLike<number> };
}

/**
 * The unbroken stretches of each line series as drawn (ECharts stops a line at a point without a
 * value), as the element's data-line-runs (JSON: one list of runs per line, in drawing order),
 * with pixels turned back into instants on the first x axis: the end-to-end tests check with it
 * that a gap in the data is a gap in the line.
 */
function publishLineRuns(el: HTMLElement, chart: EChartsType): void {
  const storage = chart.getZr().storage as unknown as { traverse: (visit: (el: ZrPolyline) => void) => void };
  const lines: DrawnLineRun[][] = [];
  storage.traverse((item) => {
    const points = item.type === 'ec-polyline' ? item.shape?.points : undefined;
    if (!points) return;
    const runs: DrawnLineRun[] = [];
    let run: { firstX: number; lastX: number; points: number } | null = null;
    const close = () => {
      if (!run) return;
      const at = (x: number) => Math.round(Number(chart.convertFromPixel({ xAxisIndex: 0 }, x)));
      runs.push({ from: at(run.firstX), to: at(run.lastX), points: run.points });
      run = null;
    };
    for (let i = 0; i + 1 < points.length; i += 2) {
      const x = points[i]!;
      const y = points[i + 1]!;
      if (!Number.isFinite(x) || !Number.isFinite(y)) close();
      else if (run) Object.assign(run, { lastX: x, points: run.points + 1 });
      else run = { firstX: x, lastX: x, points: 1 };
    }
    close();
    lines.push(runs);
  });
  el.dataset.lineRuns = JSON.stringify(lines);
}
