import { sql } from 'kysely';
import type { PropertyDefinition } from './collection';
import {
  approvalProperty,
  lastModifiedProperty,
  qualifierProperty,
  seriesIdParts,
  unitProperty,
  valueProperties,
} from './series.repository';

/** Properties of a daily mean (daily and latest-daily), over a row with k1, k2, the day k3 and its statistics. */
export const dailyMeanProperties: Record<string, PropertyDefinition> = {
  ...valueProperties({ series: 'daily', statistic: sql`'00003'`, time: sql`r.k3::text` }),
  value: { kind: 'plain', value: sql`round(r.mean_value::numeric, r.decimals)::text`, schema: { type: 'string' } },
  min: { kind: 'plain', value: sql`r.min_value::text`, schema: { type: 'string' } },
  max: { kind: 'plain', value: sql`r.max_value::text`, schema: { type: 'string' } },
  count: { kind: 'number', value: sql.ref('r.value_count'), schema: { type: 'integer' } },
  unit_of_measure: unitProperty,
  approval_status: approvalProperty,
  qualifier: qualifierProperty,
  last_modified: lastModifiedProperty,
};

/** What a day's row reads besides its key: the statistics and the day's last value's qualifiers and modification time. */
export const dailyColumns = sql`s.lon, s.lat, s.unit, s.decimals, s.parameter_code,
       d.mean_value, d.min_value, d.max_value, d.value_count, o.qualifiers, coalesce(o.updated_at, o.inserted_at) as modified`;

/** The day's last observation (its qualifiers and modification stand for the day's). */
export const dayLastObservation = sql`left join observation o on o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
                             and o.collect_timestamp = d.last_timestamp`;

export const dailyFeatureId = sql<string>`(r.k1 || '-' || r.k2 || '-' || r.k3::text)`;

/** The series and day of a daily value's id (LOCATION-PARAMETER-YYYY-MM-DD), or null. */
export function dailyIdParts(featureId: string) {
  const id = seriesIdParts(featureId);
  if (!id || !/^\d{4}-\d{2}-\d{2}$/.test(id.rest) || !Number.isFinite(Date.parse(`${id.rest}T00:00:00Z`))) return null;
  return { locations: [id.location], parameters: [String(id.parameter)], day: id.rest };
}
