import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoDistrict } from '../../seed/seed-demo';

describe('Locations Setup, Facilities Setup and associations API', () => {
  let h: TestApp;
  const tokens: Record<string, string> = {};
  let refs: { locationType: number; waterbody: number; facilityType: number; usedLocation: number; heldFacility: number };

  beforeAll(async () => {
    h = await createTestApp();
    await seedDemoDistrict(h.t.db, {
      anchor: new Date('2026-03-01T12:00:00Z'),
      demoPassword: 'test-password',
      fifteenMinuteDays: 1,
      dailyYears: 0.02,
    });
    const db = h.t.db;
    const lt = await db.selectFrom('location_type').select('location_type_ndx').orderBy('location_type_ndx').executeTakeFirstOrThrow();
    const wb = await db
      .selectFrom('waterbody')
      .select('waterbody_ndx')
      .where('united_list_include', '=', true)
      .orderBy('waterbody_ndx')
      .executeTakeFirstOrThrow();
    const ft = await db.selectFrom('facility_type').select('facility_type_ndx').orderBy('facility_type_ndx').executeTakeFirstOrThrow();
    const used = await db.selectFrom('observation').select('location_ndx').executeTakeFirstOrThrow();
    const held = await db.selectFrom('facility_location').select('facility_ndx').executeTakeFirstOrThrow();
    refs = {
      locationType: lt.location_type_ndx,
      waterbody: wb.waterbody_ndx,
      facilityType: ft.facility_type_ndx,
      usedLocation: used.location_ndx,
      heldFacility: held.facility_ndx,
    };
    Object.assign(tokens, await h.tokensByRole());
  }, 120_000);
  afterAll(async () => h.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, role: string | null = 'Administrator') =>
    h.app.inject({ method, url, payload: payload as object, headers: role ? { authorization: `Bearer ${tokens[role]}` } : {} });
  const location = (over: Record<string, unknown> = {}) => ({
    location_id: `T-${Math.random().toString(36).slice(2, 8)}`,
    location_display_label: 'TST',
    location_name: 'Test Gauge',
    location_type_ndx: refs.locationType,
    waterbody_ndx: refs.waterbody,
    legend_color: '#12abEF',
    display_order: 0,
    latitude: 40.1,
    longitude: -104.9,
    ...over,
  });
  const facility = (over: Record<string, unknown> = {}) => ({
    facility_name: `Test Facility ${Math.random().toString(36).slice(2, 8)}`,
    facility_type_ndx: refs.facilityType,
    display_order: 3,
    ...over,
  });
  const audit = (table: string, key: number) =>
    h.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('table_name', '=', table)
      .where('row_key', '=', String(key))
      .orderBy('audit_ndx')
      .execute();
  const refusal = (res: { statusCode: number; json: () => { message: string } }) => ({
    status: res.statusCode,
    message: res.json().message,
  });

  it('refuses every location rule with its message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ location_id: '  ' }, /location_id: \*Required field/],
      [{ location_display_label: undefined }, /location_display_label: \*Required field/],
      [{ location_name: '' }, /location_name: \*Required field/],
      [{ location_type_ndx: undefined }, /location_type_ndx: \*Required field/],
      [{ waterbody_ndx: null }, /waterbody_ndx: \*Required field/],
      [{ legend_color: '12abef' }, /legend_color: \*Requires valid 6 digit hex code/],
      [{ legend_color: '#12abeg' }, /legend_color: \*Requires valid 6 digit hex code/],
      [{ legend_color: '#fff' }, /legend_color: \*Requires valid 6 digit hex code/],
      [{ display_order: -1 }, /display_order: Must be 0 or more/],
      [{ display_order: 1.5 }, /display_order: Must be a whole number/],
      [{ display_order: undefined }, /display_order: \*Required field/],
      [{ latitude: 90.5 }, /latitude: Invalid coordinate/],
      [{ longitude: -180.01 }, /longitude: Invalid coordinate/],
      [{ latitude: null }, /Latitude and longitude must both be set or both be empty/],
      [{ exclude_from_map: 'maybe' }, /exclude_from_map: Must be Yes or No/],
      [{ location_type_ndx: 999999 }, /Location type 999999 does not exist/],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', '/api/data-list-locations', location(over));
      expect(refusal(res), JSON.stringify(over)).toMatchObject({ status: 400, message: expect.stringMatching(message) });
    }
    expect(await h.t.db.selectFrom('location').select('location_ndx').where('location_name', '=', 'Test Gauge').execute()).toEqual([]);
  });

  it('the database refuses what the API refuses', async () => {
    const base = `insert into location (location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, legend_color, display_order, latitude, longitude)`;
    const tries = [
      `${base} values ('X1', ' ', 'n', ${refs.locationType}, ${refs.waterbody}, '#000000', 0, null, null)`,
      `${base} values ('X2', 'a', '', ${refs.locationType}, ${refs.waterbody}, '#000000', 0, null, null)`,
      `${base} values ('X3', 'a', 'n', ${refs.locationType}, ${refs.waterbody}, 'red', 0, null, null)`,
      `${base} values ('X4', 'a', 'n', ${refs.locationType}, ${refs.waterbody}, '#000000', -1, null, null)`,
      `${base} values ('X5', 'a', 'n', ${refs.locationType}, ${refs.waterbody}, '#000000', 0, 91, 0)`,
      `${base} values ('X6', 'a', 'n', ${refs.locationType}, ${refs.waterbody}, '#000000', 0, 40, null)`,
    ];
    for (const q of tries) await expect(sql.raw(q).execute(h.t.db), q).rejects.toMatchObject({ code: '23514' });
  });

  it('creates a location answering its id, audits it and shows it on the public map at once', async () => {
    const mapBefore = (await call('GET', '/api/public-map/sources', undefined, null)).body;
    const input = location({ location_name: 'Brand New Gauge', notes: ' ' });
    const res = await call('POST', '/api/data-list-locations', input);
    expect(res.statusCode).toBe(201);
    const { location_ndx } = res.json();
    expect(mapBefore).not.toContain('Brand New Gauge');
    expect((await call('GET', '/api/public-map/sources', undefined, null)).body).toContain('Brand New Gauge');
    const got = (await call('GET', `/api/data-list-locations/${location_ndx}`)).json();
    expect(got).toMatchObject({
      location_ndx,
      location_name: 'Brand New Gauge',
      notes: null,
      exclude_from_map: false,
      linked_excel_include: true,
      associated_facilities: [],
    });
    expect((await audit('location', location_ndx)).map((a) => a.action)).toEqual(['insert']);

    const hidden = await call('PUT', `/api/data-list-locations/${location_ndx}`, { ...input, exclude_from_map: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ exclude_from_map: true });
    expect((await call('GET', '/api/public-map/sources', undefined, null)).body).not.toContain('Brand New Gauge');
    const a = await audit('location', location_ndx);
    expect(a.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(a[1].before).toMatchObject({ exclude_from_map: false });
    expect(a[1].after).toMatchObject({ exclude_from_map: true });

    expect((await call('GET', '/api/locations-map')).json()).toContainEqual(
      expect.objectContaining({ location_ndx, latitude: 40.1, longitude: -104.9 }),
    );
    expect((await call('GET', '/api/sys-mgmt-locations-toptable')).json()).toContainEqual(expect.objectContaining({ location_ndx }));
  });

  it('refuses a duplicate location id and an unknown location', async () => {
    const first = location();
    expect((await call('POST', '/api/data-list-locations', first)).statusCode).toBe(201);
    expect(refusal(await call('POST', '/api/data-list-locations', first))).toEqual({
      status: 409,
      message: `Another location already has the id "${first.location_id}"`,
    });
    expect(refusal(await call('PUT', '/api/data-list-locations/999999', location()))).toEqual({
      status: 404,
      message: 'Location 999999 does not exist',
    });
  });

  it('refuses to delete a location that still holds data, saying what holds it; deletes a free one', async () => {
    const res = await call('DELETE', `/api/data-list-locations/${refs.usedLocation}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Location ".+" cannot be deleted: it still has [\d,]+ observations?.*Remove those first\.$/);
    expect(
      await h.t.db.selectFrom('location').select('location_ndx').where('location_ndx', '=', refs.usedLocation).executeTakeFirst(),
    ).toBeDefined();

    const { location_ndx } = (await call('POST', '/api/data-list-locations', location())).json();
    expect((await call('DELETE', `/api/data-list-locations/${location_ndx}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/data-list-locations/${location_ndx}`)).statusCode).toBe(404);
    expect((await audit('location', location_ndx)).map((r) => r.action)).toEqual(['insert', 'delete']);
  });

  it('validates, creates, updates and deletes facilities', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ facility_name: '' }, /facility_name: \*Required field/],
      [{ facility_type_ndx: undefined }, /facility_type_ndx: \*Required field/],
      [{ display_order: undefined }, /display_order: \*Required field/],
      [{ display_order: -2 }, /display_order: Must be 0 or more/],
      [{ axis2_min: 5, axis2_max: 1 }, /The second axis minimum must not exceed its maximum/],
      [{ facility_type_ndx: 999999 }, /Facility type 999999 does not exist/],
    ];
    for (const [over, message] of cases) {
      expect(refusal(await call('POST', '/api/data-list-facilities', facility(over))), JSON.stringify(over)).toMatchObject({
        status: 400,
        message: expect.stringMatching(message),
      });
    }
    const input = facility();
    const created = await call('POST', '/api/data-list-facilities', input);
    expect(created.statusCode).toBe(201);
    const { facility_ndx } = created.json();
    expect(refusal(await call('POST', '/api/data-list-facilities', input))).toEqual({
      status: 409,
      message: `Another facility is already named "${input.facility_name}"`,
    });
    const updated = await call('PUT', `/api/data-list-facilities/${facility_ndx}`, { ...input, display_order: 7, notes: 'n' });
    expect(updated.json()).toMatchObject({ facility_ndx, display_order: 7, notes: 'n', location_count: 0, authorized_users: [] });
    expect((await call('GET', '/api/data-list-facilities')).json()).toContainEqual(
      expect.objectContaining({ facility_ndx, display_order: 7 }),
    );
    expect((await call('DELETE', `/api/data-list-facilities/${facility_ndx}`)).statusCode).toBe(204);
    expect((await audit('facility', facility_ndx)).map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
  });

  it('refuses to delete a facility with associations, saying what holds it', async () => {
    const res = await call('DELETE', `/api/data-list-facilities/${refs.heldFacility}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Facility ".+" cannot be deleted: it still has \d+ associated locations?.*Remove those first\.$/);
  });

  it("replaces the whole set of a facility's locations and checks every pair", async () => {
    const { facility_ndx } = (await call('POST', '/api/data-list-facilities', facility())).json();
    const united = (await call('GET', '/api/list-locations-united-only')).json() as { location_ndx: number }[];
    expect(united.length).toBeGreaterThan(2);
    const [a, b, c] = united.map((l) => l.location_ndx);
    const put = (pairs: unknown) => call('PUT', `/api/assoc-locations-facilities/${facility_ndx}`, pairs);
    expect(
      (
        await put([
          { facility_ndx, location_ndx: a },
          { facility_ndx, location_ndx: b },
        ])
      ).statusCode,
    ).toBe(200);
    const replaced = await put([{ facility_ndx, location_ndx: c }]);
    expect(replaced.json()).toEqual([{ facility_ndx, location_ndx: c }]);
    const all = (await call('GET', '/api/assoc-locations-facilities')).json() as { facility_ndx: number; location_ndx: number }[];
    expect(all.filter((p) => p.facility_ndx === facility_ndx)).toEqual([{ facility_ndx, location_ndx: c }]);
    expect(refusal(await put([{ facility_ndx: facility_ndx + 1000, location_ndx: a }]))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Every pair must name facility/),
    });
    expect(refusal(await put([{ facility_ndx, location_ndx: 999999 }]))).toEqual({
      status: 400,
      message: 'Location 999999 does not exist',
    });
    expect(refusal(await call('PUT', '/api/assoc-locations-facilities/999999', []))).toEqual({
      status: 404,
      message: 'Facility 999999 does not exist',
    });
    const trail = await audit('facility_location', facility_ndx);
    expect(trail.map((r) => r.after)).toEqual([{ location_ndx: [a, b].sort((x, y) => x - y) }, { location_ndx: [c] }]);
    expect((await put([])).json()).toEqual([]);
    expect((await call('GET', '/api/list-facilities-with-types')).json()).toContainEqual(expect.objectContaining({ facility_ndx }));
  });

  it('sets up a new facility completely: its locations follow the associations, its parameters are chosen in Setup', async () => {
    const { facility_ndx } = (await call('POST', '/api/data-list-facilities', facility())).json();
    const measuredAt = await sql<{ location_ndx: number; parameter_ndx: number }>`
      select location_ndx, parameter_ndx from series_latest order by location_ndx, parameter_ndx limit 1`.execute(h.t.db);
    const { location_ndx, parameter_ndx } = measuredAt.rows[0];
    const other = (await call('GET', '/api/list-locations-united-only')).json() as { location_ndx: number }[];
    const second = other.map((l) => l.location_ndx).find((n) => n !== location_ndx)!;
    const put = (ndxs: number[]) =>
      call(
        'PUT',
        `/api/assoc-locations-facilities/${facility_ndx}`,
        ndxs.map((n) => ({ facility_ndx, location_ndx: n })),
      );
    const record = async () => (await call('GET', `/api/data-list-facilities/${facility_ndx}`)).json();
    const lastFew = async () => (await call('GET', `/api/get-display-facility/lastfew/${facility_ndx}`)).json();

    expect((await put([second])).statusCode).toBe(200);
    expect((await put([location_ndx, second])).statusCode).toBe(200);
    // A kept location keeps its place; a new one is added at the end.
    expect(await record()).toMatchObject({ array_location_ndx: [second, location_ndx], array_parameter_ndx: [] });
    expect((await record()).measured_parameter_ndx).toContain(parameter_ndx);
    expect((await lastFew()).series, 'no parameters chosen: no series').toEqual([]);

    const body = { ...facility(), facility_name: (await record()).facility_name, array_parameter_ndx: [parameter_ndx] };
    const saved = await call('PUT', `/api/data-list-facilities/${facility_ndx}`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ array_parameter_ndx: [parameter_ndx] });
    expect((await lastFew()).series).toContainEqual(expect.objectContaining({ location_ndx, parameter_ndx }));
    const detail = (await call('GET', `/api/display-list-facilities/${facility_ndx}`)).json();
    expect(detail).toMatchObject({ array_location_ndx: [second, location_ndx], array_parameter_ndx: [parameter_ndx] });

    // Left out, the parameters are kept; unknown ones are refused by number.
    const { array_parameter_ndx: _kept, ...withoutParameters } = body;
    expect((await call('PUT', `/api/data-list-facilities/${facility_ndx}`, withoutParameters)).json()).toMatchObject({
      array_parameter_ndx: [parameter_ndx],
    });
    expect(refusal(await call('PUT', `/api/data-list-facilities/${facility_ndx}`, { ...body, array_parameter_ndx: [999999] }))).toEqual({
      status: 400,
      message: 'Parameter 999999 does not exist',
    });
    expect((await put([location_ndx])).statusCode).toBe(200);
    expect(await record()).toMatchObject({ array_location_ndx: [location_ndx] });
    await put([]);
  });

  it('is for administrators: User and All Data User are refused, anonymous callers must sign in', async () => {
    for (const url of ['/api/data-list-locations', '/api/data-list-facilities', '/api/assoc-locations-facilities', '/api/locations-map']) {
      expect((await call('GET', url, undefined, 'User')).statusCode, url).toBe(403);
      expect((await call('GET', url, undefined, 'All Data User')).statusCode, url).toBe(403);
      expect((await call('GET', url, undefined, null)).statusCode, url).toBe(401);
      expect((await call('GET', url, undefined, 'Developer')).statusCode, url).toBe(200);
    }
    expect((await call('POST', '/api/data-list-locations', location(), 'User')).statusCode).toBe(403);
  });

  it('answers the Ignition demo page without a SCADA link when SCADA_URL is unset', async () => {
    expect((await call('GET', '/api/ignition-demo')).json()).toEqual({ scada_url: null });
    expect((await call('GET', '/api/ignition-demo', undefined, 'User')).statusCode).toBe(403);
  });
});
