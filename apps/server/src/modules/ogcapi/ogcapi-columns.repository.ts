import { sql, type RawBuilder } from 'kysely';
import type { OgcCollectionId } from '@portal/contracts';
import { localDay } from '../../db/local-day';
import { csvTextCellSql } from '../query-download/index';

/**
 * The properties of each collection as SQL over the row `r` of a collection's row source, and how
 * one row is written by PostgreSQL itself: a GeoJSON feature or a CSV line.
 */

export interface Rendering {
  /** The properties to write, in the collection's order. */
  properties: readonly string[];
  geometry: boolean;
  format: 'json' | 'csv';
}

/** How a property's SQL value is written: digits and fixed words as they are, free text escaped, arrays as JSON arrays. */
type Kind = 'plain' | 'text' | 'number' | 'array';
interface Column {
  kind: Kind;
  value: RawBuilder<unknown>;
  /** An array's CSV cell text when there is a cheaper way to it than joining the array (the stored comma list). */
  csvText?: RawBuilder<unknown>;
}

const ref = (name: string) => sql.ref(`r.${name}`);
export const utcInstant = (ts: RawBuilder<unknown>) => sql<string>`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
/** USGS's rule: a value whose qualifiers include P is provisional. */
const approvalStatus = (qualifiers: RawBuilder<unknown>) =>
  sql<string>`(case when ${qualifiers} ~ '(^|,)\\s*P\\s*(,|$)' then 'Provisional' else 'Approved' end)`;
const qualifierArray = (qualifiers: RawBuilder<unknown>) => sql`regexp_split_to_array(${qualifiers}, '\\s*,\\s*')`;
const seriesId = (suffix: '15min' | 'daily') => sql<string>`(r.k1 || '-' || r.k2 || ${sql.lit(`-${suffix}`)})`;

/** The properties of each collection as SQL over the row source `r` (its columns are named in rowSource). */
const COLUMNS: Record<OgcCollectionId, Record<string, Column>> = {
  'monitoring-locations': {
    monitoring_location_number: { kind: 'text', value: ref('location_id') },
    monitoring_location_name: { kind: 'text', value: ref('location_name') },
    monitoring_location_label: { kind: 'text', value: ref('location_display_label') },
    location_type: { kind: 'text', value: ref('location_type_desc') },
    facility: { kind: 'array', value: sql`coalesce(r.facility_names, '{}'::text[])` },
    waterbody_name: { kind: 'text', value: ref('waterbody_name') },
    county_name: { kind: 'text', value: ref('county_name') },
    hydrologic_unit_name: { kind: 'text', value: ref('huc12_name') },
    reporting_status: { kind: 'text', value: ref('reporting_status_desc') },
    last_report: { kind: 'plain', value: utcInstant(ref('last_ts')) },
    most_recent_measurements: { kind: 'array', value: sql`coalesce(r.measurements, '{}'::text[])` },
  },
  'time-series-metadata': {
    monitoring_location_id: { kind: 'plain', value: sql`r.k1::text` },
    parameter_code: { kind: 'plain', value: sql`r.k2::text` },
    parameter_name: { kind: 'text', value: ref('parameter_name') },
    unit_of_measure: { kind: 'text', value: ref('unit') },
    statistic_id: { kind: 'plain', value: sql`(case when r.k3 then '00003' else '00011' end)` },
    computation_identifier: { kind: 'plain', value: sql`(case when r.k3 then 'Mean' else 'Instantaneous' end)` },
    computation_period_identifier: { kind: 'plain', value: sql`(case when r.k3 then 'Daily' else 'Points' end)` },
    begin: {
      kind: 'plain',
      value: sql`(case when r.k3 then ${localDay(ref('first_timestamp'))}::text else ${utcInstant(ref('first_timestamp'))} end)`,
    },
    end: {
      kind: 'plain',
      value: sql`(case when r.k3 then ${localDay(ref('last_timestamp'))}::text else ${utcInstant(ref('last_timestamp'))} end)`,
    },
  },
  'latest-continuous': {
    time_series_id: { kind: 'plain', value: seriesId('15min') },
    monitoring_location_id: { kind: 'plain', value: sql`r.k1::text` },
    parameter_code: { kind: 'plain', value: sql`r.k2::text` },
    statistic_id: { kind: 'plain', value: sql`'00011'` },
    time: { kind: 'plain', value: utcInstant(ref('last_timestamp')) },
    value: { kind: 'plain', value: sql`r.last_value::text` },
    unit_of_measure: { kind: 'text', value: ref('unit') },
    approval_status: { kind: 'plain', value: approvalStatus(ref('last_qualifiers')) },
    qualifier: { kind: 'array', value: qualifierArray(ref('last_qualifiers')), csvText: ref('last_qualifiers') },
  },
  continuous: {
    time_series_id: { kind: 'plain', value: seriesId('15min') },
    monitoring_location_id: { kind: 'plain', value: sql`r.k1::text` },
    parameter_code: { kind: 'plain', value: sql`r.k2::text` },
    statistic_id: { kind: 'plain', value: sql`'00011'` },
    time: { kind: 'plain', value: utcInstant(ref('k3')) },
    value: { kind: 'plain', value: sql`r.result_value::text` },
    unit_of_measure: { kind: 'text', value: ref('unit') },
    approval_status: { kind: 'plain', value: approvalStatus(ref('qualifiers')) },
    qualifier: { kind: 'array', value: qualifierArray(ref('qualifiers')), csvText: ref('qualifiers') },
    last_modified: { kind: 'plain', value: utcInstant(ref('modified')) },
  },
  daily: {
    time_series_id: { kind: 'plain', value: seriesId('daily') },
    monitoring_location_id: { kind: 'plain', value: sql`r.k1::text` },
    parameter_code: { kind: 'plain', value: sql`r.k2::text` },
    statistic_id: { kind: 'plain', value: sql`'00003'` },
    time: { kind: 'plain', value: sql`r.k3::text` },
    value: { kind: 'plain', value: sql`round(r.mean_value::numeric, r.decimals)::text` },
    min: { kind: 'plain', value: sql`r.min_value::text` },
    max: { kind: 'plain', value: sql`r.max_value::text` },
    count: { kind: 'number', value: ref('value_count') },
    unit_of_measure: { kind: 'text', value: ref('unit') },
    approval_status: { kind: 'plain', value: approvalStatus(ref('qualifiers')) },
    qualifier: { kind: 'array', value: qualifierArray(ref('qualifiers')), csvText: ref('qualifiers') },
  },
};

/** Each feature's id: the location number; a series' id; or the series and the value's time (epoch milliseconds) or day. */
const FEATURE_IDS: Record<OgcCollectionId, RawBuilder<string>> = {
  'monitoring-locations': sql`r.k1::text`,
  'time-series-metadata': sql`(r.k1 || '-' || r.k2 || case when r.k3 then '-daily' else '-15min' end)`,
  'latest-continuous': seriesId('15min'),
  continuous: sql`(r.k1 || '-' || r.k2 || '-' || floor(extract(epoch from r.k3) * 1000)::bigint)`,
  daily: sql`(r.k1 || '-' || r.k2 || '-' || r.k3::text)`,
};

function jsonValue(c: Column): RawBuilder<string> {
  switch (c.kind) {
    case 'plain':
      return sql`coalesce('"' || ${c.value} || '"', 'null')`;
    case 'number':
      return sql`coalesce((${c.value})::text, 'null')`;
    case 'text':
    case 'array':
      return sql`coalesce(to_json(${c.value})::text, 'null')`;
  }
}

function csvCell(c: Column): RawBuilder<string> {
  switch (c.kind) {
    case 'plain':
      return sql`coalesce(${c.value}, '')`;
    case 'number':
      return sql`coalesce((${c.value})::text, '')`;
    case 'text':
      return csvTextCellSql(c.value);
    case 'array':
      return csvTextCellSql(c.csvText ?? sql`array_to_string(${c.value}, ',')`);
  }
}

/** One feature (JSON) or one line (CSV, CRLF-terminated) of the row `r`. */
export function rendered(collection: OgcCollectionId, r: Rendering): RawBuilder<string> {
  const columns = r.properties.map((name) => ({ name, column: COLUMNS[collection][name] }));
  if (r.format === 'csv') {
    const cells = [sql`${FEATURE_IDS[collection]}`, ...columns.map((c) => csvCell(c.column))];
    if (r.geometry) cells.push(sql`coalesce(r.lon::text, '')`, sql`coalesce(r.lat::text, '')`);
    return sql`(${sql.join(cells, sql` || ',' || `)} || E'\r\n')`;
  }
  const members = columns.map((c) => sql`${sql.lit(`"${c.name}":`)} || ${jsonValue(c.column)}`);
  const geometry = r.geometry
    ? sql`case when r.lon is null or r.lat is null then 'null' else '{"type":"Point","coordinates":[' || r.lon || ',' || r.lat || ']}' end`
    : sql`'null'`;
  const properties = members.length ? sql.join(members, sql` || ',' || `) : sql`''`;
  return sql`('{"type":"Feature","id":"' || ${FEATURE_IDS[collection]} || '","geometry":' || ${geometry} || ',"properties":{' || ${properties} || '}}')`;
}
