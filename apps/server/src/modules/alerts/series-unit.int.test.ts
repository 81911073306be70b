import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGage, makeParameter, makeUnit } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ingestObservations } from '../timeseries/index';
import { evaluateAlerts } from './engine/evaluate';

/**
 * A series' unit is the location's own unit for the parameter when it sets one, else the
 * parameter's (series_info). The alert message, the alerts table, the graph, the comparison and
 * the open data API name the same unit for one series.
 */

const NOW = new Date('2026-07-01T18:00:00Z');
let h: TestApp;
let admin: string;
let overridden: number;
let plain: number;
let flowNdx: number;

beforeAll(async () => {
  h = await createTestApp();
  const db = h.t.db;
  const cfs = (await makeUnit(db, { unit_desc: 'cfs' })).unit_ndx;
  const mgd = (await makeUnit(db, { unit_desc: 'MGD' })).unit_ndx;
  const flow = (await makeParameter(db, { parameter_name: 'Flow', unit_ndx: cfs, value_field: 'flow_cfs' })).parameter_ndx;
  flowNdx = flow;
  const addLoc = async (id: string) => (await makeGage(db, id)).location_ndx;
  overridden = await addLoc('PLANT-1');
  plain = await addLoc('SP-1');
  // PLANT-1 reports its flow in MGD; SP-1 keeps the parameter's cfs.
  await db.insertInto('location_parameter').values({ location_ndx: overridden, parameter_ndx: flow, unit_ndx: mgd }).execute();
  const group = (await db.insertInto('contact_group').values({ group_desc: 'Operators' }).returning('group_ndx').executeTakeFirstOrThrow())
    .group_ndx;
  const contact = (
    await db
      .insertInto('contact')
      .values({ contact_address: 'ops@example.org', contact_name: 'Ops', contact_org: 'District' })
      .returning('contact_ndx')
      .executeTakeFirstOrThrow()
  ).contact_ndx;
  await db.insertInto('contact_group_member').values({ group_ndx: group, contact_ndx: contact }).execute();
  for (const location_ndx of [overridden, plain]) {
    const { alert_request_ndx } = await db
      .insertInto('alert_request')
      .values({
        alert_type_ndx: 1,
        location_ndx,
        parameter_ndx: flow,
        trigger_value: 10,
        reset_hours: 24,
        custom_subject: null,
        custom_loc_name: null,
        notes: null,
        created_at: new Date(NOW.getTime() - 86_400_000),
      })
      .returning('alert_request_ndx')
      .executeTakeFirstOrThrow();
    await db.insertInto('alert_request_recipient').values({ alert_request_ndx, group_ndx: group, contact_ndx: null }).execute();
    await ingestObservations(db, [{ locationNdx: location_ndx, parameterNdx: flow, collectTimestamp: NOW, resultValue: 12 }]);
  }
  admin = await h.tokenFor({ roles: ['Administrator'] });
}, 120_000);
afterAll(async () => h?.close());

async function graphUnits(locationNdx: number): Promise<string | null> {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/graph-flow-data15-min/${locationNdx}`,
    payload: { startDate: '07/01/2026', endDate: '07/01/2026', interval: '15min' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ units: string | null }>().units;
}

async function alertMessage(locationNdx: number): Promise<string> {
  const row = await h.t.db
    .selectFrom('alert_event as e')
    .innerJoin('alert_request as r', 'r.alert_request_ndx', 'e.alert_request_ndx')
    .select('e.body')
    .where('r.location_ndx', '=', locationNdx)
    .executeTakeFirstOrThrow();
  return row.body ?? '';
}

async function comparisonUnits(): Promise<Record<number, string | null>> {
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/ts-compare-raw-data/${flowNdx}/${overridden},${plain}/2026-07-01/2026-07-01`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ series: { location_ndx: number; units: string | null }[] }>();
  return Object.fromEntries(body.series.map((s) => [s.location_ndx, s.units]));
}

/** The open data API's latest value of each series, by unit of measure: the value is 12 at both. */
async function openDataUnits(): Promise<string[]> {
  const res = await h.app.inject({ method: 'GET', url: '/ogcapi/collections/latest-continuous/items?f=json' });
  expect(res.statusCode).toBe(200);
  const features = res.json<{ features: { properties: { unit_of_measure: string | null; value: unknown } }[] }>().features;
  return features.map((f) => String(f.properties.unit_of_measure)).sort();
}

describe('the unit of a series whose location overrides the parameter unit', () => {
  it('is the same in the alert message, the alerts table and the graph', async () => {
    expect(await evaluateAlerts(h.t.db, { delivery: 'outbox', publicUrl: 'http://portal.example.org', now: NOW })).toEqual({
      fired: 2,
      messages: 2,
    });

    expect(await graphUnits(overridden)).toBe('MGD');
    expect(await alertMessage(overridden)).toContain('Flow is 12.00 MGD, above the trigger of 10 MGD.');
    // Without an override the parameter's unit holds everywhere.
    expect(await graphUnits(plain)).toBe('cfs');
    expect(await alertMessage(plain)).toContain('Flow is 12.00 cfs, above the trigger of 10 cfs.');

    const table = await h.app.inject({ method: 'GET', url: '/api/alerts-management-table', headers: { authorization: `Bearer ${admin}` } });
    expect(table.statusCode).toBe(200);
    const units = Object.fromEntries(table.json<{ location_ndx: number; units: string | null }[]>().map((r) => [r.location_ndx, r.units]));
    expect(units).toEqual({ [overridden]: 'MGD', [plain]: 'cfs' });
  });

  it('is the same in the comparison of both locations and in the open data API', async () => {
    expect(await comparisonUnits()).toEqual({ [overridden]: 'MGD', [plain]: 'cfs' });
    expect(await openDataUnits()).toEqual(['MGD', 'cfs']);
  });
});
