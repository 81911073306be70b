import { sql } from 'kysely';
import { instantWithin } from '../ogcapi-filters.repository';
import type { OgcCollectionDefinition } from './collection';
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

/** The newest 15-minute value of each series. */
export const latestContinuous: OgcCollectionDefinition = {
  id: 'latest-continuous',
  title: 'Latest continuous values',
  description: 'The newest 15-minute value of each series (statistic 00011, instantaneous).',
  properties: {
    ...valueProperties({ series: '15min', statistic: sql`'00011'`, time: utcInstant(sql.ref('r.last_timestamp')) }),
    value: { kind: 'plain', value: sql`r.last_value::text`, schema: { type: 'string' } },
    unit_of_measure: unitProperty,
    approval_status: approvalProperty,
    qualifier: qualifierProperty,
    last_modified: lastModifiedProperty,
  },
  featureId: sql`(r.k1 || '-' || r.k2 || '-15min')`,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: 'instant' },
  keyParts: [{ kind: 'int' }, { kind: 'int' }],
  keyText: sql`(r.k1 || '|' || r.k2)`,
  order: sql`r.k1, r.k2`,
  matched: 'rows',
  extent: 'series',
  rowSource(o) {
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, s.*, s.last_qualifiers as qualifiers, coalesce(o.updated_at, o.inserted_at) as modified
      from (${seriesScope(o.caller, o.filter, seriesAfter(o.after), true, true)}) s
      left join observation o on o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
                             and o.collect_timestamp = s.last_timestamp
      where ${instantWithin(sql.ref('s.last_timestamp'), o.filter.interval)}
      order by k1, k2
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = seriesIdParts(featureId);
    if (!id || id.rest !== '15min') return null;
    return { locations: [id.location], parameters: [String(id.parameter)] };
  },
};
