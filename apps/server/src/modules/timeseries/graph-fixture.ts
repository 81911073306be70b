import { afterAll, beforeAll } from 'vitest';
import { makeDataSource, makeGage, makeParameter, makeUnit } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ingestObservations, type ObservationInput } from './ingest';

/**
 * Shared setup of the graph tests: a public, a private and a map-excluded gage and a well with
 * flow, stage, water level and battery series (across both DST changes, with a stage spike for
 * downsampling), tokens for three kinds of caller, and the graph requests.
 */

export let h: TestApp;
export let staff: string;
export let noRole: string;
export let admin: string;
export const loc: Record<'pub' | 'priv' | 'excluded' | 'well', number> = { pub: 0, priv: 0, excluded: 0, well: 0 };
export const param: Record<'flow' | 'stage' | 'level' | 'battery', number> = { flow: 0, stage: 0, level: 0, battery: 0 };
export let datasrc = 0;
const MIN15 = 15 * 60_000;

function series(
  l: number,
  p: number,
  start: string,
  end: string,
  f: (i: number) => number,
  q: (i: number) => string | null = () => null,
): ObservationInput[] {
  const out: ObservationInput[] = [];
  for (let ms = Date.parse(start), i = 0; ms < Date.parse(end); ms += MIN15, i++) {
    out.push({ locationNdx: l, parameterNdx: p, collectTimestamp: new Date(ms), resultValue: f(i), datasrcNdx: datasrc, qualifiers: q(i) });
  }
  return out;
}

/** Registers the hooks that build the graph district in a test file's own app; call it once at the top of the file. */
export function useGraphDistrict(): void {
  beforeAll(async () => {
    h = await createTestApp();
    const db = h.t.db;
    const cfs = (await makeUnit(db, { unit_desc: 'cfs' })).unit_ndx;
    const ft = (await makeUnit(db, { unit_desc: 'ft' })).unit_ndx;
    const addParam = async (name: string, unit: number, value_field: 'flow_cfs' | 'stage_ft' | 'level_ft' | null) =>
      (await makeParameter(db, { parameter_name: name, unit_ndx: unit, value_field })).parameter_ndx;
    param.flow = await addParam('Flow', cfs, 'flow_cfs');
    param.stage = await addParam('Stage', ft, 'stage_ft');
    param.level = await addParam('Water Level', ft, 'level_ft');
    param.battery = await addParam('Battery', ft, null);
    datasrc = (await makeDataSource(db, { data_source: 'Logger File Import', kind: 'file' })).datasrc_ndx;
    const addLoc = async (location_id: string, is_public: boolean, exclude_from_map: boolean) =>
      (await makeGage(db, location_id, { is_public, exclude_from_map })).location_ndx;
    loc.pub = await addLoc('SP-1', true, false);
    loc.priv = await addLoc('PR-1', false, false);
    loc.excluded = await addLoc('EX-1', true, true);
    loc.well = await addLoc('TW-11', true, false);

    // Flow at SP-1: local 03/07/2026 00:00 MST .. 03/10/2026 00:00 MDT (spring forward on 03/08), value = index;
    // approved (A) at first, provisional (P, some estimated) from 03/07 22:00 MST on.
    await ingestObservations(
      db,
      series(
        loc.pub,
        param.flow,
        '2026-03-07T07:00:00Z',
        '2026-03-10T06:00:00Z',
        (i) => i,
        (i) => (i < 88 ? 'A' : i === 90 ? 'P,e' : 'P'),
      ),
    );
    // Fall back: 11/01/2026 has 25 local hours.
    await ingestObservations(
      db,
      series(loc.pub, param.flow, '2026-11-01T06:00:00Z', '2026-11-02T07:00:00Z', () => 3.5),
    );
    // Ten days of stage with one spike, for downsampling.
    await ingestObservations(
      db,
      series(loc.pub, param.stage, '2026-05-01T06:00:00Z', '2026-05-11T06:00:00Z', (i) => (i === 333 ? 99 : 1 + (i % 4) / 100)),
    );
    await ingestObservations(
      db,
      series(loc.well, param.level, '2026-05-01T06:00:00Z', '2026-05-02T06:00:00Z', (i) => 120 + i / 4),
    );
    await ingestObservations(
      db,
      series(loc.well, param.battery, '2026-05-01T06:00:00Z', '2026-05-02T06:00:00Z', () => 12.6),
    );
    for (const l of [loc.priv, loc.excluded])
      await ingestObservations(
        db,
        series(l, param.flow, '2026-03-07T07:00:00Z', '2026-03-08T07:00:00Z', () => 1),
      );
    staff = await h.tokenFor({ roles: ['User'] });
    noRole = await h.tokenFor({ roles: [] });
    admin = await h.tokenFor({ roles: ['Administrator'] });
  }, 120_000);
  afterAll(async () => h?.close());
}

export const post = (path: string, payload: unknown, token?: string) =>
  h.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
export const flow = (id: number | string, payload: unknown, token?: string) => post(`graph-flow-data15-min/${id}`, payload, token);
