import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../src/db/client';
import type { BasemapTable, CountyTable, ParameterGroupTable } from '../../src/db/schema';
import { nextSerial } from './serial';

/* Reference rows a test may need beyond the ones apps/server/test/factories.ts shares by default. */

type Overrides<T> = Partial<Insertable<T>>;

export async function makeCounty(db: Db, over: Overrides<CountyTable> = {}): Promise<Selectable<CountyTable>> {
  return db
    .insertInto('county')
    .values({ county_name: `County ${nextSerial()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A parameter group holding the given parameters. */
export async function makeParameterGroup(
  db: Db,
  { parameters = [], ...over }: Overrides<ParameterGroupTable> & { parameters?: readonly number[] } = {},
): Promise<Selectable<ParameterGroupTable>> {
  const group = await db
    .insertInto('parameter_group')
    .values({ parameter_group_name: `Parameter group ${nextSerial()}`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (parameters.length)
    await db
      .insertInto('parameter_group_member')
      .values(parameters.map((parameter_ndx) => ({ parameter_group_ndx: group.parameter_group_ndx, parameter_ndx })))
      .execute();
  return group;
}

/** A basemap with a style URL unless the overrides say otherwise. */
export async function makeBasemap(db: Db, over: Overrides<BasemapTable> = {}): Promise<Selectable<BasemapTable>> {
  const n = nextSerial();
  return db
    .insertInto('basemap')
    .values({ name: `Basemap ${n}`, style_url: `http://127.0.0.1:9/style-${n}.json`, ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}
