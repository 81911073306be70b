import { sql, type RawBuilder } from 'kysely';
import { instantWithin } from '../ogcapi-filters.repository';
import type { SourceOptions } from './collection';
import { seriesAfter, seriesScope, type SeriesKey } from './series.repository';

/**
 * The key of the `take`-th 15-minute value after the cursor in key order, selected as `key` (no row
 * when fewer follow), without reading the values in that order: the series are walked one at a time
 * from the cursor's, each counting from its primary key no more than the values still wanted and
 * noting the last one counted. At most `take` values are read and none is sorted.
 */
export function continuousPageEnd(o: Omit<SourceOptions, 'take'> & { take: number }, keyText: RawBuilder<string>) {
  const { after } = o;
  const since = after
    ? sql`(case when s.location_ndx = ${Number(after[0])} and s.parameter_ndx = ${Number(after[1])} then ${after[2]}::timestamptz else '-infinity'::timestamptz end)`
    : sql`'-infinity'::timestamptz`;
  // The next readable series from `from` (`strictly`: after it) and how many values are still wanted after its own.
  const step = (from: SeriesKey | null, strictly: boolean) => sql`
    cross join lateral (
      select s.location_ndx, s.parameter_ndx from (${seriesScope(o.caller, o.filter, from, strictly, true)}) s limit 1
    ) s
    cross join lateral (
      select count(*) as n, max(v.collect_timestamp) as last
      from (select o.collect_timestamp from observation o
            where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
              and o.collect_timestamp > ${since} and ${instantWithin(sql.ref('o.collect_timestamp'), o.filter.interval)}
            order by o.collect_timestamp
            limit w.wanted) v
    ) v`;
  return sql<{ key: string }>`
    with recursive walk (k1, k2, k3, wanted) as (
      select s.location_ndx, s.parameter_ndx, v.last, w.wanted - v.n
      from (select ${o.take}::bigint as wanted) w
      ${step(seriesAfter(after), false)}
      union all
      select s.location_ndx, s.parameter_ndx, v.last, w.wanted - v.n
      from walk w
      ${step({ location: sql.ref('w.k1'), parameter: sql.ref('w.k2') }, true)}
      where w.wanted > 0
    )
    select ${keyText} as key from walk r where r.wanted = 0`;
}
