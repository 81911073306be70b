import type { DashboardSeries, DashboardSeriesKind, LastFewResponse, MonthlyResponse, WellCurrentValue } from '@portal/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { waterYearMonths } from './format';

/** Pure ECharts options of the dashboard's charts; the components only mount them. */

export interface ChartContext {
  textColor: string;
  /** Instant (epoch ms) for the tooltip, shown in the district zone. */
  formatTime: (ms: number) => string;
  formatAxisTime: (ms: number) => string;
}

export const seriesName = (s: Pick<DashboardSeries, 'legend_label' | 'location_id' | 'parameter_name'>) =>
  s.legend_label ?? `${s.location_id} ${s.parameter_name}`;
const keyOf = (s: { location_ndx: number; parameter_ndx: number }) => `${s.location_ndx}:${s.parameter_ndx}`;

/** A chart with one stacked panel per unit, so no two units share (or fight over) an axis. */
export interface PanelChart {
  option: EChartsCoreOption;
  height: number;
}

const PANEL_HEIGHT = 120;
const PANEL_GAP = 36;
const LEGEND_SPACE = 52;
const BOTTOM_SPACE = 28;

/**
 * Grids, x axes and y axes of stacked panels; x labels only under the last panel. `scale`
 * fits the axis to the data (lines); bars need an axis from zero, or their lengths lie.
 */
function panels(units: string[], textColor: string, xAxis: Record<string, unknown>, scale: boolean) {
  const last = units.length - 1;
  const grid = units.map((_, i) => ({ left: 64, right: 16, top: LEGEND_SPACE + i * (PANEL_HEIGHT + PANEL_GAP), height: PANEL_HEIGHT }));
  const xAxes = units.map((_, i) => ({ ...xAxis, gridIndex: i, axisLabel: { ...(xAxis.axisLabel as object), show: i === last } }));
  const yAxes = units.map((unit, i) => ({
    type: 'value',
    scale,
    gridIndex: i,
    name: unit,
    nameTextStyle: { color: textColor, align: 'right' },
    axisLabel: { color: textColor },
  }));
  const height = LEGEND_SPACE + units.length * PANEL_HEIGHT + Math.max(0, last) * PANEL_GAP + BOTTOM_SPACE;
  return { grid, xAxes, yAxes, height };
}

// ECharts' default palette: colours for series that would repeat an earlier series' colour.
const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];

/**
 * Each series keeps its own graph_series_color unless an earlier series already uses it (every
 * pumping well has the same colour): then it takes the next unused palette colour.
 */
export function distinctColors(colors: (string | null)[]): (string | undefined)[] {
  const used = new Set<string>();
  let next = 0;
  return colors.map((c) => {
    let color = c?.toLowerCase() ?? undefined;
    if (!color || used.has(color)) {
      while (next < PALETTE.length && used.has(PALETTE[next])) next++;
      color = next < PALETTE.length ? PALETTE[next++] : undefined;
    }
    if (color) used.add(color);
    return color;
  });
}

/** The series' own look: type, colour, line type and width, area opacity (location_parameter). */
function styled(s: DashboardSeries, color: string | undefined) {
  const lineStyle = { type: s.graph_line_type ?? 'solid', width: s.graph_line_width ?? 1.5, ...(color ? { color } : {}) };
  const itemStyle = color ? { color } : {};
  switch (s.graph_series_type) {
    case 'bar':
      return { type: 'bar', itemStyle, barMaxWidth: 16 };
    case 'scatter':
      return { type: 'scatter', itemStyle, symbolSize: 5 };
    case 'area':
      return { type: 'line', showSymbol: false, lineStyle, itemStyle, areaStyle: { opacity: s.graph_area_opacity ?? 0.3 } };
    default:
      return { type: 'line', showSymbol: false, lineStyle, itemStyle };
  }
}

const legendOf = (series: DashboardSeries[], textColor: string) => ({
  type: 'scroll',
  top: 0,
  // suppress_legend keeps a series on the chart but out of the legend.
  data: series.filter((s) => !s.suppress_legend).map(seriesName),
  textStyle: { color: textColor },
});

/** 'Last 6 hours': one line per series with data in the window, a panel per unit. */
export function buildLastFewOption(data: LastFewResponse, ctx: ChartContext): PanelChart {
  const points = new Map<string, [number, number][]>();
  for (const r of data.rows) {
    const k = keyOf(r);
    const list = points.get(k) ?? [];
    list.push([Date.parse(r.collect_timestamp), r.result_value]);
    points.set(k, list);
  }
  const shown = data.series.filter((s) => points.has(keyOf(s)));
  const units = [...new Set(shown.map((s) => s.unit_desc ?? ''))];
  const colors = distinctColors(shown.map((s) => s.graph_series_color));
  const layout = panels(
    units,
    ctx.textColor,
    {
      type: 'time',
      min: data.window_start ? Date.parse(data.window_start) : undefined,
      max: data.window_end ? Date.parse(data.window_end) : undefined,
      axisLabel: { color: ctx.textColor, hideOverlap: true, formatter: (ms: number) => ctx.formatAxisTime(ms) },
    },
    true,
  );
  return {
    height: layout.height,
    option: {
      animation: false,
      grid: layout.grid,
      legend: legendOf(shown, ctx.textColor),
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      tooltip: {
        trigger: 'axis',
        confine: true,
        // The header is the instant in the district zone ('MM/DD/YYYY, h:mm a'), not the browser's zone.
        formatter: (params: TooltipParam[] | TooltipParam) => {
          const list = Array.isArray(params) ? params : [params];
          if (list.length === 0) return '';
          return [ctx.formatTime(list[0].value[0]), ...list.map((p) => `${p.marker}${p.seriesName}: <b>${p.value[1]}</b>`)].join('<br/>');
        },
      },
      xAxis: layout.xAxes,
      yAxis: layout.yAxes,
      series: shown.map((s, i) => {
        const panel = units.indexOf(s.unit_desc ?? '');
        return { ...styled(s, colors[i]), name: seriesName(s), xAxisIndex: panel, yAxisIndex: panel, data: points.get(keyOf(s)) };
      }),
    },
  };
}

interface TooltipParam {
  seriesName: string;
  marker: string;
  value: [number, number];
}

const RATE_KINDS: DashboardSeriesKind[] = ['flow', 'pumping'];

/** Monthly bars over the twelve water-year months, a panel per unit; volumes in af, other kinds as means. */
export function buildMonthlyOption(data: MonthlyResponse, kinds: readonly DashboardSeriesKind[], ctx: ChartContext): PanelChart {
  const months = waterYearMonths(data.water_year);
  const slot = new Map(months.map((m, i) => [`${m.year}-${m.month}`, i]));
  const values = new Map<string, (number | null)[]>();
  for (const r of data.rows) {
    const i = slot.get(`${r.collect_year}-${r.collect_month}`);
    if (i === undefined) continue;
    const list = values.get(keyOf(r)) ?? Array<number | null>(12).fill(null);
    list[i] = r.result_value;
    values.set(keyOf(r), list);
  }
  const shown = data.series.filter((s) => kinds.includes(s.kind) && values.has(keyOf(s)));
  const unitOf = (s: DashboardSeries) => (RATE_KINDS.includes(s.kind) ? 'af' : (s.unit_desc ?? ''));
  const units = [...new Set(shown.map(unitOf))];
  const colors = distinctColors(shown.map((s) => s.graph_series_color));
  const layout = panels(
    units,
    ctx.textColor,
    { type: 'category', data: months.map((m) => m.label), axisLabel: { color: ctx.textColor, hideOverlap: true } },
    false,
  );
  return {
    height: layout.height,
    option: {
      animation: false,
      grid: layout.grid,
      legend: legendOf(shown, ctx.textColor),
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      tooltip: { trigger: 'axis', confine: true },
      xAxis: layout.xAxes,
      yAxis: layout.yAxes,
      series: shown.map((s, i) => {
        const panel = units.indexOf(unitOf(s));
        return {
          type: 'bar',
          name: seriesName(s),
          xAxisIndex: panel,
          yAxisIndex: panel,
          itemStyle: colors[i] ? { color: colors[i] } : {},
          barMaxWidth: 18,
          data: values.get(keyOf(s)),
        };
      }),
    },
  };
}

/** A 0-100 gauge of percent full (pct_full × 100). */
export function buildGaugeOption(pctFull: number, color: string, textColor: string): EChartsCoreOption {
  const value = Math.round(pctFull * 1000) / 10;
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        radius: '92%',
        progress: { show: true, width: 10, itemStyle: { color } },
        axisLine: { lineStyle: { width: 10 } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        title: { show: false },
        detail: { valueAnimation: false, offsetCenter: [0, '10%'], fontSize: 18, color: textColor, formatter: '{value}%' },
        data: [{ value }],
      },
    ],
  };
}

/** Current values by well: level (ft) on the left axis, pumping (gpm) on the right. */
export function buildWellValuesOption(
  wells: WellCurrentValue[],
  ctx: ChartContext,
  colors: { level: string; gpm: string },
): EChartsCoreOption {
  const axis = (name: string, position: 'left' | 'right') => ({
    type: 'value',
    name,
    position,
    nameTextStyle: { color: ctx.textColor },
    axisLabel: { color: ctx.textColor },
    splitLine: { show: position === 'left' },
  });
  return {
    animation: false,
    grid: { left: 56, right: 56, top: 48, bottom: 32 },
    legend: { top: 0, textStyle: { color: ctx.textColor } },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', data: wells.map((w) => w.location_id), axisLabel: { color: ctx.textColor, hideOverlap: true } },
    yAxis: [axis('ft', 'left'), axis('gpm', 'right')],
    series: [
      {
        type: 'bar',
        name: 'Water Level (ft)',
        yAxisIndex: 0,
        barMaxWidth: 18,
        itemStyle: { color: colors.level },
        data: wells.map((w) => w.current_level_ft),
      },
      {
        type: 'bar',
        name: 'Pumping Rate (gpm)',
        yAxisIndex: 1,
        barMaxWidth: 18,
        itemStyle: { color: colors.gpm },
        data: wells.map((w) => w.current_gpm),
      },
    ],
  };
}
