import { sql } from 'kysely';
import { dayWithin } from '../ogcapi-filters.repository';
import type { OgcCollectionDefinition } from './collection';
import { dailyColumns, dailyFeatureId, dailyIdParts, dailyMeanProperties, dayLastObservation } from './daily-values';
import { seriesAfter, seriesScope } from './series.repository';

/** The newest daily mean of each series. */
export const latestDaily: OgcCollectionDefinition = {
  id: 'latest-daily',
  title: 'Latest daily values',
  description: "The newest daily mean (statistic 00003) of each series, over the district's calendar days.",
  properties: dailyMeanProperties,
  featureId: dailyFeatureId,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: 'day' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }],
  keyText: sql`(r.k1 || '|' || r.k2)`,
  order: sql`r.k1, r.k2`,
  matched: 'rows',
  extent: 'series',
  rowSource(o) {
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, d.local_date as k3, ${dailyColumns}
      from (${seriesScope(o.caller, o.filter, seriesAfter(o.after), true)}) s
      cross join lateral (
        select d.local_date, d.mean_value, d.min_value, d.max_value, d.value_count, d.last_timestamp
        from observation_daily d
        where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
        order by d.local_date desc
        limit 1
      ) d
      ${dayLastObservation}
      where ${dayWithin(sql.ref('d.local_date'), o.filter.interval)}
      order by k1, k2
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = dailyIdParts(featureId);
    return id && { locations: id.locations, parameters: id.parameters, interval: { start: { date: id.day }, end: { date: id.day } } };
  },
};
