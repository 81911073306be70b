import type { EChartsCoreOption } from 'echarts/core';

export interface TimeSeriesLine {
  name: string;
  /** [epoch ms, value], oldest first. */
  points: [number, number][];
  color?: string;
  /** Time spans to shade behind the line, e.g. provisional data; [from, to] epoch ms. */
  bands?: { spans: [number, number][]; label: string };
}

export interface TimeSeriesOptionSettings {
  yAxisName?: string;
  /**
   * The data's interval in ms (15 minutes, a day): the line breaks where two readings are more than
   * two intervals apart, and the x axis never labels the same date twice with ticks closer than one
   * interval. Without it the line is drawn through every point.
   */
  intervalMs?: number;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number) => string;
  textColor: string;
  background: string;
}

interface TooltipParam {
  seriesName: string;
  marker: string;
  value: [number, number];
}

/** ECharts calls label formatters with NaN or undefined while a chart has no data: never format those. */
const safe = (fmt: (ms: number) => string) => (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? fmt(ms) : '');

/** Time between two readings of each interval, in ms. */
export const INTERVAL_MS = { '15min': 15 * 60_000, daily: 24 * 60 * 60_000 } as const;

/**
 * The time one drawn point stands for: the data's interval, or more when the server thinned the
 * series (each point then stands for total / shown readings), so a thinned series is not taken
 * for one full of gaps.
 */
export function drawnStepMs(intervalMs: number, shown: number, total: number): number {
  const perPoint = shown > 0 && total > shown ? total / shown : 1;
  return Math.ceil(intervalMs * perPoint);
}

/** Readings further apart than this many intervals are a gap: the line is not drawn across it. */
export const GAP_INTERVALS = 2;

/**
 * The points with an empty value inserted in every gap longer than GAP_INTERVALS intervals, so
 * ECharts breaks the line there instead of drawing it straight across missing data.
 */
export function breakAtGaps(points: [number, number][], intervalMs: number | undefined): [number, number | null][] {
  if (!intervalMs || points.length < 2) return points;
  const out: [number, number | null][] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const [previous] = points[i - 1];
    if (points[i][0] - previous > GAP_INTERVALS * intervalMs) out.push([previous + intervalMs, null]);
    out.push(points[i]);
  }
  return out;
}

/**
 * ECharts' LTTB sampling picks points by their index in buckets of equal count, not by time, so
 * on a narrow chart it merges points across a break or leaves points stranded around one. A line
 * with breaks is drawn as it came (the servers send at most a few thousand points a line); an
 * unbroken line is sampled so the canvas work stays bounded.
 */
export function lineSampling(data: readonly [number, number | null][]): 'lttb' | undefined {
  return data.some(([, value]) => value === null) ? undefined : 'lttb';
}

/** The ECharts option of a time-series line chart: time axis, inside + slider zoom, axis tooltip. */
export function buildTimeSeriesOption(series: TimeSeriesLine[], settings: TimeSeriesOptionSettings): EChartsCoreOption {
  const s = { ...settings, formatTime: safe(settings.formatTime), formatAxisTime: safe(settings.formatAxisTime) };
  return {
    backgroundColor: s.background,
    animation: false,
    grid: { left: 56, right: 24, top: series.length > 1 ? 36 : 24, bottom: 64, containLabel: false },
    legend: series.length > 1 ? { top: 0, textStyle: { color: s.textColor } } : { show: false },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: TooltipParam[] | TooltipParam) => {
        const list = Array.isArray(params) ? params : [params];
        if (list.length === 0) return '';
        const head = s.formatTime(list[0].value[0]);
        return [head, ...list.map((p) => `${p.marker}${p.seriesName}: <b>${p.value[1]}</b>`)].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      ...(s.intervalMs ? { minInterval: s.intervalMs } : {}),
      axisLabel: { color: s.textColor, hideOverlap: true, formatter: (ms: number) => s.formatAxisTime(ms) },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: s.yAxisName,
      nameTextStyle: { color: s.textColor, align: 'left' },
      axisLabel: { color: s.textColor },
    },
    // No zoom slider over an empty chart: it would show an empty track.
    dataZoom: series.some((line) => line.points.length > 0)
      ? [
          { type: 'inside', filterMode: 'none' },
          { type: 'slider', filterMode: 'none', height: 22, bottom: 12, labelFormatter: (ms: number) => s.formatAxisTime(ms) },
        ]
      : [],
    series: series.map((line) => {
      const data = breakAtGaps(line.points, s.intervalMs);
      return {
        type: 'line',
        name: line.name,
        data,
        connectNulls: false,
        showSymbol: false,
        sampling: lineSampling(data),
        large: true,
        lineStyle: { width: 1.5 },
        ...(line.color ? { itemStyle: { color: line.color }, lineStyle: { width: 1.5, color: line.color } } : {}),
        emphasis: { disabled: true },
        ...(line.bands && line.bands.spans.length > 0
          ? {
              markArea: {
                silent: true,
                itemStyle: {
                  color: 'rgba(255, 160, 0, 0.12)',
                  borderColor: 'rgba(255, 160, 0, 0.6)',
                  borderWidth: 1,
                  borderType: 'dashed',
                },
                label: { show: true, position: 'insideTopLeft', color: s.textColor, fontSize: 11 },
                data: line.bands.spans.map(([from, to], i) => [{ xAxis: from, name: i === 0 ? line.bands!.label : '' }, { xAxis: to }]),
              },
            }
          : {}),
      };
    }),
  };
}
