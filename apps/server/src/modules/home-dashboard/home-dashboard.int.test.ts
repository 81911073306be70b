import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  makeDataSource,
  makeLocation,
  makeLocationParameter,
  makeLocationType,
  makeParameter,
  makeUnit,
  makeWaterbody,
} from '../../../test/factories';
import { ingestObservations } from '../timeseries/index';

const HOUR = 3_600_000;

describe('home dashboard API', () => {
  let h: TestApp;
  const now = Math.floor(Date.now() / (15 * 60_000)) * 15 * 60_000;
  const ago = (hours: number) => new Date(now - hours * HOUR);

  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    await makeLocationType(db, { location_type_ndx: 1, location_type_desc: 'Gauge', map_color: '#33A02C' });
    await makeWaterbody(db, { waterbody_ndx: 1, waterbody_name: 'River' });
    await makeUnit(db, { unit_ndx: 1, unit_desc: 'cfs' });
    await makeUnit(db, { unit_ndx: 2, unit_desc: 'in' });
    await makeDataSource(db, { datasrc_ndx: 1, data_source: 'Demo Telemetry', kind: 'demo' });
    await makeDataSource(db, { datasrc_ndx: 2, data_source: 'Manual Field Reading', kind: 'manual' });
    await makeParameter(db, { parameter_ndx: 67, parameter_name: 'Flow', unit_ndx: 1, display_order: 2 });
    await makeParameter(db, { parameter_ndx: 68, parameter_name: 'Precipitation', unit_ndx: 2, display_order: 1 });
    await makeParameter(db, { parameter_ndx: 69, parameter_name: 'Unused', unit_ndx: 1, display_order: 3 });
    const gauge = { location_type_ndx: 1, waterbody_ndx: 1, latitude: null, longitude: null };
    await makeLocation(db, {
      ...gauge,
      location_ndx: 1,
      location_id: 'B-1',
      location_display_label: 'Bravo',
      location_name: 'Bravo Gauge',
      is_public: true,
      exclude_from_map: false,
      legend_color: '#112233',
    });
    await makeLocation(db, {
      ...gauge,
      location_ndx: 2,
      location_id: 'A-1',
      location_display_label: 'Alpha',
      location_name: 'Alpha Gauge',
      is_public: true,
      exclude_from_map: false,
      legend_color: null,
    });
    await makeLocation(db, {
      ...gauge,
      location_ndx: 3,
      location_id: 'X-1',
      location_display_label: 'Xray',
      location_name: 'Hidden Gauge',
      is_public: false,
      exclude_from_map: true,
      legend_color: null,
    });
    await makeLocationParameter(db, { location_ndx: 2, parameter_ndx: 67, graph_series_color: '#AA0000' });
    const o = (locationNdx: number, parameterNdx: number, at: Date, resultValue: number, datasrcNdx = 1) => ({
      locationNdx,
      parameterNdx,
      collectTimestamp: at,
      resultValue,
      datasrcNdx,
    });
    await ingestObservations(h.t.db, [
      o(1, 67, ago(5), 10),
      o(1, 67, ago(2), 12, 2),
      o(1, 67, ago(0.25), 15),
      o(2, 67, ago(30), 4),
      o(2, 67, ago(1), 5),
      o(3, 67, ago(1), 99),
      o(1, 68, ago(1), 0.2),
    ]);
  });
  afterAll(async () => h.close());

  const get = async (url: string, roles: string[] = ['User'], sub = 'usr_u') =>
    h.app.inject({ url, headers: { authorization: `Bearer ${await h.tokenFor({ sub, roles })}` } });

  /** The newest value per location at or before the cutoff, by SQL written here. */
  const expected = async (parameter: number, hours: number, includeExcluded: boolean) => {
    const { rows } = await sql<{ location_label: string; collect_timestamp: Date; result_value: number }>`
      select distinct on (l.location_display_label) l.location_display_label as location_label, o.collect_timestamp, o.result_value
      from observation o join location l on l.location_ndx = o.location_ndx
      where o.parameter_ndx = ${parameter} and o.collect_timestamp <= ${new Date(Date.now() - hours * HOUR)}
        and (${includeExcluded} or not l.exclude_from_map)
      order by l.location_display_label, o.collect_timestamp desc`.execute(h.t.db);
    return rows.map((r) => [r.location_label, new Date(r.collect_timestamp).toISOString(), r.result_value]);
  };

  it('lists the parameters with data the caller may read, in display order', async () => {
    const res = await get('/api/list-dashboard-parameters');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { parameter_ndx: 68, parameter_name: 'Precipitation' },
      { parameter_ndx: 67, parameter_name: 'Flow' },
    ]);
    expect((await h.app.inject({ url: '/api/list-dashboard-parameters' })).statusCode).toBe(401);
  });

  it('answers the newest value per location sorted by location label, with unit, source and bar colour', async () => {
    const res = await get('/api/display-dashgraph-data-hourly/67/0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.map((r: { location_label: string; collect_timestamp: string; data_value: number }) => [
        r.location_label,
        r.collect_timestamp,
        r.data_value,
      ]),
    ).toEqual(await expected(67, 0, false));
    expect(body[0]).toMatchObject({
      location_label: 'Alpha',
      parameter_name: 'Flow',
      unit_name: 'cfs',
      datasrc_name: 'Demo Telemetry',
      bar_color: '#AA0000',
    });
    expect(body[1]).toMatchObject({ location_label: 'Bravo', bar_color: '#112233' });
  });

  it('looks back the given hours; a location excluded from the map only for the all-data roles', async () => {
    const three = (await get('/api/display-dashgraph-data-hourly/67/3')).json();
    expect(
      three.map((r: { location_label: string; collect_timestamp: string; data_value: number }) => [
        r.location_label,
        r.collect_timestamp,
        r.data_value,
      ]),
    ).toEqual(await expected(67, 3, false));
    expect(three[1]).toMatchObject({ location_label: 'Bravo', data_value: 10 });
    const two = (await get('/api/display-dashgraph-data-hourly/67/2')).json();
    expect(two[1]).toMatchObject({ data_value: 12, datasrc_name: 'Manual Field Reading' });
    const admin = (await get('/api/display-dashgraph-data-hourly/67/0', ['All Data User'], 'usr_a')).json();
    expect(admin.map((r: { location_label: string }) => r.location_label)).toEqual(['Alpha', 'Bravo', 'Xray']);
    expect(admin[2].bar_color).toBe('#33A02C');
  });

  it('refuses hours outside 0-24 or not a whole number, and unknown parameters', async () => {
    for (const bad of ['25', 'abc', '-1', '1.5', '100']) {
      const res = await get(`/api/display-dashgraph-data-hourly/67/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/hours must be a whole number from 0 to 24/);
    }
    expect((await get('/api/display-dashgraph-data-hourly/abc/0')).statusCode).toBe(400);
    expect((await get('/api/display-dashgraph-data-hourly/67/24')).statusCode).toBe(200);
    const missing = await get('/api/display-dashgraph-data-hourly/999/0');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Parameter 999 was not found');
    expect((await get('/api/display-dashgraph-data-hourly/69/0')).json()).toEqual([]);
  });
});
