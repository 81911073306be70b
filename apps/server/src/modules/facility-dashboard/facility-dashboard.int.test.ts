import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationParameter,
  makeLocationType,
  makeParameter,
  makeUnit,
  makeUser,
  makeWaterbody,
} from '../../../test/factories';
import { localDateOf } from '../../db/local-day';
import { ingestObservations } from '../timeseries/index';
import { waterYearOf } from '@portal/contracts';

// Hand-computed expectations: 1 cfs-day = 1.983471 af; 1 gpm-day = 1440 / 325,851 af.
const CFS_DAY = 1.983471;
const GPM_DAY = 1440 / 325_851;
const BASE = '/api/get-display-facility';

describe('facility dashboard API', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    await makeFacilityType(db, { facility_type_ndx: 1, facility_type_desc: 'Storage/Reservoirs' });
    await makeFacilityType(db, { facility_type_ndx: 2, facility_type_desc: 'Wells' });
    await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Reservoir' });
    await makeLocationType(db, { location_type_ndx: 2, location_type_desc: 'Well' });
    await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'Off-channel Storage' });
    for (const [unit_ndx, unit_desc] of [
      [1, 'cfs'],
      [2, 'ft'],
      [3, 'gpm'],
      [4, 'af'],
      [5, '%'],
    ] as const)
      await makeUnit(db, { unit_ndx, unit_desc });
    await makeParameter(db, { parameter_ndx: 1, parameter_name: 'Flow', unit_ndx: 1, value_field: 'flow_cfs', display_order: 1 });
    await makeParameter(db, { parameter_ndx: 2, parameter_name: 'Water Level', unit_ndx: 2, value_field: 'level_ft', display_order: 2 });
    await makeParameter(db, { parameter_ndx: 3, parameter_name: 'Pumping Rate', unit_ndx: 3, value_field: null, display_order: 3 });
    await makeParameter(db, { parameter_ndx: 4, parameter_name: 'Storage Volume', unit_ndx: 4, value_field: null, display_order: 4 });
    await makeParameter(db, { parameter_ndx: 5, parameter_name: 'Percent Full', unit_ndx: 5, value_field: null, display_order: 5 });
    const locations = [
      [1, 'MR-RES', 'MR Res', 'Milton Reservoir', 1],
      [2, 'MR-IN', 'MR Inlet', 'Milton Inlet', 1],
      [3, 'TW-11', 'TW-11', 'Well 11', 2],
      [4, 'TW-12', 'TW-12', 'Well 12', 2],
      [6, 'TW-13', 'TW-13', 'Well 13', 2],
      [7, 'MR-RES2', 'MR Res 2', 'Milton Reservoir 2', 1],
      [8, 'OTHER', 'Other', 'Elsewhere', 2],
    ] as const;
    for (const [location_ndx, location_id, location_display_label, location_name, location_type_ndx] of locations)
      await makeLocation(db, {
        location_ndx,
        location_id,
        location_display_label,
        location_name,
        location_type_ndx,
        waterbody_ndx: 1,
        latitude: null,
        longitude: null,
      });
    // Location 2 is listed twice: it counts once, in its first place.
    await makeFacility(db, {
      facility_ndx: 10,
      facility_name: 'Milton Storage',
      facility_type_ndx: 1,
      widget_order: ['004_pctfull', '000_ytd'],
      array_location_ndx: [2, 1, 7, 2],
      array_parameter_ndx: [1, 4, 5],
    });
    await makeFacility(db, {
      facility_ndx: 11,
      facility_name: 'Well Field 1',
      facility_type_ndx: 2,
      widget_order: ['current_values_by_well'],
      array_location_ndx: [3, 4, 6],
      array_parameter_ndx: [2, 3],
    });
    await makeFacility(db, {
      facility_ndx: 12,
      facility_name: 'Hidden Field',
      facility_type_ndx: 2,
      widget_order: [],
      array_location_ndx: [8],
      array_parameter_ndx: [2],
    });
    await makeFacility(db, {
      facility_ndx: 13,
      facility_name: 'Empty Storage',
      facility_type_ndx: 1,
      widget_order: [],
      array_location_ndx: [],
      array_parameter_ndx: [],
    });
    await makeLocationParameter(db, {
      location_ndx: 1,
      parameter_ndx: 4,
      legend_label: 'MR Storage (af)',
      graph_series_color: '#9467BD',
      graph_line_type: 'solid',
      graph_line_width: 2,
      graph_series_type: 'area',
      graph_area_opacity: 0.3,
      axis_label: 'Storage (af)',
      suppress_legend: false,
    });
    await makeLocationParameter(db, {
      location_ndx: 1,
      parameter_ndx: 5,
      legend_label: 'MR Percent Full',
      graph_series_color: '#2CA02C',
      graph_line_type: 'dashed',
      graph_line_width: 1.5,
      graph_series_type: 'line',
      graph_area_opacity: null,
      axis_label: 'Percent Full',
      suppress_legend: true,
    });
    await makeLocationParameter(db, {
      location_ndx: 2,
      parameter_ndx: 1,
      legend_label: 'MR Inlet Flow (cfs)',
      graph_series_color: '#1F77B4',
      graph_line_type: 'solid',
      graph_line_width: 2,
      graph_series_type: 'line',
      graph_area_opacity: null,
      axis_label: 'Flow (cfs)',
      suppress_legend: false,
    });
    await makeLocationParameter(db, {
      location_ndx: 3,
      parameter_ndx: 2,
      legend_label: 'TW-11 Level',
      graph_series_color: '#8C564B',
      graph_line_type: 'solid',
      graph_line_width: 1.5,
      graph_series_type: 'line',
      graph_area_opacity: null,
      axis_label: 'ft',
      suppress_legend: false,
    });
    await makeLocationParameter(db, {
      location_ndx: 3,
      parameter_ndx: 3,
      legend_label: 'TW-11 Pumping',
      graph_series_color: '#D62728',
      graph_line_type: 'solid',
      graph_line_width: 1.5,
      graph_series_type: 'bar',
      graph_area_opacity: null,
      axis_label: 'gpm',
      suppress_legend: false,
    });
    await makeLocationParameter(db, {
      location_ndx: 4,
      parameter_ndx: 2,
      legend_label: 'TW-12 Level',
      graph_series_color: '#8C564B',
      graph_line_type: 'solid',
      graph_line_width: 1.5,
      graph_series_type: 'line',
      graph_area_opacity: null,
      axis_label: 'ft',
      suppress_legend: false,
    });
    await makeLocationParameter(db, {
      location_ndx: 6,
      parameter_ndx: 3,
      legend_label: 'TW-13 Pumping',
      graph_series_color: '#D62728',
      graph_line_type: 'solid',
      graph_line_width: 1.5,
      graph_series_type: 'bar',
      graph_area_opacity: null,
      axis_label: 'gpm',
      suppress_legend: false,
    });
    for (const [location_ndx, parameter_ndx] of [
      [7, 4],
      [7, 5],
      [8, 2],
    ])
      await makeLocationParameter(db, { location_ndx, parameter_ndx, suppress_legend: false });
    await makeUser(db, { user_id: 'usr_u', name: 'U', nickname: 'u', email: 'u@example.org', facilities: [10, 11] });
    const obs = (locationNdx: number, parameterNdx: number, iso: string, resultValue: number) => ({
      locationNdx,
      parameterNdx,
      collectTimestamp: new Date(iso),
      resultValue,
    });
    await ingestObservations(h.t.db, [
      // Inlet flow. March 31 local (MDT, UTC-6): 12:00 and 23:30 -> daily mean 15; March 15 -> 30.
      obs(2, 1, '2026-03-15T18:00:00Z', 30),
      obs(2, 1, '2026-03-31T18:00:00Z', 10),
      obs(2, 1, '2026-04-01T05:30:00Z', 20),
      // April 1 local: 00:15 and 12:00 -> mean 6; April 2 -> 2.
      obs(2, 1, '2026-04-01T06:15:00Z', 4),
      obs(2, 1, '2026-04-01T18:00:00Z', 8),
      obs(2, 1, '2026-04-02T18:00:00Z', 2),
      // November 20 local (MST, UTC-7): mean 3. 18:00Z is the facility's newest value.
      obs(2, 1, '2026-11-20T11:45:00Z', 1),
      obs(2, 1, '2026-11-20T12:00:00Z', 2),
      obs(2, 1, '2026-11-20T15:00:00Z', 3),
      obs(2, 1, '2026-11-20T18:00:00Z', 6),
      // A flow at the reservoir with data but no location_parameter row: still a series.
      obs(1, 1, '2026-11-20T17:30:00Z', 7),
      obs(1, 4, '2026-11-20T11:59:00Z', 2400),
      obs(1, 4, '2026-11-20T17:00:00Z', 2500),
      obs(1, 5, '2026-11-20T17:00:00Z', 62.5),
      obs(7, 4, '2026-11-20T16:00:00Z', 0),
      obs(7, 5, '2026-11-20T16:00:00Z', 0),
      // Wells: TW-11 level April 1 (mean 101) and April 2 (110); pumping April 10 (mean 400) and now 450.
      obs(3, 2, '2026-04-01T18:00:00Z', 100),
      obs(3, 2, '2026-04-01T19:00:00Z', 102),
      obs(3, 2, '2026-04-02T18:00:00Z', 110),
      obs(3, 3, '2026-04-10T18:00:00Z', 500),
      obs(3, 3, '2026-04-10T20:00:00Z', 300),
      obs(3, 3, '2026-11-21T17:00:00Z', 450),
      obs(4, 2, '2026-11-21T12:00:00Z', 95.25),
      obs(6, 3, '2026-11-21T18:00:00Z', 250),
      obs(8, 2, '2026-11-21T18:00:00Z', 1),
    ]);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[] = ['User'], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  it("'Last 6 hours' returns every value in the 6 hours up to the facility's newest, with series settings", async () => {
    const res = await get(`${BASE}/lastfew/10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.window_start).toBe('2026-11-20T12:00:00.000Z');
    expect(body.window_end).toBe('2026-11-20T18:00:00.000Z');
    expect(body.series.map((s: { location_id: string; parameter_ndx: number }) => `${s.location_id}/${s.parameter_ndx}`)).toEqual([
      'MR-IN/1',
      'MR-RES/1',
      'MR-RES/4',
      'MR-RES/5',
      'MR-RES2/4',
      'MR-RES2/5',
    ]);
    expect(body.series[3]).toMatchObject({
      legend_label: 'MR Percent Full',
      graph_line_type: 'dashed',
      graph_line_width: 1.5,
      suppress_legend: true,
      kind: 'percent',
      unit_desc: '%',
    });
    expect(body.series[1]).toMatchObject({ legend_label: null, graph_series_color: null, kind: 'flow' });
    const cells = body.rows.map((r: { location_id: string; parameter_ndx: number; collect_timestamp: string; result_value: number }) => [
      r.location_id,
      r.parameter_ndx,
      r.collect_timestamp,
      r.result_value,
    ]);
    expect(cells).toEqual([
      ['MR-RES', 1, '2026-11-20T17:30:00.000Z', 7],
      ['MR-RES', 4, '2026-11-20T17:00:00.000Z', 2500],
      ['MR-RES', 5, '2026-11-20T17:00:00.000Z', 62.5],
      ['MR-IN', 1, '2026-11-20T12:00:00.000Z', 2],
      ['MR-IN', 1, '2026-11-20T15:00:00.000Z', 3],
      ['MR-IN', 1, '2026-11-20T18:00:00.000Z', 6],
      ['MR-RES2', 4, '2026-11-20T16:00:00.000Z', 0],
      ['MR-RES2', 5, '2026-11-20T16:00:00.000Z', 0],
    ]);
    expect(body.rows[3]).toEqual({
      collect_timestamp: '2026-11-20T12:00:00.000Z',
      result_value: 2,
      location_ndx: 2,
      location_id: 'MR-IN',
      unit_desc: 'cfs',
      graph_series_color: '#1F77B4',
      parameter_ndx: 1,
    });
  });

  it('splits months and year-to-date at the water year boundary (March 31 / April 1, local days)', async () => {
    const wy2025 = (await get(`${BASE}/monthly/10?water_year=2025`)).json();
    expect(wy2025).toMatchObject({ water_year: 2025, start_date: '2025-04-01', end_date: '2026-03-31' });
    expect(wy2025.rows).toHaveLength(1);
    expect(wy2025.rows[0]).toMatchObject({ location_id: 'MR-IN', collect_year: 2026, collect_month: 3, unit_desc: 'af', day_count: 2 });
    expect(wy2025.rows[0].result_value).toBeCloseTo((30 + 15) * CFS_DAY, 9);

    const wy2026 = (await get(`${BASE}/monthly/10?water_year=2026`)).json();
    const monthly = wy2026.rows.map(
      (r: { location_id: string; parameter_ndx: number; collect_month: number; result_value: number; unit_desc: string }) => [
        r.location_id,
        r.parameter_ndx,
        r.collect_month,
        r.unit_desc,
        r.result_value,
      ],
    );
    expect(monthly).toHaveLength(7);
    const find = (loc: string, param: number, month: number) =>
      monthly.find((m: unknown[]) => m[0] === loc && m[1] === param && m[2] === month);
    expect(find('MR-IN', 1, 4)[4]).toBeCloseTo((6 + 2) * CFS_DAY, 9);
    expect(find('MR-IN', 1, 11)[4]).toBeCloseTo(3 * CFS_DAY, 9);
    expect(find('MR-RES', 1, 11)[4]).toBeCloseTo(7 * CFS_DAY, 9);
    // Storage and percent full are means of daily means, in their own unit: (2400 + 2500) / 2 on one day.
    expect(find('MR-RES', 4, 11).slice(3)).toEqual(['af', 2450]);
    expect(find('MR-RES', 5, 11).slice(3)).toEqual(['%', 62.5]);

    const ytd2025 = (await get(`${BASE}/ytd/10?water_year=2025`)).json();
    expect(ytd2025.rows.map((r: { location_id: string }) => r.location_id)).toEqual(['MR-IN', 'MR-RES']);
    expect(ytd2025.rows[0]).toMatchObject({
      year: 2025,
      kind: 'flow',
      day_count: 2,
      last_date: '2026-03-31',
      legend_label: 'MR Inlet Flow (cfs)',
    });
    expect(ytd2025.rows[0].ytd_flow_af).toBeCloseTo(45 * CFS_DAY, 9);
    expect(ytd2025.rows[1]).toMatchObject({ ytd_flow_af: 0, day_count: 0, last_date: null });

    const ytd2026 = (await get(`${BASE}/ytd/10?water_year=2026`)).json();
    expect(ytd2026.rows[0]).toMatchObject({ year: 2026, day_count: 3, last_date: '2026-11-20' });
    expect(ytd2026.rows[0].ytd_flow_af).toBeCloseTo((6 + 2 + 3) * CFS_DAY, 9);
    expect(ytd2026.rows[1].ytd_flow_af).toBeCloseTo(7 * CFS_DAY, 9);

    // Without water_year: the water year of today in the district.
    const current = (await get(`${BASE}/ytd/10`)).json();
    expect(current.water_year).toBe(waterYearOf(localDateOf(new Date())));
  });

  it('gives percent full as a fraction with storage and remaining capacity', async () => {
    const res = await get(`${BASE}/pctfull/10`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      // Capacity 2500 / 0.625 = 4000 af, so 1500 af remain.
      {
        location_ndx: 1,
        location_id: 'MR-RES',
        pct_full: 0.625,
        curr_af: 2500,
        remaining_af: 1500,
        collect_timestamp: '2026-11-20T17:00:00.000Z',
      },
      {
        location_ndx: 7,
        location_id: 'MR-RES2',
        pct_full: 0,
        curr_af: 0,
        remaining_af: null,
        collect_timestamp: '2026-11-20T16:00:00.000Z',
      },
    ]);
  });

  it("gives each well's newest level and pumping rate, as a list and as a table", async () => {
    const graph = (await get(`${BASE}/eccv-current-values-by-well/graph/11`)).json();
    expect(graph).toEqual([
      {
        location_ndx: 3,
        location_id: 'TW-11',
        current_level_ft: 110,
        level_timestamp: '2026-04-02T18:00:00.000Z',
        current_gpm: 450,
        gpm_timestamp: '2026-11-21T17:00:00.000Z',
      },
      {
        location_ndx: 4,
        location_id: 'TW-12',
        current_level_ft: 95.25,
        level_timestamp: '2026-11-21T12:00:00.000Z',
        current_gpm: null,
        gpm_timestamp: null,
      },
      {
        location_ndx: 6,
        location_id: 'TW-13',
        current_level_ft: null,
        level_timestamp: null,
        current_gpm: 250,
        gpm_timestamp: '2026-11-21T18:00:00.000Z',
      },
    ]);
    const table = (await get(`${BASE}/eccv-current-values-by-well/table/11`)).json();
    expect(table.columns).toEqual([
      { field: 'location_id_TW-11', location_id: 'TW-11' },
      { field: 'location_id_TW-12', location_id: 'TW-12' },
      { field: 'location_id_TW-13', location_id: 'TW-13' },
    ]);
    expect(table.rows).toEqual([
      { metric: 'Water Level (ft)', 'location_id_TW-11': 110, 'location_id_TW-12': 95.25, 'location_id_TW-13': null },
      { metric: 'Pumping Rate (gpm)', 'location_id_TW-11': 450, 'location_id_TW-12': null, 'location_id_TW-13': 250 },
    ]);
  });

  it('totals the current pumping and converts monthly and year-to-date pumping to acre-feet', async () => {
    const totals = (await get(`${BASE}/eccv-current-totals/11`)).json();
    expect(totals).toMatchObject({
      well_count: 2,
      total_gpm: 700,
      oldest_timestamp: '2026-11-21T17:00:00.000Z',
      newest_timestamp: '2026-11-21T18:00:00.000Z',
    });
    expect(totals.total_af_per_day).toBeCloseTo(700 * GPM_DAY, 12);

    const monthly = (await get(`${BASE}/monthly/11?water_year=2026`)).json();
    const april = monthly.rows.filter((r: { collect_month: number }) => r.collect_month === 4);
    expect(
      april.map((r: { location_id: string; parameter_ndx: number; unit_desc: string; day_count: number }) => [
        r.location_id,
        r.parameter_ndx,
        r.unit_desc,
        r.day_count,
      ]),
    ).toEqual([
      ['TW-11', 2, 'ft', 2],
      ['TW-11', 3, 'af', 1],
    ]);
    expect(april[0].result_value).toBe((101 + 110) / 2);
    expect(april[1].result_value).toBeCloseTo(400 * GPM_DAY, 12);

    const ytd = (await get(`${BASE}/ytd/11?water_year=2026`)).json();
    expect(ytd.rows.map((r: { location_id: string; kind: string }) => [r.location_id, r.kind])).toEqual([
      ['TW-11', 'pumping'],
      ['TW-13', 'pumping'],
    ]);
    expect(ytd.rows[0].ytd_flow_af).toBeCloseTo((400 + 450) * GPM_DAY, 12);
    expect(ytd.rows[1].ytd_flow_af).toBeCloseTo(250 * GPM_DAY, 12);
  });

  it('authorises like the facility itself: 401, 403, 404 for a facility the User may not open', async () => {
    const paths = [
      'lastfew',
      'monthly',
      'ytd',
      'pctfull',
      'eccv-current-totals',
      'eccv-current-values-by-well/graph',
      'eccv-current-values-by-well/table',
    ];
    for (const p of paths) {
      expect((await h.app.inject({ url: `${BASE}/${p}/10` })).statusCode, p).toBe(401);
      expect((await get(`${BASE}/${p}/10`, [])).statusCode, p).toBe(403);
      const hidden = await get(`${BASE}/${p}/12`);
      expect(hidden.statusCode, p).toBe(404);
      expect(hidden.json().message).toBe('Facility 12 does not exist or you are not authorised for it');
      expect((await get(`${BASE}/${p}/12`, ['Administrator'], 'usr_admin')).statusCode, p).toBe(200);
      expect((await get(`${BASE}/${p}/999`, ['Administrator'], 'usr_admin')).statusCode, p).toBe(404);
    }
    const hiddenWells = (await get(`${BASE}/eccv-current-values-by-well/graph/12`, ['Developer'], 'usr_dev')).json();
    expect(hiddenWells).toEqual([
      {
        location_ndx: 8,
        location_id: 'OTHER',
        current_level_ft: 1,
        level_timestamp: '2026-11-21T18:00:00.000Z',
        current_gpm: null,
        gpm_timestamp: null,
      },
    ]);
  });

  it('answers a facility without series with empty widgets, not errors', async () => {
    const admin = (p: string) => get(`${BASE}/${p}/13`, ['Administrator'], 'usr_admin');
    expect((await admin('lastfew')).json()).toEqual({ window_start: null, window_end: null, series: [], rows: [] });
    expect((await get(`${BASE}/monthly/13?water_year=2026`, ['Administrator'], 'usr_admin')).json()).toEqual({
      water_year: 2026,
      start_date: '2026-04-01',
      end_date: '2027-03-31',
      series: [],
      rows: [],
    });
    expect((await get(`${BASE}/ytd/13?water_year=2026`, ['Administrator'], 'usr_admin')).json().rows).toEqual([]);
    expect((await admin('pctfull')).json()).toEqual([]);
    expect((await admin('eccv-current-values-by-well/table')).json()).toEqual({
      columns: [],
      rows: [{ metric: 'Water Level (ft)' }, { metric: 'Pumping Rate (gpm)' }],
    });
    expect((await admin('eccv-current-totals')).json()).toEqual({
      well_count: 0,
      total_gpm: 0,
      total_af_per_day: 0,
      oldest_timestamp: null,
      newest_timestamp: null,
    });
  });

  it('answers 400 with a readable message for bad facility numbers and water years', async () => {
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await get(`${BASE}/pctfull/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Bad Request');
      expect(res.json().message).toMatch(/facility number/);
    }
    for (const bad of ['x', '1800', '2025.5']) {
      const res = await get(`${BASE}/monthly/10?water_year=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/water_year/);
    }
  });
});
