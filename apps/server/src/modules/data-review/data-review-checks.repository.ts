import { sql } from 'kysely';
import type { ParameterChecks, ParameterChecksRow } from '@portal/contracts';
import type { Db } from '../../db/client';
import type { SeriesKey } from './data-review.repository';

// The SQL of the automatic checks: each parameter's limits, and the flags they add to values.

/** A comma-separated qualifier list with the qualifiers of the text array `add` appended once each. */
const merged = (list: unknown, add: unknown) => sql<string>`(
  select string_agg(x, ',' order by m) from (
    select x, min(ord) as m from unnest(coalesce(string_to_array(${list}, ','), '{}'::text[]) || ${add}) with ordinality u(x, ord)
    group by x) z)`;

/**
 * Runs the parameter's checks on a series from `first` to `last` (with the readings before it that
 * a flat line or a jump needs) and adds RANGE, SPIKE, FLAT and GAP to the values they flag, in the
 * published series and in the raw record. Values are never changed or deleted; approved values
 * (qualifier A) are left as they are. Returns the values newly flagged.
 */
export async function flagChecks(trx: Db, s: SeriesKey, first: Date, last: Date): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with p as (
      select check_min, check_max, check_max_rate_per_hour as rate, check_flat_readings as flat, check_gap_minutes as gap
      from parameter where parameter_ndx = ${s.parameterNdx}
        and coalesce(check_min, check_max, check_max_rate_per_hour, check_flat_readings, check_gap_minutes) is not null
    ),
    ctx as (
      select coalesce((
        select min(collect_timestamp) from (
          select collect_timestamp from observation
          where location_ndx = ${s.locationNdx} and parameter_ndx = ${s.parameterNdx} and collect_timestamp < ${first}
          order by collect_timestamp desc limit greatest(coalesce(p.flat, 1) - 1, 1)) b), ${first}::timestamptz) as from_ts
      from p
    ),
    w as (
      select o.collect_timestamp as ts, o.result_value as v, o.qualifiers as q,
             lag(o.collect_timestamp) over w1 as pts, lag(o.result_value) over w1 as pv,
             case when o.result_value is distinct from lag(o.result_value) over w1 then 1 else 0 end as chg
      from observation o, ctx
      where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx}
        and o.collect_timestamp between ctx.from_ts and ${last}
      window w1 as (order by o.collect_timestamp)
    ),
    runs as (select w.*, sum(chg) over (order by ts) as run from w),
    sized as (select runs.*, count(*) over (partition by run) as run_len from runs),
    flags as (
      select ts, q, array_remove(array[
        case when (p.check_min is not null and v < p.check_min) or (p.check_max is not null and v > p.check_max) then 'RANGE' end,
        case when p.rate is not null and pts is not null
              and abs(v - pv) / greatest(extract(epoch from ts - pts) / 3600.0, 1e-9) > p.rate then 'SPIKE' end,
        case when p.flat is not null and run_len >= p.flat then 'FLAT' end,
        case when p.gap is not null and pts is not null and ts - pts > make_interval(mins => p.gap) then 'GAP' end
      ], null) as add
      from sized, p
      where q is null or q !~ '(^|,)A(,|$)'
    ),
    up as (
      update observation o set qualifiers = ${merged(sql.ref('o.qualifiers'), sql.ref('f.add'))}, updated_at = now()
      from flags f
      where o.location_ndx = ${s.locationNdx} and o.parameter_ndx = ${s.parameterNdx} and o.collect_timestamp = f.ts
        and cardinality(f.add) > 0
        and not (f.add <@ coalesce(string_to_array(o.qualifiers, ','), '{}'::text[]))
      returning o.collect_timestamp, f.add
    ),
    raw as (
      update observation_raw r set qualifiers = ${merged(sql.ref('r.qualifiers'), sql.ref('up.add'))}
      from up
      where r.location_ndx = ${s.locationNdx} and r.parameter_ndx = ${s.parameterNdx} and r.collect_timestamp = up.collect_timestamp
      returning 1
    )
    select (select count(*) from up)::int as n`.execute(trx);
  if (rows[0].n > 0)
    await sql`
      update series_latest sl set last_qualifiers = o.qualifiers
      from observation o
      where sl.location_ndx = ${s.locationNdx} and sl.parameter_ndx = ${s.parameterNdx}
        and o.location_ndx = sl.location_ndx and o.parameter_ndx = sl.parameter_ndx and o.collect_timestamp = sl.last_timestamp
        and sl.last_qualifiers is distinct from o.qualifiers`.execute(trx);
  return rows[0].n;
}

/** A parameter's automatic checks, as the checks' list and its editor read them. */
const CHECK_COLUMNS = [
  'parameter_ndx',
  'parameter_name',
  'check_min',
  'check_max',
  'check_max_rate_per_hour',
  'check_flat_readings',
  'check_gap_minutes',
] as const;

export async function listChecks(db: Db): Promise<ParameterChecksRow[]> {
  return db.selectFrom('parameter').select(CHECK_COLUMNS).orderBy('display_order').orderBy('parameter_name').execute();
}

/** The parameter's checks before the change, or undefined when it does not exist (row locked). */
export async function findChecksForUpdate(trx: Db, parameterNdx: number): Promise<ParameterChecksRow | undefined> {
  return trx.selectFrom('parameter').select(CHECK_COLUMNS).where('parameter_ndx', '=', parameterNdx).forUpdate().executeTakeFirst();
}

export async function saveChecks(trx: Db, parameterNdx: number, c: ParameterChecks): Promise<void> {
  await trx.updateTable('parameter').set(c).where('parameter_ndx', '=', parameterNdx).execute();
}
