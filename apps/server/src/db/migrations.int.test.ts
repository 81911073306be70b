import { Migrator, NO_MIGRATIONS, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { migrations } from './migrations';

const provider: MigrationProvider = { getMigrations: async (): Promise<Record<string, Migration>> => migrations };

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

/** Runs one statement in a transaction that is always rolled back; returns the pg error code, if any. */
async function pgError(statement: string): Promise<string | undefined> {
  const client = await t.pool.connect();
  try {
    await client.query('begin');
    await client.query(statement);
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const CHECK = '23514';
const FK = '23503';

describe('migrations', () => {
  it('go all the way down and back up on a migrated database', async () => {
    const migrator = new Migrator({ db: t.db, provider });
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    if (down.error) throw down.error;
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename not like 'kysely_%'`.execute(t.db);
    expect(left.rows[0].n).toBe(0);
    const up = await migrator.migrateToLatest();
    if (up.error) throw up.error;
    expect(up.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
  });

  it('seeds roles, landing pages and delimiters with fixed keys', async () => {
    const roles = await t.db.selectFrom('role').select(['role_ndx', 'role_name', 'role_id']).orderBy('role_ndx').execute();
    expect(roles).toEqual([
      { role_ndx: 1, role_name: 'Administrator', role_id: 'rol_administrator' },
      { role_ndx: 2, role_name: 'Developer', role_id: 'rol_developer' },
      { role_ndx: 3, role_name: 'User', role_id: 'rol_user' },
      { role_ndx: 4, role_name: 'All Data User', role_id: 'rol_all_data_user' },
    ]);
    const pages = await t.db
      .selectFrom('landing_page')
      .select(['landing_page_ndx', 'landing_page_path'])
      .orderBy('landing_page_ndx')
      .execute();
    expect(pages.map((p) => p.landing_page_path)).toEqual(['/map', '/dashboards/home', '/dashboards/mobile-dashboard', '/facility-pages']);
    const comma = await t.db.selectFrom('delimiter').select('delimiter_char').where('delimiter_ndx', '=', 2).executeTakeFirstOrThrow();
    expect(comma.delimiter_char).toBe(',');
    const tab = await t.db.selectFrom('delimiter').select('delimiter_char').where('delimiter_ndx', '=', 1).executeTakeFirstOrThrow();
    expect(tab.delimiter_char).toBe('\t');
    // identity sequences moved past the seeded keys
    const added = await t.db
      .insertInto('delimiter')
      .values({ delimiter_desc: 'Colon', delimiter_char: ':' })
      .returning('delimiter_ndx')
      .executeTakeFirstOrThrow();
    expect(added.delimiter_ndx).toBe(6);
  });

  it('fills import_source defaults from the spec', async () => {
    const ref = await seedReference();
    const row = await t.db
      .insertInto('import_source')
      .values({ location_ndx: ref.location, parameter_ndx: ref.parameter, unit_ndx: ref.unit, datasrc_ndx: ref.datasrc })
      .returning(['file_fieldcount', 'file_header_rowcount', 'delimiter_ndx', 'run_now', 'retain_days', 'history_days', 'enabled'])
      .returning(sql<number>`extract(epoch from frequency)::int`.as('frequency_s'))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      file_fieldcount: 30,
      file_header_rowcount: 1,
      delimiter_ndx: 2,
      run_now: true,
      retain_days: -1,
      history_days: 20,
      enabled: true,
      frequency_s: 1800,
    });
  });

  it('gives app users a generated id and unique case-insensitive e-mail', async () => {
    const u = await t.db
      .insertInto('app_user')
      .values({ name: 'A', nickname: 'a', email: 'A@x.org' })
      .returning(['user_id', 'landing_page_ndx'])
      .executeTakeFirstOrThrow();
    expect(u.user_id).toMatch(/^usr_[0-9a-f]{32}$/);
    expect(u.landing_page_ndx).toBe(1);
    expect(await pgError(`insert into app_user (name, nickname, email) values ('B', 'b', 'a@X.org')`)).toBe('23505');
  });

  it('rejects bad data in the database itself', async () => {
    const ref = await seedReference();
    const loc = (cols: string, vals: string) =>
      `insert into location (location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, ${cols})
       values ('X-${Math.random()}', 'X', 'X', ${ref.locationType}, ${ref.waterbody}, ${vals})`;
    expect(await pgError(loc('legend_color', `'#12345G'`))).toBe(CHECK);
    expect(await pgError(loc('legend_color', `'123456'`))).toBe(CHECK);
    expect(await pgError(loc('map_sym_fill_color', `'#fff'`))).toBe(CHECK);
    expect(await pgError(loc('latitude, longitude', `91, 0`))).toBe(CHECK);
    expect(await pgError(loc('latitude, longitude', `40, -181`))).toBe(CHECK);
    expect(await pgError(loc('display_order', `-1`))).toBe(CHECK);
    expect(await pgError(loc('legend_color, latitude, longitude, display_order', `'#A0b1C2', -90, 180, 0`))).toBeUndefined();
    expect(
      await pgError(`insert into facility (facility_name, facility_type_ndx, display_order) values ('F', ${ref.facilityType}, -2)`),
    ).toBe(CHECK);
    const imp = (cols: string, vals: string) =>
      `insert into import_source (location_ndx, parameter_ndx, unit_ndx, datasrc_ndx, ${cols})
       values (${ref.location}, ${ref.parameter}, ${ref.unit}, ${ref.datasrc}, ${vals})`;
    expect(await pgError(imp('apply_daylightsavings_offset', '3'))).toBe(CHECK);
    expect(await pgError(imp('retain_days', '-2'))).toBe(CHECK);
    expect(await pgError(imp('history_days', '-1'))).toBe(CHECK);
    expect(await pgError(imp('column_position_value', '-1'))).toBe(CHECK);
    expect(await pgError(imp('delimiter_ndx', '99'))).toBe(FK);
    expect(
      await pgError(`insert into alert_request (alert_type_ndx, location_ndx, parameter_ndx, trigger_value, reset_hours)
      values (1, ${ref.location}, ${ref.parameter}, -0.5, 0)`),
    ).toBe(CHECK);
    expect(
      await pgError(`insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value)
      values (999999, ${ref.parameter}, now(), 1)`),
    ).toBe(FK);
    expect(
      await pgError(`insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value)
      values (${ref.location}, ${ref.parameter}, now(), null)`),
    ).toBe('23502');
    const device = (id: string, user: string, expires = "now() + interval '1 day'") =>
      `insert into trusted_device (device_id, user_id, issued_at, expires_at) values ('${id}', '${user}', now(), ${expires})`;
    const { user_id: owner } = await makeUser(t.db);
    expect(await pgError(device('not a device id', owner))).toBe(CHECK);
    expect(await pgError(device('A'.repeat(24), owner, 'now()'))).toBe(CHECK);
    expect(await pgError(device('A'.repeat(24), 'usr_nobody'))).toBe(FK);
    expect(await pgError(device('A'.repeat(24), owner))).toBeUndefined();
  });

  it('deleting a location cascades to its observations and rollups', async () => {
    const ref = await seedReference();
    await sql`insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value) values (${ref.location}, ${ref.parameter}, now(), 1)`.execute(
      t.db,
    );
    await t.db.deleteFrom('import_source').where('location_ndx', '=', ref.location).execute();
    await t.db.deleteFrom('location').where('location_ndx', '=', ref.location).execute();
    const n = await t.db
      .selectFrom('observation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('location_ndx', '=', ref.location)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(0);
  });
});

let seq = 0;
async function seedReference() {
  seq += 1;
  const s = `${seq}-${Date.now()}`;
  const { facility_type_ndx: facilityType } = await t.db
    .insertInto('facility_type')
    .values({ facility_type_desc: `FT ${s}` })
    .returning('facility_type_ndx')
    .executeTakeFirstOrThrow();
  const { location_type_ndx: locationType } = await t.db
    .insertInto('location_type')
    .values({ location_type_desc: `LT ${s}` })
    .returning('location_type_ndx')
    .executeTakeFirstOrThrow();
  const { waterbody_ndx: waterbody } = await t.db
    .insertInto('waterbody')
    .values({ waterbody_name: `W ${s}` })
    .returning('waterbody_ndx')
    .executeTakeFirstOrThrow();
  const { unit_ndx: unit } = await t.db
    .insertInto('unit')
    .values({ unit_desc: `U ${s}` })
    .returning('unit_ndx')
    .executeTakeFirstOrThrow();
  const { parameter_ndx: parameter } = await t.db
    .insertInto('parameter')
    .values({ parameter_name: `P ${s}`, unit_ndx: unit })
    .returning('parameter_ndx')
    .executeTakeFirstOrThrow();
  const { datasrc_ndx: datasrc } = await t.db
    .insertInto('data_source')
    .values({ data_source: `D ${s}` })
    .returning('datasrc_ndx')
    .executeTakeFirstOrThrow();
  const { location_ndx: location } = await t.db
    .insertInto('location')
    .values({
      location_id: `L-${s}`,
      location_display_label: 'L',
      location_name: 'L',
      location_type_ndx: locationType,
      waterbody_ndx: waterbody,
    })
    .returning('location_ndx')
    .executeTakeFirstOrThrow();
  return { facilityType, locationType, waterbody, unit, parameter, datasrc, location };
}
