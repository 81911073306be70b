import type { EChartsCoreOption } from 'echarts/core';

export interface TimeSeriesLine {
  name: string;
  /** [epoch ms, value], oldest first. */
  points: [number, number][];
  color?: string;
  /** Time spans to shade behind the line, e.g. provisional data; [from, to] epoch ms. */
  bands?: { spans: [number, number][]; label: string };
}

/** One day of a day-of-year percentile band: its instant (the daily line's stamp) and the statistics, null where not ranked. */
export interface NormalBandDay {
  at: number;
  min: number | null;
  p10: number | null;
  p25: number | null;
  p75: number | null;
  p90: number | null;
  max: number | null;
}

/**
 * A band to draw: its days and colour; `step` draws each day's values flat across the whole day
 * (behind 15-minute readings) instead of joining one day's point to the next.
 */
export interface NormalBand {
  days: NormalBandDay[];
  color: string;
  step?: boolean;
}

const DAY_MS = 24 * 60 * 60_000;

/** The band day an instant falls in (the last day starting at or before it, within a day of its start), if any. */
export function bandDayAt(days: readonly NormalBandDay[], ms: number): NormalBandDay | undefined {
  for (let i = days.length - 1; i >= 0; i--) if (days[i].at <= ms) return ms - days[i].at < DAY_MS ? days[i] : undefined;
  return undefined;
}

/** Legend names of the band's parts. */
export const NORMAL_BAND_NAMES = {
  inner: 'Normal range (25th-75th percentile)',
  outer: '10th-90th percentile',
  extremes: 'Minimum and maximum',
} as const;

export interface TimeSeriesOptionSettings {
  yAxisName?: string;
  /**
   * A percentile band drawn behind the lines: 25th-75th shaded, 10th-90th lighter, minimum and
   * maximum as thin dashed lines; each part has a legend entry and a tooltip line.
   */
  normalBand?: NormalBand;
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
  seriesIndex: number;
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

const difference = (high: number | null, low: number | null) => (high === null || low === null ? null : high - low);

/**
 * The band's ECharts series, drawn first so the lines sit on top. Each shaded range is a stack of
 * two series under one name: its lower edge (invisible) and its width, filled from the edge.
 */
export function normalBandSeries(band: NormalBand): object[] {
  // Drawn as steps, the last day also needs its end: its values again a day after its start.
  const last = band.days[band.days.length - 1];
  const days = band.step && last ? [...band.days, { ...last, at: last.at + DAY_MS }] : band.days;
  const at = (pick: (d: NormalBandDay) => number | null) => days.map((d) => [d.at, pick(d)] as [number, number | null]);
  const step = band.step ? { step: 'end' } : {};
  const hidden = { lineStyle: { opacity: 0 }, showSymbol: false, silent: true, emphasis: { disabled: true }, z: 1, ...step };
  const area = (
    name: string,
    stack: string,
    low: (d: NormalBandDay) => number | null,
    high: (d: NormalBandDay) => number | null,
    opacity: number,
  ) => [
    { type: 'line', name, stack, data: at(low), ...hidden, itemStyle: { color: band.color } },
    {
      type: 'line',
      name,
      stack,
      data: at((d) => difference(high(d), low(d))),
      ...hidden,
      itemStyle: { color: band.color },
      areaStyle: { color: band.color, opacity },
    },
  ];
  const edge = (pick: (d: NormalBandDay) => number | null) => ({
    type: 'line',
    name: NORMAL_BAND_NAMES.extremes,
    data: at(pick),
    showSymbol: false,
    silent: true,
    emphasis: { disabled: true },
    z: 1,
    ...step,
    itemStyle: { color: band.color },
    lineStyle: { width: 1, type: 'dashed', color: band.color, opacity: 0.8 },
  });
  return [
    ...area(
      NORMAL_BAND_NAMES.outer,
      'normal-outer',
      (d) => d.p10,
      (d) => d.p90,
      0.15,
    ),
    ...area(
      NORMAL_BAND_NAMES.inner,
      'normal-inner',
      (d) => d.p25,
      (d) => d.p75,
      0.3,
    ),
    edge((d) => d.min),
    edge((d) => d.max),
  ];
}

const range = (low: number | null, high: number | null) => (low === null || high === null ? 'not ranked' : `${low} - ${high}`);

/** The tooltip's lines of a band day: its ranges, never the stacked widths. */
export function bandTooltipLines(day: NormalBandDay | undefined): string[] {
  return day
    ? [`Normal (25th-75th): ${range(day.p25, day.p75)}`, `10th-90th: ${range(day.p10, day.p90)}`, `Min - max: ${range(day.min, day.max)}`]
    : [];
}

/** Number of ECharts series normalBandSeries draws. */
export const NORMAL_BAND_SERIES_COUNT = 6;

/** The ECharts option of a time-series line chart: time axis, inside + slider zoom, axis tooltip. */
export function buildTimeSeriesOption(series: TimeSeriesLine[], settings: TimeSeriesOptionSettings): EChartsCoreOption {
  const s = { ...settings, formatTime: safe(settings.formatTime), formatAxisTime: safe(settings.formatAxisTime) };
  const band = s.normalBand && s.normalBand.days.length > 0 ? s.normalBand : null;
  const bandSeries = band ? normalBandSeries(band) : [];
  const showLegend = series.length > 1 || band !== null;
  return {
    backgroundColor: s.background,
    animation: false,
    // The band's legend has four entries: one scrolling row, with room under it for the axis name.
    grid: { left: 56, right: 24, top: band ? 52 : showLegend ? 36 : 24, bottom: 64, containLabel: false },
    legend: showLegend
      ? {
          top: 0,
          ...(band ? { type: 'scroll' } : {}),
          textStyle: { color: s.textColor },
          data: [
            ...series.map((line) => line.name),
            ...(band ? [NORMAL_BAND_NAMES.inner, NORMAL_BAND_NAMES.outer, NORMAL_BAND_NAMES.extremes] : []),
          ],
        }
      : { show: false },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: TooltipParam[] | TooltipParam) => {
        const list = (Array.isArray(params) ? params : [params]).filter((p) => p.seriesIndex >= bandSeries.length);
        if (list.length === 0) return '';
        const head = s.formatTime(list[0].value[0]);
        const bandLines = band ? bandTooltipLines(bandDayAt(band.days, list[0].value[0])) : [];
        return [head, ...list.map((p) => `${p.marker}${p.seriesName}: <b>${p.value[1]}</b>`), ...bandLines].join('<br/>');
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
    series: [
      ...bandSeries,
      ...series.map((line) => {
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
          z: 2,
        };
      }),
    ],
  };
}
