import type { EChartsCoreOption } from 'echarts/core';
import { breakAtGaps, INTERVAL_MS, lineSampling } from '../../../components/charts/time-series-option';
import type { ReviewChartData } from './review-series';

/** Legend names of the review graph. */
export const REVIEW_SERIES_NAMES = {
  raw: 'Raw',
  corrected: 'Corrected',
  flagged: 'Flagged',
  approved: 'Approved period',
} as const;

export interface ReviewChartColors {
  raw: string;
  corrected: string;
  flagged: string;
  /** The shading of approved periods (light) and its legend mark (stronger). */
  approved: string;
  approvedMark: string;
  text: string;
}

export interface ReviewChartSettings {
  yAxisName: string;
  colors: ReviewChartColors;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number) => string;
  /** Narrow windows (phones) get a smaller grid margin. */
  compact: boolean;
}

interface TooltipParam {
  seriesName: string;
  marker: string;
  value: [number, number | null];
}

/**
 * Points a broken line cannot draw: those with a gap on both sides (a lone reading between
 * silences). They are drawn as dots of the same series, so no value is left off the graph.
 */
export function isolatedPoints(data: readonly [number, number | null][]): [number, number][] {
  const out: [number, number][] = [];
  data.forEach(([t, v], i) => {
    const before = i === 0 ? null : data[i - 1][1];
    const after = i === data.length - 1 ? null : data[i + 1][1];
    if (v !== null && before === null && after === null) out.push([t, v]);
  });
  return out;
}

const safe = (fmt: (ms: number) => string) => (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? fmt(ms) : '');

/**
 * The review graph: the raw line (thin, dashed), the corrected line over it, flagged values as red
 * points, approved periods shaded, a zoom slider under it, and a brush on the time axis whose
 * drag selects the range the page's actions work on.
 */
export function buildReviewChartOption(data: ReviewChartData, s: ReviewChartSettings): EChartsCoreOption {
  const fmt = safe(s.formatTime);
  const axisFmt = safe(s.formatAxisTime);
  const step = INTERVAL_MS['15min'];
  const raw = breakAtGaps(data.raw, step);
  const corrected = breakAtGaps(data.corrected, step);
  const any = data.raw.length + data.corrected.length > 0;
  return {
    animation: false,
    backgroundColor: 'transparent',
    // On a phone the legend takes two rows and the section's heading names the axis.
    grid: { left: s.compact ? 44 : 60, right: s.compact ? 12 : 24, top: s.compact ? 56 : 44, bottom: 64 },
    legend: {
      top: 0,
      itemGap: s.compact ? 8 : 10,
      textStyle: { color: s.colors.text },
      data: [
        REVIEW_SERIES_NAMES.raw,
        REVIEW_SERIES_NAMES.corrected,
        REVIEW_SERIES_NAMES.flagged,
        { name: REVIEW_SERIES_NAMES.approved, icon: 'rect' },
      ],
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: TooltipParam[] | TooltipParam) => {
        const list = (Array.isArray(params) ? params : [params]).filter((p) => p.value[1] !== null);
        if (list.length === 0) return '';
        return [fmt(list[0].value[0]), ...list.map((p) => `${p.marker}${p.seriesName}: <b>${p.value[1]}</b>`)].join('<br/>');
      },
    },
    toolbox: { show: false },
    brush: {
      xAxisIndex: 0,
      brushType: 'lineX',
      brushMode: 'single',
      transformable: true,
      throttleType: 'debounce',
      throttleDelay: 200,
      brushStyle: { color: 'rgba(25, 118, 210, 0.15)', borderColor: 'rgba(25, 118, 210, 0.8)', borderWidth: 1 },
      outOfBrush: { colorAlpha: 1 },
    },
    xAxis: {
      type: 'time',
      minInterval: step,
      axisLabel: { color: s.colors.text, hideOverlap: true, formatter: (ms: number) => axisFmt(ms) },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: s.compact ? '' : s.yAxisName,
      nameTextStyle: { color: s.colors.text, align: 'left' },
      axisLabel: { color: s.colors.text },
    },
    // The slider zooms; dragging on the plot is the brush's, so the inside zoom only takes the wheel.
    dataZoom: any
      ? [
          { type: 'inside', filterMode: 'none', moveOnMouseMove: false, zoomOnMouseWheel: true },
          { type: 'slider', filterMode: 'none', height: 22, bottom: 12, labelFormatter: (ms: number) => axisFmt(ms) },
        ]
      : [],
    series: [
      {
        type: 'line',
        name: REVIEW_SERIES_NAMES.approved,
        data: [],
        itemStyle: { color: s.colors.approvedMark },
        lineStyle: { color: s.colors.approvedMark },
        markArea: {
          silent: true,
          itemStyle: { color: s.colors.approved },
          data: data.approvedSpans.map(([from, to]) => [{ xAxis: from }, { xAxis: to }]),
        },
        z: 0,
      },
      {
        type: 'line',
        name: REVIEW_SERIES_NAMES.raw,
        data: raw,
        connectNulls: false,
        showSymbol: false,
        sampling: lineSampling(raw),
        itemStyle: { color: s.colors.raw },
        lineStyle: { width: 1, type: 'dashed', color: s.colors.raw },
        emphasis: { disabled: true },
        z: 2,
      },
      {
        type: 'line',
        name: REVIEW_SERIES_NAMES.corrected,
        data: corrected,
        connectNulls: false,
        showSymbol: false,
        sampling: lineSampling(corrected),
        itemStyle: { color: s.colors.corrected },
        lineStyle: { width: 1.8, color: s.colors.corrected },
        emphasis: { disabled: true },
        z: 3,
      },
      // Lone readings of each line, under the line's own legend entry.
      ...[
        [REVIEW_SERIES_NAMES.raw, raw, s.colors.raw],
        [REVIEW_SERIES_NAMES.corrected, corrected, s.colors.corrected],
      ].map(([name, points, color]) => ({
        type: 'scatter',
        name,
        data: isolatedPoints(points as [number, number | null][]),
        symbolSize: 4,
        itemStyle: { color },
        emphasis: { disabled: true },
        z: 3,
      })),
      {
        type: 'scatter',
        name: REVIEW_SERIES_NAMES.flagged,
        data: data.flagged,
        symbol: 'diamond',
        symbolSize: 7,
        large: data.flagged.length > 2000,
        itemStyle: { color: s.colors.flagged },
        emphasis: { disabled: true },
        z: 4,
      },
    ],
  };
}
