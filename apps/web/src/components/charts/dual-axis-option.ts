import { bandDayAt, bandTooltipLines, breakAtGaps, lineSampling, normalBandSeries, type NormalBand } from './time-series-option';
import type { EChartsCoreOption } from 'echarts/core';

/** A line on the left or right value axis. */
export interface AxisLine {
  name: string;
  /** [epoch ms, value], oldest first. */
  points: [number, number][];
  axis: 'left' | 'right';
  units?: string | null;
  color?: string | null;
  /**
   * Time between two drawn points when the readings are regular: the data's interval, times the
   * thinning factor when the points were thinned. Points further apart than GAP_INTERVALS steps
   * are a gap in the data and the line is broken there; without a step the line is drawn as it is.
   */
  stepMs?: number;
}

export interface DualAxisSettings {
  leftAxisName?: string;
  rightAxisName?: string;
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number) => string;
  textColor: string;
  /** The data's interval in ms (a day for daily means): x-axis ticks are never closer than one reading. */
  intervalMs?: number;
  /** The chart's width in px, when known: a narrow chart gets fewer x ticks, each label room to show. */
  widthPx?: number;
  /** A day-of-year percentile band behind the left axis's lines, drawn and named as on the time-series chart. */
  normalBand?: NormalBand;
}

/** Legend hover fades the other series to 0.25 and shows the hovered one at 0.9. */
export const LEGEND_HOVER_OPACITY = { others: 0.25, hovered: 0.9 } as const;
/** The x axis shows at most 9 ticks. */
export const MAX_X_TICKS = 9;

/**
 * Axis padding: minimum floored minus 3, not below 0; maximum ceiled plus 3. Data below
 * zero keeps its own floor (the rule must never hide values). null without values.
 */
export function paddedAxisRange(values: Iterable<number>): { min: number; max: number } | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo === Infinity) return null;
  const min = Math.floor(lo) - 3;
  return { min: lo >= 0 ? Math.max(0, min) : min, max: Math.ceil(hi) + 3 };
}

function* valuesOf(lines: AxisLine[]): Generator<number> {
  for (const line of lines) for (const p of line.points) yield p[1];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Tick steps a reader counts easily, shortest first. */
const X_TICK_STEPS_MS = [
  HOUR_MS,
  2 * HOUR_MS,
  3 * HOUR_MS,
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  2 * DAY_MS,
  3 * DAY_MS,
  7 * DAY_MS,
  14 * DAY_MS,
  30 * DAY_MS,
  61 * DAY_MS,
  91 * DAY_MS,
  182 * DAY_MS,
  365 * DAY_MS,
];

/**
 * The x-axis tick instants over [from, to]: at most MAX_X_TICKS, one step apart, counted from
 * `from` (the first reading, a district midnight for daily data), the shortest step that keeps
 * the count within the limit and is not shorter than the data's interval (`minStepMs`: daily
 * means over three days get one tick a day, never two ticks on the same date). ECharts' time axis
 * ignores a fixed interval, so the chart is given these values to label, again after each zoom.
 */
export function xAxisTicks(from: number, to: number, minStepMs = 0): number[] {
  if (!(to >= from)) return [];
  const span = to - from;
  let step =
    X_TICK_STEPS_MS.find((s) => s >= minStepMs && Math.floor(span / s) + 1 <= MAX_X_TICKS) ??
    Math.max(minStepMs, Math.ceil(span / (MAX_X_TICKS - 1)));
  // A step longer than the whole span would leave one label: label both ends instead.
  if (step > span && span >= minStepMs && span > 0) step = span;
  const ticks: number[] = [];
  for (let t = from; t <= to && ticks.length < MAX_X_TICKS; t += step) ticks.push(t);
  return ticks;
}

/** Room an x-axis label takes on the chart: about 7 px a character at the axis font, plus a gap. */
export const xLabelRoomPx = (label: string) => Math.max(60, label.length * 7 + 24);

/**
 * The x ticks of a chart: never closer than the data's interval, nor closer than a label's room
 * on a plot `plotWidthPx` wide (a phone chart gets two dates, not four of which three hide).
 */
export function fittedXAxisTicks(
  from: number,
  to: number,
  fit: {
    intervalMs?: number;
    plotWidthPx?: number;
    formatAxisTime: (ms: number) => string;
    /** The readings' instants, oldest first: ticks a day or more apart are moved onto the nearest one. */
    instants?: readonly number[];
  },
): number[] {
  const span = to - from;
  const room = fit.plotWidthPx && fit.plotWidthPx > 0 && span > 0 ? (span * xLabelRoomPx(fit.formatAxisTime(from))) / fit.plotWidthPx : 0;
  const ticks = xAxisTicks(from, to, Math.max(fit.intervalMs ?? 0, room));
  if (!fit.instants?.length || ticks.length < 2 || ticks[1] - ticks[0] < DAY_MS) return ticks;
  return onReadings(ticks, fit.instants);
}

/**
 * Day-step ticks moved onto the nearest reading within half a day: a district midnight is 23 or 25
 * hours after the one before when the clock changes, so counting 24-hour steps from the first one
 * would tick an hour before midnight (the previous date's label) after a change.
 */
function onReadings(ticks: number[], instants: readonly number[]): number[] {
  const out: number[] = [];
  for (const tick of ticks) {
    let lo = 0;
    let hi = instants.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (instants[mid] < tick) lo = mid + 1;
      else hi = mid;
    }
    const candidates = [instants[lo], instants[lo - 1]].filter((t): t is number => t !== undefined);
    const nearest = candidates.reduce((a, b) => (Math.abs(b - tick) < Math.abs(a - tick) ? b : a));
    const moved = Math.abs(nearest - tick) <= DAY_MS / 2 ? nearest : tick;
    if (out[out.length - 1] !== moved) out.push(moved);
  }
  return out;
}

/** Every line's reading instants in one sorted list without repeats. */
export function readingInstants(lines: AxisLine[]): number[] {
  const all = lines.flatMap((l) => l.points.map((p) => p[0])).sort((a, b) => a - b);
  return all.filter((t, i) => i === 0 || t !== all[i - 1]);
}

/** A 'nice' step (1, 2 or 5 times a power of ten) for about five value-axis intervals. */
function niceStep(span: number): number {
  const raw = span / 5;
  if (!(raw > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  return (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 5 ? 5 : 10) * magnitude;
}

/**
 * A padded value axis's ticks: a nice interval between the padded bounds, and the bounds' own labels
 * only where they keep half an interval from the nearest tick (else '1,500' is printed over '1,493').
 */
export function valueAxisTicks(range: { min: number; max: number }): { interval: number; showMinLabel: boolean; showMaxLabel: boolean } {
  const interval = niceStep(range.max - range.min);
  const firstTick = Math.ceil(range.min / interval) * interval;
  const lastTick = Math.floor(range.max / interval) * interval;
  const clear = (gap: number) => gap === 0 || gap >= interval / 2;
  return { interval, showMinLabel: clear(firstTick - range.min), showMaxLabel: clear(range.max - lastTick) };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const safe = (fmt: (ms: number) => string) => (ms: unknown) => (typeof ms === 'number' && Number.isFinite(ms) ? fmt(ms) : '');

interface TooltipParam {
  seriesIndex: number;
  marker: string;
  value: [number, number | null];
}

/** The ECharts option of a two-axis time chart: padded axes, ≤ 9 x ticks, zoom, legend hover fade, tooltip label / value / units. */
export function buildDualAxisOption(lines: AxisLine[], settings: DualAxisSettings): EChartsCoreOption {
  const s = { ...settings, formatTime: safe(settings.formatTime), formatAxisTime: safe(settings.formatAxisTime) };
  const left = lines.filter((l) => l.axis === 'left');
  const band = s.normalBand && s.normalBand.days.length > 0 ? s.normalBand : null;
  // The left axis spans the band too, so its lines and extremes are never cut off.
  const bandValues = (band?.days ?? []).flatMap((d) => [d.min, d.p10, d.p90, d.max].filter((v): v is number => v !== null));
  const right = lines.filter((l) => l.axis === 'right');
  let from = Infinity;
  let to = -Infinity;
  for (const l of lines) if (l.points.length) [from, to] = [Math.min(from, l.points[0][0]), Math.max(to, l.points[l.points.length - 1][0])];
  const hasData = from <= to;
  const gridRight = right.length ? 64 : 24;
  const ticks = hasData
    ? fittedXAxisTicks(from, to, {
        intervalMs: s.intervalMs,
        plotWidthPx: s.widthPx && s.widthPx - 64 - gridRight,
        formatAxisTime: s.formatAxisTime,
        instants: readingInstants(lines),
      })
    : [];
  const valueAxis = (range: { min: number; max: number } | null, name: string | undefined, position: 'left' | 'right', show: boolean) => {
    const ticks = range ? valueAxisTicks(range) : null;
    return {
      type: 'value',
      position,
      show,
      name,
      nameTextStyle: { color: s.textColor, align: position },
      // The padded bounds are labelled where they keep clear of the nearest tick.
      axisLabel: {
        color: s.textColor,
        hideOverlap: true,
        ...(ticks ? { showMinLabel: ticks.showMinLabel, showMaxLabel: ticks.showMaxLabel } : {}),
      },
      splitLine: { show: position === 'left' },
      ...(range && ticks ? { ...range, interval: ticks.interval } : { scale: true }),
    };
  };
  return {
    backgroundColor: 'transparent',
    animation: false,
    grid: { left: 64, right: gridRight, top: 56, bottom: 64 },
    legend: { top: 0, type: 'scroll', textStyle: { color: s.textColor } },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: TooltipParam[] | TooltipParam) => {
        // The empty points that break a line at a gap are not readings.
        const list = (Array.isArray(params) ? params : [params]).filter((p) => p.value[1] !== null && p.seriesIndex < lines.length);
        if (list.length === 0) return '';
        const bandLines = band ? bandTooltipLines(bandDayAt(band.days, list[0].value[0])).map(escapeHtml) : [];
        return [
          escapeHtml(s.formatTime(list[0].value[0])),
          ...list.map((p) => {
            const line = lines[p.seriesIndex];
            const units = line?.units ? ` ${escapeHtml(line.units)}` : '';
            return `${p.marker}${escapeHtml(line?.name ?? '')}: <b>${p.value[1]}</b>${units}`;
          }),
          ...bandLines,
        ].join('<br/>');
      },
    },
    xAxis: {
      type: 'time',
      ...(hasData ? { min: from, max: to } : {}),
      axisTick: hasData ? { customValues: ticks } : {},
      axisLabel: {
        color: s.textColor,
        hideOverlap: true,
        formatter: (ms: number) => s.formatAxisTime(ms),
        ...(hasData ? { customValues: ticks } : {}),
      },
    },
    yAxis: [
      valueAxis(paddedAxisRange([...valuesOf(left), ...bandValues]), s.leftAxisName, 'left', true),
      valueAxis(paddedAxisRange(valuesOf(right)), s.rightAxisName, 'right', right.length > 0),
    ],
    dataZoom: hasData
      ? [
          { type: 'inside', filterMode: 'none', xAxisIndex: 0 },
          {
            type: 'slider',
            filterMode: 'none',
            xAxisIndex: 0,
            height: 22,
            bottom: 12,
            labelFormatter: (ms: number) => s.formatAxisTime(ms),
          },
        ]
      : [],
    // The band's series come after the lines (the tooltip reads lines by index) and sit under them (z 1).
    series: [
      ...lines.map((line) => {
        const data = breakAtGaps(line.points, line.stepMs);
        return {
          type: 'line',
          name: line.name,
          yAxisIndex: line.axis === 'left' ? 0 : 1,
          data,
          showSymbol: false,
          sampling: lineSampling(data),
          lineStyle: { width: 1.5, opacity: LEGEND_HOVER_OPACITY.hovered, ...(line.color ? { color: line.color } : {}) },
          ...(line.color ? { itemStyle: { color: line.color } } : {}),
          // Hovering a legend entry highlights its series and blurs the rest.
          emphasis: { focus: 'series', lineStyle: { width: 2, opacity: LEGEND_HOVER_OPACITY.hovered } },
          blur: { lineStyle: { opacity: LEGEND_HOVER_OPACITY.others }, itemStyle: { opacity: LEGEND_HOVER_OPACITY.others } },
        };
      }),
      ...(band ? normalBandSeries(band) : []),
    ],
  };
}
