import { sql } from 'kysely';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import type { BenchDatabase } from './lib';

// The scale bench's database: reference rows, then series of one year of 15-minute readings
// generated in SQL the way ingest writes them, with their rollups.

const ZONE = DEFAULT_DISTRICT_TIME_ZONE;
/** One year of 15-minute readings: every series holds the local year 2025, as the graph bench's series. */
export const YEAR = 35_040;
/** Locations per facility: Query & Download of one facility reads this many series. */
export const PER_FACILITY = 4;
/** Rows generated per INSERT statement (one transaction each), so a step's WAL and locks stay bounded. */
const CHUNK_ROWS = 5_000_000;

export async function seedReferenceRows(db: BenchDatabase): Promise<void> {
  await sql`
    insert into facility_type (facility_type_ndx, facility_type_desc, display_order, united_list_include) values (1, 'Stream Gages', 1, true);
    insert into location_type (location_type_ndx, location_type_desc) values (1, 'Stream Gage');
    insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'South Platte River');
    insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
    insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field, display_order) values (1, 'Flow', 1, 'flow_cfs', 1);
    insert into parameter_group (parameter_group_ndx, parameter_group_name, display_order) values (1, 'Surface Water', 1);
    insert into parameter_group_member (parameter_group_ndx, parameter_ndx) values (1, 1);
    insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file'), (2, 'Manual Field Reading', 'manual');
  `.execute(db.db);
}

export const yearStart = sql`('2025-01-01'::timestamp at time zone ${sql.lit(ZONE)})`;

/**
 * Adds series `first`..`last` (one location each, 4 per facility) with the local year 2025 at
 * 15 minutes, inserted in time order with the new series interleaved, then their daily rollups
 * and latest values from the inserted rows, then VACUUM ANALYZE (what autovacuum does after bulk
 * inserts: statistics and the visibility map).
 */
export async function grow(db: BenchDatabase, first: number, last: number): Promise<void> {
  const facilityOf = (l: string) => sql.raw(`((${l} - 1) / ${PER_FACILITY} + 1)`);
  await sql`
    insert into facility (facility_ndx, facility_name, facility_type_ndx, display_order)
      select distinct ${facilityOf('g')}, 'Gage Group ' || ${facilityOf('g')}, 1, ${facilityOf('g')}
      from generate_series(${first}::int, ${last}::int) g on conflict do nothing`.execute(db.db);
  await sql`
    insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, latitude, longitude, display_order)
      select g, 'SG-' || g, 'SG' || g, 'Stream Gage ' || g, 1, 1, 39 + (g % 300) / 100.0, -105.5 + (g / 300) / 100.0, g
      from generate_series(${first}::int, ${last}::int) g`.execute(db.db);
  await sql`
    insert into facility_location (facility_ndx, location_ndx) select ${facilityOf('g')}, g from generate_series(${first}::int, ${last}::int) g`.execute(
    db.db,
  );
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const perChunk = Math.max(1, Math.floor(CHUNK_ROWS / (last - first + 1)));
  for (let from = 0; from < YEAR; from += perChunk) {
    const to = Math.min(YEAR, from + perChunk) - 1;
    // The lateral series depends on i, so the planner keeps i outermost: time order, series interleaved.
    // The rows reference only the keys inserted above, so the foreign-key triggers (85% of the
    // insert's time) are skipped for the load, as pg_restore does (session_replication_role).
    await db.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
      insert into observation (location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx, qualifiers, inserted_at)
      select l, 1, ${yearStart} + i * interval '15 minutes',
             round((300 + 200 * sin(i / 3000.0) + 40 * sin(i / 15.0) + l / 7.0) * 100) / 100,
             case when i % 96 = 0 then 2 else 1 end, case when i % 1000 = 0 then 'P,e' when i % 10 = 0 then 'P' end,
             ${yearStart} + i * interval '15 minutes' + interval '20 minutes'
      from generate_series(${from}::int, ${to}::int) i
      cross join lateral generate_series(${first}::int, ${last}::int + 0 * i) l`.execute(trx);
    });
    process.stdout.write(`\r  rows of ${first}..${last}: ${(((to + 1) / YEAR) * 100).toFixed(0)}%   `);
  }
  process.stdout.write(`\n  rows inserted at ${elapsed()}\n`);
  await sql`
    insert into observation_daily (location_ndx, parameter_ndx, local_date, min_value, max_value, mean_value, sum_value, value_count, last_timestamp, last_value)
    select location_ndx, parameter_ndx, (collect_timestamp at time zone ${ZONE})::date,
           min(result_value), max(result_value), avg(result_value), sum(result_value), count(*),
           max(collect_timestamp), (array_agg(result_value order by collect_timestamp desc))[1]
    from observation where location_ndx between ${first} and ${last}
    group by 1, 2, 3`.execute(db.db);
  await sql`
    insert into series_latest (location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, observation_count)
    select d.location_ndx, d.parameter_ndx, f.first_timestamp, max(d.last_timestamp),
           (array_agg(d.last_value order by d.local_date desc))[1], sum(d.value_count)
    from observation_daily d
    cross join lateral (select min(o.collect_timestamp) as first_timestamp from observation o
                        where o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx) f
    where d.location_ndx between ${first} and ${last}
    group by d.location_ndx, d.parameter_ndx, f.first_timestamp`.execute(db.db);
  console.log(`  rollups built at ${elapsed()}`);
  await sql`vacuum analyze`.execute(db.db);
  console.log(`  vacuumed at ${elapsed()}`);
}
