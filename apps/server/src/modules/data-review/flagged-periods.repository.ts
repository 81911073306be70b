import { sql } from 'kysely';
import type { FlaggedPeriod } from '@portal/contracts';
import type { Db } from '../../db/client';
import { readableLocation } from '../../access/access.repository';
import type { Caller } from '../../access/access-policy';

/** The pattern of the index observation_flagged: values carrying a check's qualifier. */
const FLAGGED = '(^|,)(RANGE|SPIKE|FLAT|GAP)(,|$)';

/**
 * Runs of consecutive flagged values (same series, same check, no other value between), newest
 * first, from the newest `scan` flagged values of the series the caller may read.
 */
export async function listFlaggedPeriods(db: Db, caller: Caller, scan: number, limit: number): Promise<FlaggedPeriod[]> {
  const { rows } = await sql<FlaggedPeriod>`
    with f as (
      select o.location_ndx, o.parameter_ndx, o.collect_timestamp as ts, q.qualifier
      from observation o
      join location l on l.location_ndx = o.location_ndx
      cross join lateral unnest(string_to_array(o.qualifiers, ',')) as q(qualifier)
      where o.qualifiers ~ ${sql.lit(FLAGGED)} and q.qualifier in ('RANGE', 'SPIKE', 'FLAT', 'GAP') and ${readableLocation(caller, 'l')}
      order by o.collect_timestamp desc
      limit ${scan}
    ),
    s as (
      select f.*, lag(ts) over (partition by location_ndx, parameter_ndx, qualifier order by ts) as prev_ts from f
    ),
    starts as (
      select s.*, case when prev_ts is null or exists (
        select 1 from observation o
        where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
          and o.collect_timestamp > s.prev_ts and o.collect_timestamp < s.ts) then 1 else 0 end as new_run
      from s
    ),
    runs as (
      select starts.*, sum(new_run) over (partition by location_ndx, parameter_ndx, qualifier order by ts) as run from starts
    )
    select r.location_ndx, r.parameter_ndx, si.location_display_label as location_label, si.parameter_name, r.qualifier,
           to_json(min(r.ts)) #>> '{}' as start, to_json(max(r.ts)) #>> '{}' as "end", count(*)::int as count
    from runs r
    join series_info si on si.location_ndx = r.location_ndx and si.parameter_ndx = r.parameter_ndx
    group by r.location_ndx, r.parameter_ndx, si.location_display_label, si.parameter_name, r.qualifier, r.run
    order by max(r.ts) desc, r.location_ndx, r.parameter_ndx, r.qualifier
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() }));
}
