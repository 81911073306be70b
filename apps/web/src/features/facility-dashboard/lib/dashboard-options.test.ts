import type { DashboardSeries, LastFewResponse, MonthlyResponse } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { buildGaugeOption, buildLastFewOption, buildMonthlyOption, distinctColors } from './dashboard-options';

const ctx = { textColor: '#333', formatTime: (ms: number) => `t${ms}`, formatAxisTime: (ms: number) => `a${ms}` };
const series = (over: Partial<DashboardSeries>): DashboardSeries => ({
  location_ndx: 1,
  location_id: 'MR-RES',
  parameter_ndx: 4,
  parameter_name: 'Storage Volume',
  unit_desc: 'af',
  kind: 'storage',
  legend_label: null,
  graph_series_color: null,
  graph_line_type: null,
  graph_line_width: null,
  graph_series_type: null,
  graph_area_opacity: null,
  axis_label: null,
  suppress_legend: false,
  ...over,
});

type Opt = {
  series: Record<string, unknown>[];
  legend: { data: string[] };
  yAxis: { name: string; gridIndex: number }[];
  xAxis: { data?: string[]; axisLabel: { show: boolean } }[];
  grid: unknown[];
};

describe('buildLastFewOption', () => {
  const data: LastFewResponse = {
    window_start: '2026-11-20T12:00:00.000Z',
    window_end: '2026-11-20T18:00:00.000Z',
    series: [
      series({
        legend_label: 'MR Storage',
        graph_series_type: 'area',
        graph_area_opacity: 0.4,
        graph_series_color: '#9467BD',
        graph_line_width: 2,
      }),
      series({
        parameter_ndx: 5,
        parameter_name: 'Percent Full',
        unit_desc: '%',
        kind: 'percent',
        graph_line_type: 'dashed',
        suppress_legend: true,
      }),
      series({ location_ndx: 2, location_id: 'MR-IN', parameter_ndx: 1, unit_desc: 'cfs', kind: 'flow' }),
    ],
    rows: [
      {
        collect_timestamp: '2026-11-20T17:00:00.000Z',
        result_value: 2500,
        location_ndx: 1,
        location_id: 'MR-RES',
        unit_desc: 'af',
        graph_series_color: null,
        parameter_ndx: 4,
      },
      {
        collect_timestamp: '2026-11-20T17:00:00.000Z',
        result_value: 62.5,
        location_ndx: 1,
        location_id: 'MR-RES',
        unit_desc: '%',
        graph_series_color: null,
        parameter_ndx: 5,
      },
    ],
  };

  it('draws series with data in their own style, a panel per unit, suppressed legends left out', () => {
    const chart = buildLastFewOption(data, ctx);
    const opt = chart.option as unknown as Opt;
    expect(opt.series).toHaveLength(2);
    expect(opt.series[0]).toMatchObject({
      type: 'line',
      name: 'MR Storage',
      xAxisIndex: 0,
      yAxisIndex: 0,
      areaStyle: { opacity: 0.4 },
      lineStyle: { width: 2, color: '#9467bd', type: 'solid' },
    });
    expect(opt.series[1]).toMatchObject({
      type: 'line',
      name: 'MR-RES Percent Full',
      xAxisIndex: 1,
      yAxisIndex: 1,
      lineStyle: { type: 'dashed', width: 1.5 },
    });
    expect(opt.series[0].data).toEqual([[Date.parse('2026-11-20T17:00:00.000Z'), 2500]]);
    expect(opt.legend.data).toEqual(['MR Storage']);
    expect(opt.yAxis.map((a) => [a.name, a.gridIndex])).toEqual([
      ['af', 0],
      ['%', 1],
    ]);
    expect(opt.grid).toHaveLength(2);
    // Time labels only under the last panel.
    expect(opt.xAxis.map((x) => x.axisLabel.show)).toEqual([false, true]);
    expect(chart.height).toBeGreaterThan(2 * 100);
  });
});

describe('buildMonthlyOption', () => {
  it('places months on the April-March axis and keeps only the asked kinds', () => {
    const data: MonthlyResponse = {
      water_year: 2026,
      start_date: '2026-04-01',
      end_date: '2027-03-31',
      series: [
        series({ location_id: 'TW-11', parameter_ndx: 3, unit_desc: 'gpm', kind: 'pumping' }),
        series({ parameter_ndx: 2, unit_desc: 'ft', kind: 'level' }),
      ],
      rows: [
        {
          location_ndx: 1,
          location_id: 'TW-11',
          parameter_ndx: 3,
          collect_month: 4,
          collect_year: 2026,
          result_value: 1.77,
          unit_desc: 'af',
          graph_series_color: null,
          day_count: 1,
        },
        {
          location_ndx: 1,
          location_id: 'TW-11',
          parameter_ndx: 3,
          collect_month: 3,
          collect_year: 2027,
          result_value: 2,
          unit_desc: 'af',
          graph_series_color: null,
          day_count: 1,
        },
        {
          location_ndx: 1,
          location_id: 'TW-11',
          parameter_ndx: 2,
          collect_month: 4,
          collect_year: 2026,
          result_value: 105.5,
          unit_desc: 'ft',
          graph_series_color: null,
          day_count: 2,
        },
      ],
    };
    const opt = buildMonthlyOption(data, ['pumping'], ctx).option as unknown as Opt;
    expect(opt.xAxis[0].data?.[0]).toBe('Apr 2026');
    expect(opt.series).toHaveLength(1);
    expect(opt.series[0].data).toEqual([1.77, null, null, null, null, null, null, null, null, null, null, 2]);
    expect(opt.yAxis[0].name).toBe('af');
  });
});

describe('gauge and axes', () => {
  it('shows pct_full × 100', () => {
    const opt = buildGaugeOption(0.6254, '#2CA02C', '#333') as { series: { data: { value: number }[] }[] };
    expect(opt.series[0].data[0].value).toBe(62.5);
  });

  it('keeps series colours, giving repeated ones palette colours', () => {
    expect(distinctColors(['#D62728', '#d62728', null, '#1F77B4'])).toEqual(['#d62728', '#5470c6', '#91cc75', '#1f77b4']);
  });
});
