import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { copyFrom } from '../../db/copy-from';
import { localDay, withinLocalDays } from '../../db/local-day';

// All SQL of the observation write path. The caller (ingest.ts) holds the transaction.
// `ingest_touched` is a per-transaction scratch table of the (series, local day) pairs whose
// observations changed; rollups are recomputed from observation for exactly those pairs.

/** Creates the scratch table of touched series-days for this transaction. */
export async function createTouchedTable(trx: Db): Promise<void> {
  await sql`drop table if exists pg_temp.ingest_touched`.execute(trx);
  await sql`
    create temp table ingest_touched (
      location_ndx integer not null,
      parameter_ndx integer not null,
      local_date date not null,
      primary key (location_ndx, parameter_ndx, local_date)
    ) on commit drop`.execute(trx);
}

export async function dropTouchedTable(trx: Db): Promise<void> {
  await sql`drop table if exists pg_temp.ingest_touched`.execute(trx);
}

/** Advisory-lock namespace of the observation write path (first key of the two-int form). */
const SERIES_LOCK_SPACE = 0x0b5e;
/** Series hash onto this many locks: a batch of thousands of series must not exhaust the lock table. */
const SERIES_LOCK_BUCKETS = 256;

/**
 * Serializes writers per series (transaction-scoped advisory locks taken in key order, so two
 * batches cannot deadlock): rollups read committed observations, so a concurrent writer to the
 * same series must finish first or its rows would be missed by our recompute.
 */
export async function lockSeries(trx: Db, locations: string, parameters: string): Promise<void> {
  await sql`
    select count(pg_advisory_xact_lock(${SERIES_LOCK_SPACE}::int, b))
    from (
      select distinct ((l::bigint * 7919 + p) % ${SERIES_LOCK_BUCKETS})::int as b
      from unnest(${locations}::int[], ${parameters}::int[]) as s(l, p)
      order by b offset 0
    ) s`.execute(trx);
}

/**
 * Per-series spans of one batch as Postgres array literals, e.g. '{1,2}'; instants are ISO 8601
 * text. Element k of each array describes the same series.
 */
export interface SeriesSpans {
  locations: string;
  parameters: string;
  firsts: string;
  lasts: string;
}

/** The series (as 'location:parameter') that already hold an observation between their batch's first and last instant. */
export async function seriesWithRowsInSpan(trx: Db, spans: SeriesSpans): Promise<Set<string>> {
  const { rows } = await sql<{ key: string }>`
    select s.l || ':' || s.p as key
    from unnest(${spans.locations}::int[], ${spans.parameters}::int[], ${spans.firsts}::timestamptz[], ${spans.lasts}::timestamptz[])
      as s(l, p, first_ts, last_ts)
    where exists (
      select 1 from observation o
      where o.location_ndx = s.l and o.parameter_ndx = s.p and o.collect_timestamp between s.first_ts and s.last_ts)`.execute(trx);
  return new Set(rows.map((r) => r.key));
}

/** COPY text columns of one observation row, in this order, tab-separated. */
const COPY_COLUMNS = 'location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx, import_ndx, qualifiers';

/**
 * Copies rows that cannot collide with stored ones (their series hold nothing in the batch's span,
 * and the batch has no key twice) straight into observation; returns the rows copied.
 */
export function copyNewObservations(trx: Db, copyText: Iterable<string>): Promise<number> {
  return copyFrom(trx, `copy observation (${COPY_COLUMNS}) from stdin`, copyText);
}

/**
 * Marks every local day from each series' first to last instant as touched. Days inside the span
 * without rows have nothing to roll up and produce no rollup row.
 */
export async function markSpansTouched(trx: Db, spans: SeriesSpans): Promise<void> {
  await sql`
    insert into ingest_touched (location_ndx, parameter_ndx, local_date)
    select s.l, s.p, d::date
    from unnest(${spans.locations}::int[], ${spans.parameters}::int[], ${spans.firsts}::timestamptz[], ${spans.lasts}::timestamptz[])
      as s(l, p, first_ts, last_ts)
    cross join lateral generate_series(${localDay(sql.ref('s.first_ts'))}::timestamp, ${localDay(sql.ref('s.last_ts'))}::timestamp, interval '1 day') d
    on conflict do nothing`.execute(trx);
}

/** Copies rows into a scratch table of this transaction, to be upserted by upsertStaged. */
export async function stageObservations(trx: Db, copyText: Iterable<string>): Promise<number> {
  await sql`drop table if exists pg_temp.ingest_staged`.execute(trx);
  await sql`
    create temp table ingest_staged (
      location_ndx integer not null,
      parameter_ndx integer not null,
      collect_timestamp timestamptz not null,
      result_value double precision not null,
      datasrc_ndx integer,
      import_ndx integer,
      qualifiers text
    ) on commit drop`.execute(trx);
  return copyFrom(trx, `copy pg_temp.ingest_staged (${COPY_COLUMNS}) from stdin`, copyText);
}

/**
 * The qualifiers of a re-imported value: the source's, plus the automatic checks' flags (RANGE,
 * SPIKE, FLAT, GAP) the stored value carries while the value itself is unchanged. The checks own
 * their flags: a source that sends the same value again does not take them away.
 */
const KEPT_QUALIFIERS = sql`(case
  when o.qualifiers is null or o.result_value is distinct from excluded.result_value then excluded.qualifiers
  else nullif(concat_ws(',', excluded.qualifiers, (
    select string_agg(x, ',') from unnest(string_to_array(o.qualifiers, ',')) as x
    where x in ('RANGE', 'SPIKE', 'FLAT', 'GAP') and not (x = any(coalesce(string_to_array(excluded.qualifiers, ','), '{}'::text[]))))), '')
  end)`;

/**
 * Upserts the staged rows (no key twice) in one statement. Existing keys are rewritten only when
 * the value or its qualifiers differ (USGS approves a provisional value by changing its qualifier
 * only); every inserted or changed row marks its series-day as touched.
 */
export async function upsertStaged(trx: Db): Promise<{ inserted: number; updated: number }> {
  const res = await sql<{ inserted: number; updated: number }>`
    with up as (
      insert into observation as o (${sql.raw(COPY_COLUMNS)})
      select ${sql.raw(COPY_COLUMNS)} from pg_temp.ingest_staged
      on conflict (location_ndx, parameter_ndx, collect_timestamp) do update
        set result_value = excluded.result_value,
            datasrc_ndx = excluded.datasrc_ndx,
            import_ndx = excluded.import_ndx,
            qualifiers = ${KEPT_QUALIFIERS},
            updated_at = now()
        where o.result_value is distinct from excluded.result_value
           or o.qualifiers is distinct from ${KEPT_QUALIFIERS}
      returning o.location_ndx, o.parameter_ndx, o.collect_timestamp, (o.xmax = 0) as is_insert
    ),
    touched as (
      insert into ingest_touched (location_ndx, parameter_ndx, local_date)
      select distinct location_ndx, parameter_ndx, ${localDay(sql.ref('collect_timestamp'))} from up
      on conflict do nothing
    )
    select (count(*) filter (where is_insert))::int as inserted,
           (count(*) filter (where not is_insert))::int as updated
    from up`.execute(trx);
  await sql`drop table if exists pg_temp.ingest_staged`.execute(trx);
  return res.rows[0];
}

/** Deletes a series' observations before `before`, marking the affected days as touched. */
export async function deleteSeriesBefore(
  trx: Db,
  locationNdx: number,
  parameterNdx: number,
  before: Date,
): Promise<{ deleted: number; first: Date | null; last: Date | null }> {
  const res = await sql<{ deleted: number; first: Date | null; last: Date | null }>`
    with del as (
      delete from observation
      where location_ndx = ${locationNdx} and parameter_ndx = ${parameterNdx} and collect_timestamp < ${before}
      returning collect_timestamp
    ),
    touched as (
      insert into ingest_touched (location_ndx, parameter_ndx, local_date)
      select distinct ${locationNdx}::int, ${parameterNdx}::int, ${localDay(sql.ref('collect_timestamp'))} from del
      on conflict do nothing
    )
    select count(*)::int as deleted, min(collect_timestamp) as first, max(collect_timestamp) as last from del`.execute(trx);
  return res.rows[0];
}

/** Recomputes observation_daily and series_latest for the touched series-days from observation. */
export async function recomputeRollups(trx: Db, rowsMayHaveGone: boolean): Promise<void> {
  // Temp tables are never auto-analyzed; without stats the planner may not pick index range scans.
  await sql`analyze ingest_touched`.execute(trx);
  // A local day is [local midnight, next local midnight): 23 or 25 hours on DST change days.
  // Each touched day is read by its own range scan of the primary key (LATERAL): right after a
  // bulk COPY the statistics may not know observation's size yet, and a planner free to choose
  // once hash-joined on the series and compared every touched day with every row of its series.
  await sql`
    insert into observation_daily as d (location_ndx, parameter_ndx, local_date, min_value, max_value, mean_value,
                                        sum_value, value_count, last_timestamp, last_value)
    select t.location_ndx, t.parameter_ndx, t.local_date, a.min_value, a.max_value, a.mean_value,
           a.sum_value, a.value_count, l.collect_timestamp, l.result_value
    from ingest_touched t
    cross join lateral (
      select min(o.result_value) as min_value, max(o.result_value) as max_value,
             avg(o.result_value) as mean_value, sum(o.result_value) as sum_value, count(*)::int as value_count
      from observation o
      where o.location_ndx = t.location_ndx and o.parameter_ndx = t.parameter_ndx
        and ${withinLocalDays(sql.ref('o.collect_timestamp'), sql.ref('t.local_date'), sql.ref('t.local_date'))}) a
    cross join lateral (
      select o.collect_timestamp, o.result_value
      from observation o
      where o.location_ndx = t.location_ndx and o.parameter_ndx = t.parameter_ndx
        and ${withinLocalDays(sql.ref('o.collect_timestamp'), sql.ref('t.local_date'), sql.ref('t.local_date'))}
      order by o.collect_timestamp desc
      limit 1) l
    on conflict (location_ndx, parameter_ndx, local_date) do update
      set min_value = excluded.min_value, max_value = excluded.max_value, mean_value = excluded.mean_value,
          sum_value = excluded.sum_value, value_count = excluded.value_count,
          last_timestamp = excluded.last_timestamp, last_value = excluded.last_value`.execute(trx);
  // Days left without observations (after deletes) lose their rollup row. Upserts never empty a day.
  if (rowsMayHaveGone)
    await sql`
    delete from observation_daily d
    using ingest_touched t
    where d.location_ndx = t.location_ndx and d.parameter_ndx = t.parameter_ndx and d.local_date = t.local_date
      and not exists (
        select 1 from observation o
        where o.location_ndx = t.location_ndx and o.parameter_ndx = t.parameter_ndx
          and ${withinLocalDays(sql.ref('o.collect_timestamp'), sql.ref('t.local_date'), sql.ref('t.local_date'))})`.execute(trx);
  // Count comes from the (now exact) daily rows, first/last from the primary key's ends.
  await sql`
    with s as (select distinct location_ndx, parameter_ndx from ingest_touched),
    fresh as (
      select s.location_ndx, s.parameter_ndx, f.collect_timestamp as first_timestamp,
             l.collect_timestamp as last_timestamp, l.result_value as last_value, l.qualifiers as last_qualifiers,
             c.n as observation_count
      from s
      cross join lateral (
        select collect_timestamp from observation o
        where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
        order by collect_timestamp asc limit 1) f
      cross join lateral (
        select collect_timestamp, result_value, qualifiers from observation o
        where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
        order by collect_timestamp desc limit 1) l
      cross join lateral (
        select sum(value_count)::bigint as n from observation_daily d
        where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx) c
    ),
    gone as (
      delete from series_latest sl using s
      where sl.location_ndx = s.location_ndx and sl.parameter_ndx = s.parameter_ndx
        and not exists (select 1 from fresh f where f.location_ndx = s.location_ndx and f.parameter_ndx = s.parameter_ndx)
    )
    insert into series_latest as sl (location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, last_qualifiers,
                                     observation_count)
    select location_ndx, parameter_ndx, first_timestamp, last_timestamp, last_value, last_qualifiers, observation_count from fresh
    on conflict (location_ndx, parameter_ndx) do update
      set first_timestamp = excluded.first_timestamp, last_timestamp = excluded.last_timestamp,
          last_value = excluded.last_value, last_qualifiers = excluded.last_qualifiers,
          observation_count = excluded.observation_count`.execute(trx);
}
