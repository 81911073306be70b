import { afterAll, beforeAll } from 'vitest';
import type { RouteAccess } from '../../src/tokens/guard';
import {
  makeDataSource,
  makeFacility,
  makeFacilityType,
  makeLocation,
  makeLocationType,
  makeParameter,
  makeSeries,
  makeUnit,
  makeUser,
} from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { TABLE, type Target } from './access-table';

/** Every identity shares this subject, authorised for one facility: the table, not the fixture, decides who may open it. */
const SUB = 'usr_access';

/**
 * The access fixture: a public, a private and two excluded locations (one in the authorised
 * facility, one in the other), two parameters with a reading each on 2026-03-07, and a parameter
 * group. Filled in by `useAccessFixture`; routes read it when they are called.
 */
export const fx = {
  fac: { authorised: 0, other: 0 },
  facilityName: { authorised: 'Authorised Field', other: 'Other Field' },
  loc: { public: 0, private: 0, excludedAuthorised: 0, excludedOther: 0 },
  parameter: { level: 0, battery: 0 },
  parameterGroup: 0,
};

export function locationTargets(): Target[] {
  return [
    { name: 'public location', ndx: fx.loc.public, column: 'public', inAuthorisedFacility: false },
    { name: 'private location', ndx: fx.loc.private, column: 'private', inAuthorisedFacility: false },
    {
      name: 'excluded location of the authorised facility',
      ndx: fx.loc.excludedAuthorised,
      column: 'excluded',
      inAuthorisedFacility: true,
    },
    { name: 'excluded location of another facility', ndx: fx.loc.excludedOther, column: 'excluded', inAuthorisedFacility: false },
  ];
}
export function facilityTargets(): Target[] {
  return [
    { name: 'authorised facility', ndx: fx.fac.authorised, column: 'authorisedFacility', inAuthorisedFacility: true },
    { name: 'other facility', ndx: fx.fac.other, column: 'otherFacility', inAuthorisedFacility: false },
  ];
}

async function buildFixture(h: TestApp): Promise<void> {
  const db = h.t.db;
  const wells = await makeFacilityType(db, { facility_type_desc: 'Wells', united_list_include: true, mobile_report: 'wells' });
  const well = { location_type_ndx: (await makeLocationType(db, { location_type_desc: 'Well' })).location_type_ndx };
  const at = (is_public: boolean, exclude_from_map: boolean, location_name: string) =>
    makeLocation(db, { ...well, is_public, exclude_from_map, location_name });
  fx.loc.public = (await at(true, false, 'Public Well')).location_ndx;
  fx.loc.private = (await at(false, false, 'Private Well')).location_ndx;
  fx.loc.excludedAuthorised = (await at(true, true, 'Excluded Well A')).location_ndx;
  fx.loc.excludedOther = (await at(false, true, 'Excluded Well B')).location_ndx;
  const facility = (name: string, locations: number[]) =>
    makeFacility(db, { facility_name: name, facility_type_ndx: wells.facility_type_ndx, locations });
  fx.fac.authorised = (await facility(fx.facilityName.authorised, [fx.loc.excludedAuthorised])).facility_ndx;
  fx.fac.other = (await facility(fx.facilityName.other, [fx.loc.public, fx.loc.private, fx.loc.excludedOther])).facility_ndx;
  await db.insertInto('county').values({ county_name: 'Weld' }).execute();
  const ft = await makeUnit(db, { unit_desc: 'ft' });
  const volts = await makeUnit(db, { unit_desc: 'V' });
  fx.parameter.level = (
    await makeParameter(db, { parameter_name: 'Water Level', unit_ndx: ft.unit_ndx, value_field: 'level_ft' })
  ).parameter_ndx;
  fx.parameter.battery = (await makeParameter(db, { parameter_name: 'Battery Voltage', unit_ndx: volts.unit_ndx })).parameter_ndx;
  fx.parameterGroup = (
    await db.insertInto('parameter_group').values({ parameter_group_name: 'Groundwater' }).returningAll().executeTakeFirstOrThrow()
  ).parameter_group_ndx;
  await db
    .insertInto('parameter_group_member')
    .values([fx.parameter.level, fx.parameter.battery].map((parameter_ndx) => ({ parameter_group_ndx: fx.parameterGroup, parameter_ndx })))
    .execute();
  const logger = await makeDataSource(db, { data_source: 'Logger File Import', kind: 'file' });
  await makeUser(db, {
    user_id: SUB,
    name: 'Access Tester',
    nickname: 'access',
    email: 'access@example.org',
    facilities: [fx.fac.authorised],
  });
  const reading = '2026-03-07T18:00:00Z';
  for (const [i, locationNdx] of Object.values(fx.loc).entries()) {
    await db
      .insertInto('flow_calculation')
      .values({ location_ndx: locationNdx, flow_calc_formula: 'Q = H', flow_calc_notes: 'note' })
      .execute();
    await makeSeries(db, {
      locationNdx,
      parameterNdx: fx.parameter.level,
      datasrcNdx: logger.datasrc_ndx,
      observations: [[reading, 11 + i]],
    });
    await makeSeries(db, {
      locationNdx,
      parameterNdx: fx.parameter.battery,
      datasrcNdx: logger.datasrc_ndx,
      observations: [[reading, 12.5]],
    });
  }
}

/** Starts an app on a fresh database holding the access fixture, with a token for every caller of the table. */
export function useAccessFixture() {
  let h: TestApp;
  const tokens = new Map<string, string | undefined>();
  beforeAll(async () => {
    h = await createTestApp();
    await buildFixture(h);
    for (const identity of TABLE)
      tokens.set(identity.label, identity.roles === null ? undefined : await h.tokenFor({ sub: SUB, roles: identity.roles }));
  }, 60_000);
  afterAll(async () => h?.close());
  return {
    get h() {
      return h;
    },
    /** The route's declared access, from the app's own list of routes. */
    declared(method: string, template: string): RouteAccess {
      const route = h.app.declaredAccess.find((r) => r.method === method && r.url === template);
      if (!route) throw new Error(`${method} ${template} is not a registered route`);
      return route.access;
    },
    /** Calls a route as one caller of the table (no token for Anonymous). */
    call(method: 'GET' | 'POST', url: string, label: string, payload?: unknown) {
      const token = tokens.get(label);
      return h.app.inject({ method, url, payload: payload as never, headers: token ? { authorization: `Bearer ${token}` } : {} });
    },
  };
}
