import { sql } from 'kysely';
import type { Db } from '../src/db/client';
import { localDay } from '../src/db/local-day';
import type { Insertable } from 'kysely';
import type { ImportSourceTable } from '../src/db/schema';
import { makeDataSource, makeImportSource, makeLocation, makeLocationType, makeParameter, makeUnit, makeWaterbody } from './factories';

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
  const unit = await makeUnit(db, { unit_desc: 'cfs' });
  const param = await makeParameter(db, { parameter_name: 'Flow', unit_ndx: unit.unit_ndx });
  const locs = [];
  for (const i of [1, 2])
    locs.push(
      await makeLocation(db, {
        location_id: `IMP-${i}`,
        location_display_label: `IMP-${i}`,
        location_name: `Import test ${i}`,
        location_type_ndx: lt,
        waterbody_ndx: wb,
        latitude: null,
        longitude: null,
      }),
    );
  const byKind = async (data_source: string, kind: 'file' | 'usgs' | 'cdss' | 'manual') =>
    (await makeDataSource(db, { data_source, kind })).datasrc_ndx;
  const dataSource = {
    file: await byKind('Logger File Import', 'file'),
    usgs: await byKind('USGS NWIS', 'usgs'),
    cdss: await byKind('Colorado DWR CDSS', 'cdss'),
    manual: await byKind('Manual Field Reading', 'manual'),
  };
  return {
    locations: [locs[0].location_ndx, locs[1].location_ndx],
    parameterNdx: param.parameter_ndx,
    unitNdx: unit.unit_ndx,
    dataSource,
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
  const source = await makeImportSource(db, {
    location_ndx: f.locations[0],
    parameter_ndx: f.parameterNdx,
    unit_ndx: f.unitNdx,
    datasrc_ndx: f.dataSource[kind],
    file_name: null,
    ...fields,
  });
  return source.import_ndx;
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
