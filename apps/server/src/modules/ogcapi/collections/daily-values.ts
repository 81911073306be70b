import { sql } from 'kysely';
import type { ItemFilter } from '../ogcapi-filters.repository';
import type { PropertyDefinition } from './collection';
import {
  approvalProperty,
  lastModifiedProperty,
  qualifierProperty,
  seriesIdParts,
  unitProperty,
  valueProperties,
} from './series.repository';
import { SERIES_KINDS } from './time-series-metadata';

const dailySeriesId = sql<string>`(r.k1 || '-' || r.k2 || '-' || case r.k4 ${sql.join(
  SERIES_KINDS.filter((k) => k.period === 'Daily').map((k) => sql`when ${sql.lit(k.statistic)} then ${sql.lit(k.word)}`),
  sql` `,
)} end)`;

/** The statistics of a day served as features of their own: maximum, minimum and mean, in this order. */
export const DAILY_STATISTICS = ['00001', '00002', '00003'] as const;

/**
 * Properties of a day's statistic (daily and latest-daily), over a row with k1, k2, the day k3, the
 * statistic id k4, its value `stat_value` and the day's other statistics.
 */
export const dailyMeanProperties: Record<string, PropertyDefinition> = {
  ...valueProperties({ series: 'daily', statistic: sql`r.k4`, time: sql`r.k3::text` }),
  // The series of the day's statistic, as time-series-metadata lists it.
  time_series_id: { kind: 'plain', value: dailySeriesId, schema: { type: 'string' } },
  value: { kind: 'plain', value: sql`round(r.stat_value::numeric, r.decimals)::text`, schema: { type: 'string' } },
  min: { kind: 'plain', value: sql`r.min_value::text`, schema: { type: 'string' } },
  max: { kind: 'plain', value: sql`r.max_value::text`, schema: { type: 'string' } },
  count: { kind: 'number', value: sql.ref('r.value_count'), schema: { type: 'integer' } },
  unit_of_measure: unitProperty,
  approval_status: approvalProperty,
  qualifier: qualifierProperty,
  last_modified: lastModifiedProperty,
};

/**
 * The day row `d` as one row per statistic asked for (`statistic_id`, `stat_value`); a day whose
 * statistic is null (no value) has no feature of it.
 */
export function dayStatistics() {
  return sql`cross join lateral (values ('00001'::text, d.max_value), ('00002'::text, d.min_value), ('00003'::text, d.mean_value))
               as st(statistic_id, stat_value)`;
}

/** The condition on `st` that keeps the statistics the filter asks for (all three without one). */
export function statisticWanted(f: ItemFilter) {
  return sql`st.statistic_id = any(${[...(f.statistics ?? DAILY_STATISTICS)]}::text[]) and st.stat_value is not null`;
}

/** What a day's row reads besides its key: the statistics and the day's last value's qualifiers and modification time. */
export const dailyColumns = sql`s.lon, s.lat, s.unit, s.decimals, s.parameter_code,
       d.mean_value, d.min_value, d.max_value, d.value_count, o.qualifiers, coalesce(o.updated_at, o.inserted_at) as modified`;

/** The day's last observation (its qualifiers and modification stand for the day's). */
export const dayLastObservation = sql`left join observation o on o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
                             and o.collect_timestamp = d.last_timestamp`;

export const dailyFeatureId = sql<string>`(r.k1 || '-' || r.k2 || '-' || r.k3::text || '-' || r.k4)`;

/**
 * The series, day and statistic of a daily value's id (LOCATION-PARAMETER-YYYY-MM-DD-STATISTIC), or
 * null. An id without its statistic (the form before the maximum and minimum were served) is the mean.
 */
export function dailyIdParts(featureId: string) {
  const id = seriesIdParts(featureId);
  const m = id && /^(\d{4}-\d{2}-\d{2})(?:-(\d{5}))?$/.exec(id.rest);
  if (!id || !m || !Number.isFinite(Date.parse(`${m[1]}T00:00:00Z`))) return null;
  const statistic = m[2] ?? '00003';
  if (!(DAILY_STATISTICS as readonly string[]).includes(statistic)) return null;
  return { locations: [id.location], parameters: [String(id.parameter)], day: m[1], statistics: [statistic] };
}
