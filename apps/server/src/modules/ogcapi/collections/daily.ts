import { sql } from 'kysely';
import { dayWithin } from '../ogcapi-filters.repository';
import type { OgcCollectionDefinition } from './collection';
import { dailyColumns, dailyFeatureId, dailyIdParts, dailyMeanProperties, dayLastObservation } from './daily-values';
import { seriesAfter, seriesScope } from './series.repository';

/** Daily means over the district's calendar days. */
export const daily: OgcCollectionDefinition = {
  id: 'daily',
  title: 'Daily values',
  description:
    "Daily means (statistic 00003) over the district's calendar days, rounded to the parameter's decimals, with the day's minimum, maximum and count.",
  properties: dailyMeanProperties,
  featureId: dailyFeatureId,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: 'day' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'date' }],
  keyText: sql`(r.k1 || '|' || r.k2 || '|' || r.k3::text)`,
  order: sql`r.k1, r.k2, r.k3`,
  matched: (o) => sql`
    select count(*)::bigint as n
    from (${seriesScope(o.caller, o.filter, null, false)}) s
    join observation_daily d on d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
    where ${dayWithin(sql.ref('d.local_date'), o.filter.interval)}`,
  extent: 'series',
  rowSource(o) {
    const { after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const since = after
      ? sql`(case when s.location_ndx = ${Number(after[0])} and s.parameter_ndx = ${Number(after[1])} then ${after[2]}::date else '-infinity'::date end)`
      : sql`'-infinity'::date`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, d.local_date as k3, ${dailyColumns}
      from (${seriesScope(o.caller, o.filter, seriesAfter(after), false)}) s
      cross join lateral (
        select d.local_date, d.mean_value, d.min_value, d.max_value, d.value_count, d.last_timestamp
        from observation_daily d
        where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
          and d.local_date > ${since} and ${dayWithin(sql.ref('d.local_date'), o.filter.interval)}
        order by d.local_date
        ${limit}
      ) d
      ${dayLastObservation}
      order by k1, k2, k3
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = dailyIdParts(featureId);
    return id && { locations: id.locations, parameters: id.parameters, interval: { start: { date: id.day }, end: { date: id.day } } };
  },
};
