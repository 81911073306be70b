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

/** The newest day of each series: its maximum, minimum and mean, each a feature of its own. */
export const latestDaily: OgcCollectionDefinition = {
  id: 'latest-daily',
  title: 'Latest daily values',
  description:
    "The newest day of each series over the district's calendar days: its maximum (statistic 00001), minimum (00002) and mean (00003), each a feature of its own.",
  properties: dailyMeanProperties,
  featureId: dailyFeatureId,
  locationKeys: ['monitoring_location_id'],
  statistics: DAILY_STATISTICS,
  filters: { bbox: true, datetime: 'day' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'word', words: DAILY_STATISTICS }],
  keyText: sql`(r.k1 || '|' || r.k2 || '|' || r.k4)`,
  order: sql`r.k1, r.k2, r.k4`,
  matched: 'rows',
  extent: 'series',
  rowSource(o) {
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const after = o.after
      ? sql`(s.location_ndx, s.parameter_ndx, st.statistic_id) > (${Number(o.after[0])}::int, ${Number(o.after[1])}::int, ${o.after[2]}::text)`
      : sql`true`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, d.local_date as k3, st.statistic_id as k4, st.stat_value, ${dailyColumns}
      from (${seriesScope(o.caller, o.filter, seriesAfter(o.after), false)}) s
      cross join lateral (
        select d.local_date, d.mean_value, d.min_value, d.max_value, d.value_count, d.last_timestamp
        from observation_daily d
        where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
        order by d.local_date desc
        limit 1
      ) d
      ${dayStatistics()}
      ${dayLastObservation}
      where ${dayWithin(sql.ref('d.local_date'), o.filter.interval)} and ${statisticWanted(o.filter)} and ${after}
      order by k1, k2, k4
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
