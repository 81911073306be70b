import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import type { ObservationInput } from './ingest';

/**
 * Shared setup of the ingest tests: a database per test file, fresh locations, 15-minute rows,
 * and reads of what ingest stored (daily rollups, the latest value, the row count).
 */

export let t: TestDatabase;
export let parameter: number;
let locationType: number;
let waterbody: number;
export let datasrc: number;

/**
 * Registers the hooks that give a test file its own database with one parameter (Flow) and one
 * data source; call it once at the top of the file.
 */
export function useIngestDatabase(): void {
  beforeAll(async () => {
    t = await createTestDatabase();
    locationType = (
      await t.db
        .insertInto('location_type')
        .values({ location_type_desc: 'Stream gage' })
        .returning('location_type_ndx')
        .executeTakeFirstOrThrow()
    ).location_type_ndx;
    waterbody = (
      await t.db.insertInto('waterbody').values({ waterbody_name: 'South Platte' }).returning('waterbody_ndx').executeTakeFirstOrThrow()
    ).waterbody_ndx;
    parameter = (
      await t.db
        .insertInto('parameter')
        .values({ parameter_name: 'Flow', value_field: 'flow_cfs' })
        .returning('parameter_ndx')
        .executeTakeFirstOrThrow()
    ).parameter_ndx;
    datasrc = (
      await t.db
        .insertInto('data_source')
        .values({ data_source: 'Test feed', kind: 'demo' })
        .returning('datasrc_ndx')
        .executeTakeFirstOrThrow()
    ).datasrc_ndx;
  });
  afterAll(async () => {
    await t.drop();
  });
}

let locSeq = 0;
export async function newLocation(): Promise<number> {
  locSeq += 1;
  const r = await t.db
    .insertInto('location')
    .values({
      location_id: `T-${locSeq}`,
      location_display_label: `T${locSeq}`,
      location_name: `Test ${locSeq}`,
      location_type_ndx: locationType,
      waterbody_ndx: waterbody,
    })
    .returning('location_ndx')
    .executeTakeFirstOrThrow();
  return r.location_ndx;
}

export const MIN15 = 15 * 60_000;
/** 15-minute rows from `start` (inclusive) to `end` (exclusive), value = f(index). */
export function series(loc: number, start: string, end: string, f: (i: number) => number = (i) => i): ObservationInput[] {
  const out: ObservationInput[] = [];
  for (let ms = Date.parse(start), i = 0; ms < Date.parse(end); ms += MIN15, i++) {
    out.push({ locationNdx: loc, parameterNdx: parameter, collectTimestamp: new Date(ms), resultValue: f(i), datasrcNdx: datasrc });
  }
  return out;
}

export async function daily(loc: number) {
  const r = await sql<{
    local_date: string;
    min_value: number;
    max_value: number;
    mean_value: number;
    sum_value: number;
    value_count: number;
    last_timestamp: Date;
    last_value: number;
  }>`select local_date::text as local_date, min_value, max_value, mean_value, sum_value, value_count, last_timestamp, last_value
     from observation_daily where location_ndx = ${loc} and parameter_ndx = ${parameter} order by local_date`.execute(t.db);
  return r.rows;
}

export async function latest(loc: number) {
  return t.db
    .selectFrom('series_latest')
    .select(['first_timestamp', 'last_timestamp', 'last_value', 'observation_count'])
    .where('location_ndx', '=', loc)
    .where('parameter_ndx', '=', parameter)
    .executeTakeFirst();
}

export async function observationCount(loc: number): Promise<number> {
  const r = await t.db
    .selectFrom('observation')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('location_ndx', '=', loc)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
