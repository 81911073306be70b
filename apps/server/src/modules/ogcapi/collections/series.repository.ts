import { sql, type RawBuilder } from 'kysely';
import type { Caller } from '../../../access/access-policy';
import { readableLocation } from '../../../access/access.repository';
import { locationFilter, parameterCodeOf, parameterFilter, seriesOverlaps, type ItemFilter } from '../ogcapi-filters.repository';
import type { JsonType, PropertyDefinition } from './collection';

/** SQL pieces the series and values collections share: their series scope and their common properties. */

const ref = (name: string) => sql.ref(`r.${name}`);
export const utcInstant = (ts: RawBuilder<unknown>) => sql<string>`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
/**
 * A value is Approved when it carries the qualifier A (approved at its source, or in a range a
 * reviewer approved); every other value is Provisional until someone approves it.
 */
const approvalStatus = (qualifiers: RawBuilder<unknown>) =>
  sql<string>`(case when ${qualifiers} ~ '(^|,)\\s*A\\s*(,|$)' then 'Approved' else 'Provisional' end)`;
const qualifierArray = (qualifiers: RawBuilder<unknown>) => sql`regexp_split_to_array(${qualifiers}, '\\s*,\\s*')`;
/** A series' id: location number, parameter number and its kind (15min or daily). */
export const seriesId = (suffix: '15min' | 'daily') => sql<string>`(r.k1 || '-' || r.k2 || ${sql.lit(`-${suffix}`)})`;
/** The location's id in USGS form: the agency code, a hyphen and the location number (RWSD-12). */
export const monitoringLocationId = sql<string>`(r.agency_code || '-' || r.k1)`;

const STRING: JsonType = { type: 'string' };
const plain = (value: RawBuilder<unknown>, schema: JsonType = STRING): PropertyDefinition => ({ kind: 'plain', value, schema });

/** Properties every values collection carries, over a row with k1, k2, parameter_code, unit and `qualifiers`. */
export const valueProperties = (o: { series: '15min' | 'daily'; statistic: RawBuilder<unknown>; time: RawBuilder<unknown> }) => ({
  time_series_id: plain(seriesId(o.series)),
  monitoring_location_id: plain(monitoringLocationId),
  parameter_code: plain(ref('parameter_code')),
  statistic_id: plain(o.statistic),
  time: plain(o.time, { type: 'string', format: o.series === 'daily' ? 'date' : 'date-time' }),
});

export const unitProperty: PropertyDefinition = { kind: 'text', value: ref('unit'), schema: { type: ['string', 'null'] } };
export const approvalProperty: PropertyDefinition = plain(approvalStatus(ref('qualifiers')), { type: 'string' });
export const qualifierProperty: PropertyDefinition = {
  kind: 'array',
  value: qualifierArray(ref('qualifiers')),
  csvText: ref('qualifiers'),
  schema: { type: ['array', 'null'], items: { type: 'string' } },
};
export const lastModifiedProperty: PropertyDefinition = plain(utcInstant(ref('modified')), { type: 'string', format: 'date-time' });

/** A series' location and parameter numbers, given or as SQL over an outer row. */
export interface SeriesKey {
  location: number | RawBuilder<unknown>;
  parameter: number | RawBuilder<unknown>;
}

/**
 * The caller's readable series (series_latest rows) that the query selects, from `after` on, in key
 * order; `overlap`: only series whose first and last instants overlap the query's interval. Names
 * and units come from series_info, the one home of a series' unit.
 */
export function seriesScope(caller: Caller, f: ItemFilter, after: SeriesKey | null, strictlyAfter: boolean, overlap = false) {
  const from = after
    ? strictlyAfter
      ? sql`(sl.location_ndx, sl.parameter_ndx) > (${after.location}::int, ${after.parameter}::int)`
      : sql`(sl.location_ndx, sl.parameter_ndx) >= (${after.location}::int, ${after.parameter}::int)`
    : sql`true`;
  return sql`
    select sl.location_ndx, sl.parameter_ndx, sl.first_timestamp, sl.last_timestamp, sl.last_value, sl.last_qualifiers,
           sl.observation_count, l.longitude as lon, l.latitude as lat, si.parameter_name, si.decimals, si.unit_desc as unit,
           ${parameterCodeOf('p')} as parameter_code
    from series_latest sl
    join location l on l.location_ndx = sl.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    where ${readableLocation(caller, 'l')} and ${locationFilter(f)} and ${parameterFilter(f)}
      and ${from} and ${overlap ? seriesOverlaps(f.interval) : sql`true`}
    order by sl.location_ndx, sl.parameter_ndx`;
}

/** Location and parameter numbers of a cursor's first two parts. */
export const seriesAfter = (after: readonly string[] | null) =>
  after ? { location: Number(after[0]), parameter: Number(after[1]) } : null;

/** `LOCATION-PARAMETER-REST` of a series or value id, or null. */
export function seriesIdParts(featureId: string): { location: number; parameter: number; rest: string } | null {
  const m = /^([1-9]\d{0,8})-([1-9]\d{0,8})-(.+)$/.exec(featureId);
  return m ? { location: Number(m[1]), parameter: Number(m[2]), rest: m[3] } : null;
}
