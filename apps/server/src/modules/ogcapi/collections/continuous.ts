import { sql } from 'kysely';
import { instantWithin } from '../ogcapi-filters.repository';
import type { OgcCollectionDefinition } from './collection';
import { continuousPageSegments, continuousSegmentRows } from './continuous-page-end.repository';
import {
  approvalProperty,
  lastModifiedProperty,
  qualifierProperty,
  seriesAfter,
  seriesIdParts,
  seriesScope,
  unitProperty,
  utcInstant,
  valueProperties,
} from './series.repository';

/** A value's key as cursor text: location, parameter and instant (UTC, microseconds), joined by '|'. */
const CONTINUOUS_KEY_TEXT = sql<string>`(r.k1 || '|' || r.k2 || '|' || to_char(r.k3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))`;

/** 15-minute values, oldest first within each series. */
export const continuous: OgcCollectionDefinition = {
  id: 'continuous',
  title: 'Continuous values',
  description:
    '15-minute values (statistic 00011, instantaneous), oldest first within each series. Times are instants in UTC; values are text as USGS writes them.',
  properties: {
    ...valueProperties({ series: '15min', statistic: sql`'00011'`, time: utcInstant(sql.ref('r.k3')) }),
    value: { kind: 'plain', value: sql`r.result_value::text`, schema: { type: 'string' } },
    unit_of_measure: unitProperty,
    approval_status: approvalProperty,
    qualifier: qualifierProperty,
    last_modified: lastModifiedProperty,
  },
  featureId: sql`(r.k1 || '-' || r.k2 || '-' || floor(extract(epoch from r.k3) * 1000)::bigint)`,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: 'instant' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'instant' }],
  keyText: CONTINUOUS_KEY_TEXT,
  order: sql`r.k1, r.k2, r.k3`,
  // Each series counts its observations; a time window would have to count rows, so it is not counted.
  matched: (o) =>
    o.filter.interval
      ? null
      : sql`select coalesce(sum(s.observation_count), 0)::bigint as n from (${seriesScope(o.caller, o.filter, null, false)}) s`,
  extent: 'series',
  rowSource(o) {
    const { after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const since = after
      ? sql`(case when s.location_ndx = ${Number(after[0])} and s.parameter_ndx = ${Number(after[1])} then ${after[2]}::timestamptz else '-infinity'::timestamptz end)`
      : sql`'-infinity'::timestamptz`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, o.collect_timestamp as k3, s.lon, s.lat, s.unit, s.parameter_code,
             o.result_value, o.qualifiers, o.modified
      from (${seriesScope(o.caller, o.filter, seriesAfter(after), false, true)}) s
      cross join lateral (
        select o.collect_timestamp, o.result_value, o.qualifiers, coalesce(o.updated_at, o.inserted_at) as modified
        from observation o
        where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
          and o.collect_timestamp > ${since} and ${instantWithin(sql.ref('o.collect_timestamp'), o.filter.interval)}
        order by o.collect_timestamp
        ${limit}
      ) o
      order by k1, k2, k3
      ${limit}`;
  },
  seriesPage: {
    segments: (o) => continuousPageSegments(o, CONTINUOUS_KEY_TEXT),
    rows: continuousSegmentRows,
    order: sql`r.k3`,
  },
  featureFilter(featureId) {
    const id = seriesIdParts(featureId);
    if (!id || !/^\d{1,15}$/.test(id.rest)) return null;
    const instant = new Date(Number(id.rest)).toISOString();
    return { locations: [id.location], parameters: [String(id.parameter)], interval: { start: { instant }, end: { instant } } };
  },
};
