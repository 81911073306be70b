import { sql } from 'kysely';
import type { Db } from '../src/db/client';
import { localDay } from '../src/db/local-day';
import type { Insertable } from 'kysely';
import type { ImportSourceTable } from '../src/db/schema';
import { makeLocationType, makeWaterbody } from './factories';

/** The minimal reference rows an import source needs: two locations, one parameter, one data source per kind. */
export interface ImportFixture {
  locations: [number, number];
  parameterNdx: number;
  unitNdx: number;
  dataSource: { file: number; usgs: number; cdss: number; manual: number };
}

export async function createImportFixture(db: Db): Promise<ImportFixture> {
  const lt = (await makeLocationType(db, { location_type_desc: 'Stream gage' })).location_type_ndx;
  const wb = (await makeWaterbody(db, { waterbody_name: 'South Platte River' })).waterbody_ndx;
  const unit = await db.insertInto('unit').values({ unit_desc: 'cfs' }).returning('unit_ndx').executeTakeFirstOrThrow();
  const param = await db
    .insertInto('parameter')
    .values({ parameter_name: 'Flow', unit_ndx: unit.unit_ndx })
    .returning('parameter_ndx')
    .executeTakeFirstOrThrow();
  const locs = await db
    .insertInto('location')
    .values(
      [1, 2].map((i) => ({
        location_id: `IMP-${i}`,
        location_display_label: `IMP-${i}`,
        location_name: `Import test ${i}`,
        location_type_ndx: lt,
        waterbody_ndx: wb,
      })),
    )
    .returning('location_ndx')
    .execute();
  const ds = await db
    .insertInto('data_source')
    .values([
      { data_source: 'Logger File Import', kind: 'file' },
      { data_source: 'USGS NWIS', kind: 'usgs' },
      { data_source: 'Colorado DWR CDSS', kind: 'cdss' },
      { data_source: 'Manual Field Reading', kind: 'manual' },
    ])
    .returning(['datasrc_ndx', 'kind'])
    .execute();
  const byKind = (k: string) => ds.find((d) => d.kind === k)!.datasrc_ndx;
  return {
    locations: [locs[0].location_ndx, locs[1].location_ndx],
    parameterNdx: param.parameter_ndx,
    unitNdx: unit.unit_ndx,
    dataSource: { file: byKind('file'), usgs: byKind('usgs'), cdss: byKind('cdss'), manual: byKind('manual') },
  };
}

type SourceFields = Partial<Insertable<ImportSourceTable>>;

/** Inserts an import source for the fixture's first location unless told otherwise; returns import_ndx. */
export async function addImportSource(
  db: Db,
  f: ImportFixture,
  kind: 'file' | 'usgs' | 'cdss' | 'manual',
  fields: SourceFields = {},
): Promise<number> {
  const r = await db
    .insertInto('import_source')
    .values({
      location_ndx: f.locations[0],
      parameter_ndx: f.parameterNdx,
      unit_ndx: f.unitNdx,
      datasrc_ndx: f.dataSource[kind],
      ...fields,
    })
    .returning('import_ndx')
    .executeTakeFirstOrThrow();
  return r.import_ndx;
}

/** One series' stored observations as [ISO instant, value], oldest first. */
export async function seriesRows(db: Db, locationNdx: number, parameterNdx: number): Promise<[string, number][]> {
  const rows = await db
    .selectFrom('observation')
    .select(['collect_timestamp', 'result_value'])
    .where('location_ndx', '=', locationNdx)
    .where('parameter_ndx', '=', parameterNdx)
    .orderBy('collect_timestamp')
    .execute();
  return rows.map((r) => [r.collect_timestamp.toISOString(), r.result_value]);
}

/** True when series_latest and observation_daily equal a fresh recomputation from observation. */
export async function rollupsAreExact(db: Db): Promise<boolean> {
  const r = await sql<{ bad: number }>`
    with expect_daily as (
      select location_ndx, parameter_ndx, ${localDay(sql.ref('collect_timestamp'))} as local_date,
             min(result_value) as mn, max(result_value) as mx, count(*)::int as n, sum(result_value) as sm
      from observation group by 1, 2, 3
    ),
    expect_latest as (
      select location_ndx, parameter_ndx, min(collect_timestamp) as f, max(collect_timestamp) as l, count(*)::bigint as n
      from observation group by 1, 2
    )
    select (
      (select count(*) from expect_daily e full join observation_daily d using (location_ndx, parameter_ndx, local_date)
        where d.value_count is distinct from e.n or d.min_value is distinct from e.mn or d.max_value is distinct from e.mx
           or abs(coalesce(d.sum_value, 0) - coalesce(e.sm, 0)) > 1e-6) +
      (select count(*) from expect_latest e full join series_latest s using (location_ndx, parameter_ndx)
        where s.first_timestamp is distinct from e.f or s.last_timestamp is distinct from e.l or s.observation_count is distinct from e.n)
    )::int as bad`.execute(db);
  return r.rows[0].bad === 0;
}
