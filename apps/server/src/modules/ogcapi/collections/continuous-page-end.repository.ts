import { sql, type RawBuilder } from 'kysely';
import { instantWithin } from '../ogcapi-filters.repository';
import type { SeriesSegment, SourceOptions } from './collection';
import { seriesAfter, seriesScope, type SeriesKey } from './series.repository';

/**
 * The series a page of 15-minute values takes its values from, in key order, as SeriesSegment rows
 * (series with no value to give left out), without reading the values in that order: the series are
 * walked one at a time from the cursor's, each counting from its primary key no more than the values
 * still wanted and noting the last one counted. At most `take` values are read and none is sorted.
 */
export function continuousPageSegments(o: Omit<SourceOptions, 'take'> & { take: number }, keyText: RawBuilder<string>) {
  const { after } = o;
  const since = after
    ? sql`(case when s.location_ndx = ${Number(after[0])} and s.parameter_ndx = ${Number(after[1])} then ${after[2]}::timestamptz else '-infinity'::timestamptz end)`
    : sql`'-infinity'::timestamptz`;
  // The next readable series from `from` (`strictly`: after it) and how many values are still wanted after its own.
  const step = (from: SeriesKey | null, strictly: boolean) => sql`
    cross join lateral (
      select s.location_ndx, s.parameter_ndx, s.lon, s.lat, s.unit, s.parameter_code
      from (${seriesScope(o.caller, o.filter, from, strictly, true)}) s limit 1
    ) s
    cross join lateral (
      select count(*) as n, max(v.collect_timestamp) as last
      from (select o.collect_timestamp from observation o
            where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
              and o.collect_timestamp > ${since} and ${instantWithin(sql.ref('o.collect_timestamp'), o.filter.interval)}
            order by o.collect_timestamp
            limit w.wanted) v
    ) v`;
  const columns = sql`s.location_ndx, s.parameter_ndx, v.last, w.wanted - v.n, s.lon::text, s.lat::text, s.unit, s.parameter_code`;
  return sql<SeriesSegment>`
    with recursive walk (k1, k2, k3, wanted, lon, lat, unit, parameter_code) as (
      select ${columns}
      from (select ${o.take}::bigint as wanted) w
      ${step(seriesAfter(after), false)}
      union all
      select ${columns}
      from walk w
      ${step({ location: sql.ref('w.k1'), parameter: sql.ref('w.k2') }, true)}
      where w.wanted > 0
    )
    select r.k1, r.k2, ${keyText} as key, to_char(r.k3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last,
           r.wanted::int as wanted, r.lon, r.lat, r.unit, r.parameter_code
    from walk r
    where r.k3 is not null
    order by r.k1, r.k2`;
}

/**
 * One series' values of a page, as the continuous row source writes them: `observation` of the
 * series from after the cursor (in the cursor's series) to the segment's last value, the series' own
 * columns (read by the walk, in the same snapshot) written in as values. Ordered by time (`r.k3`),
 * the select around it is one index range scan on the primary key, no sort; being a plain select, it
 * is merged into that select, so the planner computes once what depends on the series alone.
 */
export function continuousSegmentRows(o: Omit<SourceOptions, 'take'>, segment: SeriesSegment) {
  const { after } = o;
  const since = after && Number(after[0]) === segment.k1 && Number(after[1]) === segment.k2 ? after[2] : null;
  return sql`
    select ${segment.k1}::int as k1, ${segment.k2}::int as k2, o.collect_timestamp as k3,
           ${segment.lon}::float8 as lon, ${segment.lat}::float8 as lat, ${segment.unit}::text as unit,
           ${segment.parameter_code}::text as parameter_code,
           o.result_value, o.qualifiers, coalesce(o.updated_at, o.inserted_at) as modified
    from observation o
    where o.location_ndx = ${segment.k1}::int and o.parameter_ndx = ${segment.k2}::int
      and o.collect_timestamp > ${since ?? '-infinity'}::timestamptz and o.collect_timestamp <= ${segment.last}::timestamptz
      and ${instantWithin(sql.ref('o.collect_timestamp'), o.filter.interval)}`;
}
