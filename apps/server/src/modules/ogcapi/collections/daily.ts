import { sql } from 'kysely';
import { dayWithin } from '../ogcapi-filters.repository';
import type { OgcCollectionDefinition } from './collection';
import {
  DAILY_STATISTICS,
  dailyColumns,
  dailyFeatureId,
  dailyIdParts,
  dailyMeanProperties,
  dayLastObservation,
  dayStatistics,
  statisticWanted,
} from './daily-values';
import { seriesAfter, seriesScope } from './series.repository';

/** Daily maximum, minimum and mean over the district's calendar days, each statistic a feature of its own. */
export const daily: OgcCollectionDefinition = {
  id: 'daily',
  title: 'Daily values',
  description:
    "Daily maximum (statistic 00001), minimum (00002) and mean (00003) over the district's calendar days, each a feature of its own, rounded to the parameter's decimals, with the day's minimum, maximum and count.",
  properties: dailyMeanProperties,
  featureId: dailyFeatureId,
  locationKeys: ['monitoring_location_id'],
  statistics: DAILY_STATISTICS,
  filters: { bbox: true, datetime: 'day' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'date' }, { kind: 'word', words: DAILY_STATISTICS }],
  keyText: sql`(r.k1 || '|' || r.k2 || '|' || r.k3::text || '|' || r.k4)`,
  order: sql`r.k1, r.k2, r.k3, r.k4`,
  // Each day is one feature per statistic asked for (a day's three statistics are never null).
  matched: (o) => sql`
    select count(*)::bigint * ${(o.filter.statistics ?? DAILY_STATISTICS).length} as n
    from (${seriesScope(o.caller, o.filter, null, false)}) s
    join observation_daily d on d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
    where ${dayWithin(sql.ref('d.local_date'), o.filter.interval)}`,
  extent: 'series',
  rowSource(o) {
    const { after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const sameSeries = after ? sql`s.location_ndx = ${Number(after[0])} and s.parameter_ndx = ${Number(after[1])}` : sql`false`;
    const sinceDay = after ? sql`(case when ${sameSeries} then ${after[2]}::date else '-infinity'::date end)` : sql`'-infinity'::date`;
    const sinceStatistic = after ? sql`(case when ${sameSeries} then ${after[3]}::text else '' end)` : sql`''`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, d.local_date as k3, d.statistic_id as k4, d.stat_value, ${dailyColumns}
      from (${seriesScope(o.caller, o.filter, seriesAfter(after), false)}) s
      cross join lateral (
        select d.local_date, st.statistic_id, st.stat_value, d.mean_value, d.min_value, d.max_value, d.value_count, d.last_timestamp
        from observation_daily d
        ${dayStatistics()}
        where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
          and d.local_date >= ${sinceDay} and (d.local_date, st.statistic_id) > (${sinceDay}, ${sinceStatistic})
          and ${dayWithin(sql.ref('d.local_date'), o.filter.interval)} and ${statisticWanted(o.filter)}
        order by d.local_date, st.statistic_id
        ${limit}
      ) d
      ${dayLastObservation}
      order by k1, k2, k3, k4
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = dailyIdParts(featureId);
    return (
      id && {
        locations: id.locations,
        parameters: id.parameters,
        statistics: id.statistics,
        interval: { start: { date: id.day }, end: { date: id.day } },
      }
    );
  },
};
