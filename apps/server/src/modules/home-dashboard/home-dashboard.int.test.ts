import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ingestObservations } from '../timeseries/index';

const HOUR = 3_600_000;

describe('home dashboard API', () => {
  let h: TestApp;
  const now = Math.floor(Date.now() / (15 * 60_000)) * 15 * 60_000;
  const ago = (hours: number) => new Date(now - hours * HOUR);

  beforeAll(async () => {
    h = await createTestApp();
    await sql`
      insert into location_type (location_type_ndx, location_type_desc, map_color) values (1, 'Gauge', '#33A02C');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'River');
      insert into unit (unit_ndx, unit_desc) values (1, 'cfs'), (2, 'in');
      insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Demo Telemetry', 'demo'), (2, 'Manual Field Reading', 'manual');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx, display_order) values
        (67, 'Flow', 1, 2), (68, 'Precipitation', 2, 1), (69, 'Unused', 1, 3);
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, is_public, exclude_from_map, legend_color) values
        (1, 'B-1', 'Bravo', 'Bravo Gauge', 1, 1, true, false, '#112233'),
        (2, 'A-1', 'Alpha', 'Alpha Gauge', 1, 1, true, false, null),
        (3, 'X-1', 'Xray', 'Hidden Gauge', 1, 1, false, true, null);
      insert into location_parameter (location_ndx, parameter_ndx, graph_series_color) values (2, 67, '#AA0000');
    `.execute(h.t.db);
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
