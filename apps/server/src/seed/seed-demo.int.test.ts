import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { SOURCE_POPUP_FIELDS } from './dwr-layers';
import { isDatabaseEmpty, seedDemoDistrict, type SeedDemoResult } from './seed-demo';

const anchor = new Date(Date.UTC(2026, 4, 20, 17, 45));
const opts = { anchor, demoPassword: 'demo-password-for-tests', fifteenMinuteDays: 3, dailyYears: 0.1 };

let a: TestDatabase;
let b: TestDatabase;
let resultA: SeedDemoResult;
let resultB: SeedDemoResult;
let emptyBefore: boolean;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  emptyBefore = await isDatabaseEmpty(a.db);
  resultA = await seedDemoDistrict(a.db, opts);
  resultB = await seedDemoDistrict(b.db, opts);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

async function districtSnapshot(t: TestDatabase) {
  const facilities = await t.db.selectFrom('facility').selectAll().orderBy('facility_ndx').execute();
  const locations = await t.db.selectFrom('location').selectAll().orderBy('location_ndx').execute();
  // Summed as numeric: a floating-point sum depends on the order rows are read in.
  const checksum = await sql<{ n: number; total: string; first: Date; last: Date }>`
    select count(*)::int8 as n, sum(result_value::numeric)::text as total, min(collect_timestamp) as first, max(collect_timestamp) as last
    from observation`.execute(t.db);
  return { facilities, locations, checksum: checksum.rows[0] };
}

describe('demo district seed', () => {
  it('reports an empty database before and a non-empty one after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(a.db)).toBe(false);
  });

  it('is deterministic: the same seed and anchor give identical rows and observations', async () => {
    expect(resultB).toEqual(resultA);
    const [sa, sb] = await Promise.all([districtSnapshot(a), districtSnapshot(b)]);
    expect(sb).toEqual(sa);
    expect(sa.checksum.n).toBe(resultA.observations);
    expect(sa.checksum.last.getTime()).toBe(anchor.getTime());
  });

  it('ships flagged periods (a spike, a flat line) and one approved year for the Data Review page', async () => {
    const flags = await sql<{ q: string; n: number }>`
      select q, count(*)::int as n from observation, unnest(string_to_array(qualifiers, ',')) as q
      where q in ('SPIKE', 'FLAT') group by q order by q`.execute(a.db);
    expect(flags.rows.map((r) => r.q)).toEqual(['FLAT', 'SPIKE']);
    expect(flags.rows.find((r) => r.q === 'FLAT')!.n).toBeGreaterThanOrEqual(16);
    const approvals = await a.db.selectFrom('series_edit').select(['action', 'start_ts', 'end_ts']).execute();
    expect(approvals).toHaveLength(1);
    expect(approvals[0].action).toBe('approve');
    expect(approvals[0].end_ts.getTime() - approvals[0].start_ts.getTime()).toBeGreaterThan(364 * 86_400_000);
  });

  it('creates about 30 facilities and 150 locations with 2-10 locations per facility', async () => {
    // 30 planned facilities and the trigger-wells facility 37.
    expect(resultA.facilities).toBe(31);
    expect(resultA.locations).toBe(150);
    const perFacility = await a.db
      .selectFrom('facility as f')
      .leftJoin('facility_location as fl', 'fl.facility_ndx', 'f.facility_ndx')
      .select(['f.facility_name', (eb) => eb.fn.count<number>('fl.location_ndx').as('n')])
      .groupBy('f.facility_name')
      .execute();
    expect(perFacility).toHaveLength(31);
    for (const f of perFacility) expect(f.n, f.facility_name).toBeGreaterThanOrEqual(2);
    for (const f of perFacility) expect(f.n, f.facility_name).toBeLessThanOrEqual(10);
    const ids = (await a.db.selectFrom('location').select('location_id').execute()).map((r) => r.location_id);
    expect(ids).toEqual(expect.arrayContaining(['MW-101', 'SPR-GAGE-02', 'TW-11', 'TW-13', 'TW-14']));
    const counties = await a.db
      .selectFrom('location as l')
      .innerJoin('county as c', 'c.county_ndx', 'l.county_ndx')
      .select('c.county_name')
      .distinct()
      .execute();
    expect(counties.map((c) => c.county_name)).toContain('Weld');
  });

  it('gives every series observations and a series_latest row, with some stations stale', async () => {
    const series = await a.db
      .selectFrom('location_parameter as lp')
      .leftJoin('series_latest as sl', (j) =>
        j.onRef('sl.location_ndx', '=', 'lp.location_ndx').onRef('sl.parameter_ndx', '=', 'lp.parameter_ndx'),
      )
      .select(['lp.location_ndx', 'lp.parameter_ndx', 'sl.observation_count', 'sl.last_timestamp'])
      .execute();
    expect(series.length).toBe(resultA.series);
    expect(series.length).toBeGreaterThan(150);
    for (const s of series) expect(s.observation_count ?? 0).toBeGreaterThan(0);
    const stale = series.filter((s) => anchor.getTime() - s.last_timestamp!.getTime() > 24 * 3_600_000);
    expect(stale.length).toBeGreaterThan(0);
    const negative = await sql<{ n: number }>`
      select count(*)::int as n from observation o join parameter p using (parameter_ndx)
      where o.result_value < 0`.execute(a.db);
    expect(negative.rows[0].n).toBe(0);
  });

  it('creates the five demo accounts with argon2id hashes', async () => {
    const users = await a.db
      .selectFrom('app_user')
      .select(['email', 'password_hash', 'role_ndx', 'landing_page_ndx'])
      .orderBy('email')
      .execute();
    expect(users.map((u) => u.email)).toEqual([
      'admin@demo.local',
      'alldata@demo.local',
      'developer@demo.local',
      'norole@demo.local',
      'user@demo.local',
    ]);
    for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(users.find((u) => u.email === 'norole@demo.local')!.role_ndx).toBeNull();
    expect(users.find((u) => u.email === 'user@demo.local')!.landing_page_ndx).toBe(4);
    const userFacilities = await a.db
      .selectFrom('user_facility as uf')
      .innerJoin('app_user as u', 'u.user_id', 'uf.user_id')
      .where('u.email', '=', 'user@demo.local')
      .select('uf.facility_ndx')
      .execute();
    expect(userFacilities.length).toBeGreaterThan(0);
  });

  it('stores DWR layers whose features carry the popup fields of the spec', async () => {
    const sources = await a.db.selectFrom('map_source').select(['map_source_id', 'data']).execute();
    const byId = new Map(sources.map((s) => [s.map_source_id, s.data as { features: { properties: Record<string, unknown> }[] } | null]));
    expect(byId.get('public-locations')).toBeNull();
    expect(byId.get('united-locations')).toBeNull();
    for (const [id, fields] of Object.entries(SOURCE_POPUP_FIELDS)) {
      const fc = byId.get(id);
      expect(fc?.features.length, id).toBeGreaterThan(0);
      for (const f of fc!.features) {
        if (id === 'dwr-water-districts') expect(Object.keys(f.properties)).toContain('district');
        else expect(Object.keys(f.properties).sort(), id).toEqual([...fields].sort());
      }
    }
    expect(byId.get('colorado-counties')!.features).toHaveLength(64);
    const layers = await a.db.selectFrom('map_layer').select(['map_layer_id', 'lre_properties']).execute();
    const united = layers.find((l) => l.map_layer_id === 'united-locations-circle')!.lre_properties as { permissions: { roles: string[] } };
    expect(united.permissions.roles).toEqual(['Administrator', 'Developer', 'User', 'All Data User']);
    expect(layers.map((l) => l.map_layer_id)).toEqual(
      expect.arrayContaining(['rivercalls', 'diversion-points-circle', 'dwr-water-districts-fill', 'colorado-counties-line']),
    );
    const basemaps = await a.db.selectFrom('basemap').select(['name', 'offline']).execute();
    expect(basemaps.map((m) => m.name)).toEqual(expect.arrayContaining(['Outdoors', 'Satellite', 'Streets', 'Light', 'Dark', 'Offline']));
  });

  it('registers demo cameras, contacts, groups, alerts and import sources that stay offline', async () => {
    const cameras = await a.db.selectFrom('camera').select(['slug', 'snapshot_url']).execute();
    expect(cameras.map((c) => c.slug).sort()).toEqual(['empire', 'riverside-dam', 'riverside-sand-gate', 'western']);
    for (const c of cameras) expect(c.snapshot_url).toBe(`/demo-cameras/${c.slug}.jpg`);
    const contacts = await a.db.selectFrom('contact').select('contact_address').execute();
    expect(contacts.some((c) => c.contact_address === '3035550123@vtext.com')).toBe(true);
    expect((await a.db.selectFrom('contact_group').select('group_ndx').execute()).length).toBeGreaterThanOrEqual(4);
    expect((await a.db.selectFrom('alert_request').select('alert_request_ndx').execute()).length).toBeGreaterThan(0);
    const imports = await a.db.selectFrom('import_source').select(['enabled', 'run_now']).execute();
    expect(imports.length).toBeGreaterThan(0);
    for (const i of imports) expect(i.enabled && i.run_now).toBe(false);
  });
});

describe('trigger-elevation facility', () => {
  it('is facility 37 with TW-11 4981.0, TW-13 4981.5 and TW-14 4982.0, and new facilities continue after it', async () => {
    const { rows } = await sql<{ location_id: string; trigger_elevation_ft: number }>`
      select l.location_id, te.trigger_elevation_ft
      from facility_location fl join location l on l.location_ndx = fl.location_ndx
      join location_trigger_elevation te on te.location_ndx = l.location_ndx
      where fl.facility_ndx = 37 order by l.location_id`.execute(a.db);
    expect(rows).toEqual([
      { location_id: 'TW-11', trigger_elevation_ft: 4981 },
      { location_id: 'TW-13', trigger_elevation_ft: 4981.5 },
      { location_id: 'TW-14', trigger_elevation_ft: 4982 },
    ]);
    const { rows: next } = await sql<{ n: number }>`select nextval(pg_get_serial_sequence('facility', 'facility_ndx'))::int as n`.execute(
      a.db,
    );
    expect(next[0].n).toBe(38);
  });
});
