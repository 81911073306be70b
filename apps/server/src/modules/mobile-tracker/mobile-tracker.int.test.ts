import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeFacility,
  makeFacilityType,
  makeFlowCalculation,
  makeLocation,
  makeLocationParameter,
  makeLocationType,
  makeParameter,
  makeUnit,
  makeWaterbody,
} from '../../../test/factories';
import { districtTimeZone } from '../../db/local-day';
import { ingestObservations } from '../timeseries/index';

// Every expected number below comes from SQL written here against the stored observations,
// not from the service's code paths.
const BASE = '/api/display-mobile';
const HOUR = 3_600_000;

interface Cell {
  row_name: string;
  column_name: string;
  result_formatted: string;
  row_sort: number;
  column_sort: number;
  highlight_color: string | null;
  facility_ndx: number;
}

const fmt = (v: number, d: number) => v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

describe('Mobile Tracker API', () => {
  let h: TestApp;
  const now = Math.floor(Date.now() / (15 * 60_000)) * 15 * 60_000;
  const ago = (hours: number) => new Date(now - hours * HOUR);

  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    const types = [
      [1, 'Storage/Reservoirs', 'storage'],
      [2, 'Wells', 'wells'],
      [3, 'Recharge', 'recharge'],
      [4, 'Augmentation', 'augmentation'],
      [5, 'Diversions', null],
    ] as const;
    for (const [facility_type_ndx, facility_type_desc, mobile_report] of types)
      await makeFacilityType(db, { facility_type_ndx, facility_type_desc, mobile_report });
    await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Site' });
    await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'River' });
    for (const [unit_ndx, unit_desc] of [
      [1, 'cfs'],
      [2, 'ft'],
      [3, 'gpm'],
      [4, 'af'],
      [5, '%'],
      [6, 'V'],
    ] as const)
      await makeUnit(db, { unit_ndx, unit_desc });
    const parameters = [
      [1, 'Flow', 'flow_cfs'],
      [2, 'Water Level', 'level_ft'],
      [3, 'Pumping Rate', null],
      [4, 'Storage Volume', null],
      [5, 'Percent Full', null],
      [6, 'Battery Voltage', null],
    ] as const;
    for (const [parameter_ndx, parameter_name, value_field] of parameters)
      await makeParameter(db, { parameter_ndx, parameter_name, unit_ndx: parameter_ndx, value_field, display_order: parameter_ndx });
    const locations = [
      [1, 'MR-RES', 'MR Res', 'Milton Reservoir', true],
      [2, 'MR-IN', 'MR Inlet', 'Milton Inlet', true],
      [3, 'MR-OUT', 'MR Outlet', 'Milton Outlet', true],
      [4, 'BR-RES', 'BR Res', 'Barr Reservoir', true],
      [5, 'TW-11', 'TW-11', 'Well 11', false],
      [6, 'TW-12', 'TW-12', 'Well 12', false],
      [7, 'HAS-AUG', 'HAS Aug', 'Hudson Return Flume', true],
      [8, 'TW-13', 'TW-13', 'Well 13', false],
    ] as const;
    for (const [location_ndx, location_id, location_display_label, location_name, is_public] of locations)
      await makeLocation(db, {
        location_ndx,
        location_id,
        location_display_label,
        location_name,
        is_public,
        location_type_ndx: 1,
        waterbody_ndx: 1,
        latitude: null,
        longitude: null,
      });
    const facilities = [
      [10, 'Milton Storage', 1, 1, [1, 2, 3], [1, 4, 5]],
      [11, 'Barr Storage', 1, 2, [4], [1, 4, 5]],
      [12, 'Well Field 1', 2, 3, [5, 6, 8], [2, 3]],
      [13, 'Empty Recharge', 3, 4, [], []],
      [14, 'Hudson Aug', 4, 5, [7], [1, 3, 6]],
      [15, 'Ditch', 5, 6, [], []],
    ] as const;
    for (const [facility_ndx, facility_name, facility_type_ndx, display_order, array_location_ndx, array_parameter_ndx] of facilities)
      await makeFacility(db, {
        facility_ndx,
        facility_name,
        facility_type_ndx,
        display_order,
        widget_order: [],
        array_location_ndx: [...array_location_ndx],
        array_parameter_ndx: [...array_parameter_ndx],
      });
    const series = [
      [1, 4],
      [1, 5],
      [2, 1],
      [3, 1],
      [4, 4],
      [5, 2],
      [5, 3],
      [6, 2],
      [8, 3],
      [7, 1],
      [7, 6],
    ] as const;
    for (const [location_ndx, parameter_ndx] of series) await makeLocationParameter(db, { location_ndx, parameter_ndx });
    await makeFlowCalculation(db, { location_ndx: 2, flow_calc_formula: 'Q = 4 × 3 × Ha^1.55', flow_calc_notes: 'Free flow only.' });
    await makeFlowCalculation(db, { location_ndx: 7, flow_calc_formula: 'Q = 3.367 × 2 × H^1.5', flow_calc_notes: null });
    const o = (locationNdx: number, parameterNdx: number, at: Date, resultValue: number) => ({
      locationNdx,
      parameterNdx,
      collectTimestamp: at,
      resultValue,
    });
    await ingestObservations(h.t.db, [
      o(1, 4, ago(30), 2400.4),
      o(1, 4, ago(1), 2500.6),
      o(1, 5, ago(1), 62.54),
      o(2, 1, ago(26), 10),
      o(2, 1, ago(20), 12),
      o(2, 1, ago(2), 14.25),
      // MR-OUT has a series (location_parameter) but never reported: Missing Data.
      o(4, 4, ago(3), 900),
      o(5, 2, ago(1), 101.5),
      o(5, 3, ago(1), 450),
      o(5, 3, ago(25), 300),
      // TW-12 stopped two days ago: its level is missing, so the average is TW-11's alone.
      o(6, 2, ago(48), 95),
      o(8, 3, ago(2), 250),
      o(7, 1, ago(5), 3.5),
      o(7, 6, ago(5), 12.6),
      o(7, 6, ago(100), 12.1),
      o(7, 6, ago(200), 11),
    ]);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[] = ['All Data User'], sub = 'usr_a') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });
  const cells = async (report: string): Promise<Cell[]> => {
    const res = await get(`${BASE}/${report}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const cell = (rows: Cell[], row: string, column: string) => rows.find((c) => c.row_name === row && c.column_name === column)!;

  /** Sum (or mean) of the newest values of the series reported in the last 24 hours, by SQL. */
  const freshLatest = async (pairs: [number, number][], agg: 'sum' | 'avg') => {
    const { rows } = await sql<{ v: number }>`
      select ${sql.raw(agg)}(sl.last_value) as v from series_latest sl
      where (sl.location_ndx, sl.parameter_ndx) in (${sql.join(pairs.map(([l, p]) => sql`(${l}, ${p})`))})
        and sl.last_timestamp >= ${new Date(Date.now() - 24 * HOUR)}`.execute(h.t.db);
    return Number(rows[0]!.v);
  };
  /** Acre-feet of daily means since the district water year's April 1 (1 cfs-day = 1.983471 af). */
  const wyVolume = async (pairs: [number, number][], afPerDay: number) => {
    const { rows } = await sql<{ v: number }>`
      with today as (select (now() at time zone ${districtTimeZone()})::date as d)
      select coalesce(sum(od.mean_value), 0) * ${afPerDay} as v from observation_daily od, today
      where (od.location_ndx, od.parameter_ndx) in (${sql.join(pairs.map(([l, p]) => sql`(${l}, ${p})`))})
        and od.local_date >= make_date(extract(year from today.d)::int - case when extract(month from today.d) < 4 then 1 else 0 end, 4, 1)`.execute(
      h.t.db,
    );
    return Number(rows[0]!.v);
  };

  it('is for Administrator, Developer and All Data User only', async () => {
    expect((await h.app.inject({ url: `${BASE}/storage` })).statusCode).toBe(401);
    for (const path of [
      'storage',
      'recharge',
      'augmentation',
      'wells',
      'lastreport',
      'available-flow-calcs-formulas',
      'available-flow-calcs-notes',
      'batteries',
    ]) {
      expect((await get(`${BASE}/${path}`, ['User'], 'usr_u')).statusCode).toBe(403);
      expect((await get(`${BASE}/${path}`, [], 'usr_n')).statusCode).toBe(403);
      for (const role of ['Administrator', 'Developer', 'All Data User'])
        expect((await get(`${BASE}/${path}`, [role])).statusCode).toBe(200);
    }
  });

  it('storage: a row per storage facility in display order, a cell per configured column', async () => {
    const rows = await cells('storage');
    expect([...new Set(rows.map((r) => `${r.row_sort}:${r.row_name}:${r.facility_ndx}`))]).toEqual([
      '1:Milton Storage:10',
      '2:Barr Storage:11',
    ]);
    expect(rows.filter((r) => r.facility_ndx === 10).map((r) => `${r.column_sort}:${r.column_name}`)).toEqual([
      '1:Storage (af)',
      '2:Percent Full',
      '3:Inflow (cfs)',
      '4:Outflow (cfs)',
      '5:WY Inflow (af)',
    ]);
    expect(cell(rows, 'Milton Storage', 'Storage (af)')).toMatchObject({
      result_formatted: fmt(await freshLatest([[1, 4]], 'sum'), 0),
      highlight_color: null,
    });
    expect(cell(rows, 'Milton Storage', 'Storage (af)').result_formatted).toBe('2,501');
    expect(cell(rows, 'Milton Storage', 'Percent Full').result_formatted).toBe(fmt(await freshLatest([[1, 5]], 'avg'), 1));
    expect(cell(rows, 'Milton Storage', 'Inflow (cfs)')).toMatchObject({
      result_formatted: fmt(await freshLatest([[2, 1]], 'sum'), 1),
      highlight_color: null,
    });
    // Collected but never reported: Missing Data (yellow, nothing to show).
    expect(cell(rows, 'Milton Storage', 'Outflow (cfs)')).toMatchObject({ result_formatted: '', highlight_color: '#FFFF00' });
    expect(cell(rows, 'Milton Storage', 'WY Inflow (af)').result_formatted).toBe(fmt(await wyVolume([[2, 1]], 1.983471), 0));
    // Barr has no inlet or outlet structure: not applicable; no percent series: not collecting.
    expect(cell(rows, 'Barr Storage', 'Inflow (cfs)')).toMatchObject({ result_formatted: '-', highlight_color: null });
    expect(cell(rows, 'Barr Storage', 'WY Inflow (af)').result_formatted).toBe('-');
    expect(cell(rows, 'Barr Storage', 'Percent Full')).toMatchObject({ result_formatted: '', highlight_color: null });
    expect(cell(rows, 'Barr Storage', 'Storage (af)').result_formatted).toBe('900');
  });

  it('wells: sums and means of the fresh values; a stale well marks the cell as Missing Data', async () => {
    const rows = await cells('wells');
    expect(cell(rows, 'Well Field 1', 'Pumping (gpm)')).toMatchObject({
      result_formatted: fmt(
        await freshLatest(
          [
            [5, 3],
            [8, 3],
          ],
          'sum',
        ),
        0,
      ),
      highlight_color: null,
    });
    expect(cell(rows, 'Well Field 1', 'Pumping (gpm)').result_formatted).toBe('700');
    expect(cell(rows, 'Well Field 1', 'Avg Water Level (ft)')).toMatchObject({
      result_formatted: fmt(
        await freshLatest(
          [
            [5, 2],
            [6, 2],
          ],
          'avg',
        ),
        2,
      ),
      highlight_color: '#FFFF00',
    });
    expect(cell(rows, 'Well Field 1', 'WY Pumping (af)').result_formatted).toBe(
      fmt(
        await wyVolume(
          [
            [5, 3],
            [8, 3],
          ],
          1440 / 325_851,
        ),
        1,
      ),
    );
  });

  it('recharge and augmentation: a facility without series is blank, never zero', async () => {
    const recharge = await cells('recharge');
    expect(recharge.map((c) => [c.row_name, c.result_formatted, c.highlight_color])).toEqual([
      ['Empty Recharge', '', null],
      ['Empty Recharge', '', null],
      ['Empty Recharge', '', null],
    ]);
    const aug = await cells('augmentation');
    expect(cell(aug, 'Hudson Aug', 'Return Flow (cfs)').result_formatted).toBe(fmt(await freshLatest([[7, 1]], 'sum'), 2));
    expect(cell(aug, 'Hudson Aug', 'Pumping (gpm)').result_formatted).toBe('');
  });

  it('lastreport: every facility with its newest reading, oldest first, never-reported first', async () => {
    const res = await get(`${BASE}/lastreport`);
    const { rows: expected } = await sql<{ facility_name: string; last: Date | null }>`
      select f.facility_name, max(sl.last_timestamp) as last
      from facility f
      left join series_latest sl on sl.location_ndx = any(f.array_location_ndx) and sl.parameter_ndx = any(f.array_parameter_ndx)
      group by f.facility_ndx, f.facility_name, f.display_order
      order by max(sl.last_timestamp) asc nulls first, f.display_order`.execute(h.t.db);
    const body = res.json() as {
      facility_name: string;
      facility_type_desc: string;
      last_report_timestamp: string | null;
      locations_labels: string;
    }[];
    expect(body.map((r) => [r.facility_name, r.last_report_timestamp])).toEqual(
      expected.map((e) => [e.facility_name, e.last ? new Date(e.last).toISOString() : null]),
    );
    expect(body.find((r) => r.facility_name === 'Milton Storage')).toMatchObject({
      facility_type_desc: 'Storage/Reservoirs',
      locations_labels: 'MR-RES, MR-IN',
    });
    expect(body.find((r) => r.facility_name === 'Well Field 1')!.locations_labels).toBe('TW-11, TW-13, TW-12');
  });

  it('flow calculation formulas and notes come from flow_calculation, the flow from the newest reading', async () => {
    const formulas = (await get(`${BASE}/available-flow-calcs-formulas`)).json();
    const { rows } = await sql<{ location_ndx: number; v: number }>`
      select location_ndx, last_value as v from series_latest where parameter_ndx = 1 and location_ndx in (2, 7) order by location_ndx`.execute(
      h.t.db,
    );
    expect(formulas).toEqual([
      {
        location_ndx: 7,
        storage_site: 'Hudson Return Flume',
        most_recent_value_cfs: rows[1]!.v,
        flow_calc_formula: 'Q = 3.367 × 2 × H^1.5',
      },
      { location_ndx: 2, storage_site: 'Milton Inlet', most_recent_value_cfs: rows[0]!.v, flow_calc_formula: 'Q = 4 × 3 × Ha^1.55' },
    ]);
    expect((await get(`${BASE}/available-flow-calcs-notes`)).json()).toEqual([
      { location_ndx: 2, storage_site: 'Milton Inlet', flow_calc_notes: 'Free flow only.' },
    ]);
  });

  it('batteries: min and max of the last 7 days', async () => {
    const { rows } = await sql<{ min: number; max: number }>`
      select min(result_value) as min, max(result_value) as max from observation
      where location_ndx = 7 and parameter_ndx = 6 and collect_timestamp >= ${new Date(Date.now() - 7 * 24 * HOUR)}`.execute(h.t.db);
    expect((await get(`${BASE}/batteries`)).json()).toEqual([
      { location_display_label: 'HAS Aug', min_7day: rows[0]!.min, max_7day: rows[0]!.max },
    ]);
  });
});
