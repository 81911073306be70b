import { sql, type RawBuilder } from 'kysely';
import type { OgcCollectionId, OgcInterval, OgcTimeBound } from '@portal/contracts';
import { reachOf, type Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import { localDay, localDayEnd, localDayStart } from '../../db/local-day';
import { reportingStatusJoin, statusRanges } from '../public-map/location-features.repository';
import { csvTextCellSql } from '../query-download/query-download.repository';
import type { Keyset } from './ogcapi-cursor';

/**
 * SQL of the open data API. Every collection is read in keyset order (location, parameter, then
 * time or kind), batch by batch, and each batch is written as GeoJSON features or CSV lines by
 * PostgreSQL itself (string concatenation), so a page of 50,000 features costs Node one string
 * per batch. Which locations a caller reads is readableLocation (decision 0012): the rest is
 * simply absent.
 */

export interface ItemFilter {
  locations?: readonly number[];
  parameters?: readonly number[];
  bbox?: { minLon: number; minLat: number; maxLon: number; maxLat: number };
  interval?: OgcInterval;
  /** time-series-metadata only: one of the two series of a location and parameter. */
  kind?: '15min' | 'daily';
}

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
const utcInstant = (ts: RawBuilder<unknown>) => sql<string>`to_char(${ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')`;
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

/** The keyset of the row `r` as cursor parts (see ogcapi-cursor.ts), text joined by '|'. */
const KEY_TEXT: Record<OgcCollectionId, RawBuilder<string>> = {
  'monitoring-locations': sql`r.k1::text`,
  'time-series-metadata': sql`(r.k1 || '|' || r.k2 || '|' || case when r.k3 then 'daily' else '15min' end)`,
  'latest-continuous': sql`(r.k1 || '|' || r.k2)`,
  continuous: sql`(r.k1 || '|' || r.k2 || '|' || to_char(r.k3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))`,
  daily: sql`(r.k1 || '|' || r.k2 || '|' || r.k3::text)`,
};

const ORDER: Record<OgcCollectionId, RawBuilder<unknown>> = {
  'monitoring-locations': sql`r.k1`,
  'time-series-metadata': sql`r.k1, r.k2, r.k3`,
  'latest-continuous': sql`r.k1, r.k2`,
  continuous: sql`r.k1, r.k2, r.k3`,
  daily: sql`r.k1, r.k2, r.k3`,
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
function rendered(collection: OgcCollectionId, r: Rendering): RawBuilder<string> {
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

/** Location filters of the query (ids, bbox) on the location row `l`. */
function locationFilter(f: ItemFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.locations) parts.push(sql`l.location_ndx = any(${[...f.locations]}::int[])`);
  if (f.bbox) {
    parts.push(sql`l.longitude between ${f.bbox.minLon} and ${f.bbox.maxLon} and l.latitude between ${f.bbox.minLat} and ${f.bbox.maxLat}`);
  }
  return sql.join(parts, sql` and `);
}

/** The start of an interval as an instant (a date: the district's local midnight), inclusive; null = open. */
function instantFrom(bound: OgcTimeBound): RawBuilder<unknown> | null {
  if (!bound) return null;
  return 'date' in bound ? localDayStart(bound.date) : sql`${bound.instant}::timestamptz`;
}

/** `ts` within the interval: from its start, up to its end (a date's end is the next local midnight, exclusive). */
function instantWithin(ts: RawBuilder<unknown>, interval: OgcInterval | undefined): RawBuilder<unknown> {
  if (!interval) return sql`true`;
  const parts: RawBuilder<unknown>[] = [sql`true`];
  const start = instantFrom(interval.start);
  if (start) parts.push(sql`${ts} >= ${start}`);
  if (interval.end)
    parts.push(
      'date' in interval.end ? sql`${ts} < ${localDayEnd(interval.end.date)}` : sql`${ts} <= ${interval.end.instant}::timestamptz`,
    );
  return sql.join(parts, sql` and `);
}

/** A district day within the interval (an instant bound counts by its local day). */
function dayWithin(day: RawBuilder<unknown>, interval: OgcInterval | undefined): RawBuilder<unknown> {
  if (!interval) return sql`true`;
  const asDay = (b: NonNullable<OgcTimeBound>) => ('date' in b ? sql`${b.date}::date` : localDay(sql`${b.instant}::timestamptz`));
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (interval.start) parts.push(sql`${day} >= ${asDay(interval.start)}`);
  if (interval.end) parts.push(sql`${day} <= ${asDay(interval.end)}`);
  return sql.join(parts, sql` and `);
}

/** Series that can hold values of the interval: their first and last times overlap it. */
function seriesOverlaps(interval: OgcInterval | undefined): RawBuilder<unknown> {
  if (!interval) return sql`true`;
  const parts: RawBuilder<unknown>[] = [sql`true`];
  const start = instantFrom(interval.start);
  if (start) parts.push(sql`sl.last_timestamp >= ${start}`);
  if (interval.end) {
    parts.push(
      'date' in interval.end
        ? sql`sl.first_timestamp < ${localDayEnd(interval.end.date)}`
        : sql`sl.first_timestamp <= ${interval.end.instant}::timestamptz`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * The caller's readable series (series_latest rows) that the query selects, from `after` on, in key
 * order; `overlap`: only series whose first and last instants overlap the query's interval.
 */
function seriesScope(
  caller: Caller,
  f: ItemFilter,
  after: { location: number; parameter: number } | null,
  strictlyAfter: boolean,
  overlap = false,
) {
  const from = after
    ? strictlyAfter
      ? sql`(sl.location_ndx, sl.parameter_ndx) > (${after.location}::int, ${after.parameter}::int)`
      : sql`(sl.location_ndx, sl.parameter_ndx) >= (${after.location}::int, ${after.parameter}::int)`
    : sql`true`;
  return sql`
    select sl.location_ndx, sl.parameter_ndx, sl.first_timestamp, sl.last_timestamp, sl.last_value, sl.last_qualifiers,
           sl.observation_count, l.longitude as lon, l.latitude as lat, p.parameter_name, p.decimals, u.unit_desc as unit
    from series_latest sl
    join location l on l.location_ndx = sl.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    left join location_parameter lp on lp.location_ndx = sl.location_ndx and lp.parameter_ndx = sl.parameter_ndx
    left join unit u on u.unit_ndx = coalesce(lp.unit_ndx, p.unit_ndx)
    where ${readableLocation(caller, 'l')} and ${locationFilter(f)}
      and ${f.parameters ? sql`sl.parameter_ndx = any(${[...f.parameters]}::int[])` : sql`true`}
      and ${from} and ${overlap ? seriesOverlaps(f.interval) : sql`true`}
    order by sl.location_ndx, sl.parameter_ndx`;
}

/** Names of a location's facilities a caller sees: staff every one, the public only facilities marked public. */
function facilityNames(caller: Caller): RawBuilder<unknown> {
  const visible = reachOf(caller).privateLocations ? sql`true` : sql`f.is_public`;
  return sql`(select array_agg(f.facility_name order by f.display_order, f.facility_name)
      from facility_location fl join facility f on f.facility_ndx = fl.facility_ndx
      where fl.location_ndx = l.location_ndx and ${visible})`;
}

export interface SourceOptions {
  caller: Caller;
  filter: ItemFilter;
  after: Keyset | null;
  /** Rows to read; null = all (for counting). */
  take: number | null;
  /** Reference time of the reporting status. */
  asOf: Date;
}

/**
 * The rows of a collection, in key order, with the key columns k1 (location), k2 (parameter) and
 * k3 (time, day or daily-kind) and what the properties need.
 */
function rowSource(collection: OgcCollectionId, o: SourceOptions): RawBuilder<unknown> {
  const { caller, filter: f, after } = o;
  const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
  switch (collection) {
    case 'monitoring-locations': {
      const from = after?.collection === collection ? sql`l.location_ndx > ${after.location}` : sql`true`;
      return sql`
        with lat as (
          select sl.location_ndx, max(sl.last_timestamp) as last_ts,
                 array_agg(p.parameter_name || ': ' || trim_scale(round(sl.last_value::numeric, 2))::text || coalesce(' ' || u.unit_desc, '')
                           order by p.display_order, p.parameter_name) as measurements
          from series_latest sl
          join parameter p on p.parameter_ndx = sl.parameter_ndx
          left join location_parameter lp on lp.location_ndx = sl.location_ndx and lp.parameter_ndx = sl.parameter_ndx
          left join unit u on u.unit_ndx = coalesce(lp.unit_ndx, p.unit_ndx)
          group by sl.location_ndx
        ), ${statusRanges}
        select l.location_ndx as k1, l.longitude as lon, l.latitude as lat, l.location_id, l.location_name, l.location_display_label,
               lt.location_type_desc, ${facilityNames(caller)} as facility_names, wb.waterbody_name, c.county_name, l.huc12_name,
               st.reporting_status_desc, lat.last_ts, lat.measurements
        from location l
        join location_type lt on lt.location_type_ndx = l.location_type_ndx
        left join waterbody wb on wb.waterbody_ndx = l.waterbody_ndx
        left join county c on c.county_ndx = l.county_ndx
        left join lat on lat.location_ndx = l.location_ndx
        ${reportingStatusJoin(o.asOf)}
        where ${readableLocation(caller, 'l')} and ${locationFilter(f)} and ${from}
        order by l.location_ndx
        ${limit}`;
    }
    case 'time-series-metadata': {
      const from =
        after?.collection === collection
          ? sql`(s.location_ndx, s.parameter_ndx, k.daily) > (${after.location}::int, ${after.parameter}::int, ${after.daily})`
          : sql`true`;
      const kind = f.kind ? sql`k.daily = ${f.kind === 'daily'}` : sql`true`;
      const scopeAfter = after?.collection === collection ? after : null;
      return sql`
        select s.location_ndx as k1, s.parameter_ndx as k2, k.daily as k3, s.*
        from (${seriesScope(caller, f, scopeAfter, false)}) s
        cross join (values (false), (true)) k(daily)
        where ${from} and ${kind}
        order by k1, k2, k3
        ${limit}`;
    }
    case 'latest-continuous': {
      const scopeAfter = after?.collection === collection ? after : null;
      return sql`
        select s.location_ndx as k1, s.parameter_ndx as k2, s.*
        from (${seriesScope(caller, f, scopeAfter, true, true)}) s
        where ${instantWithin(sql.ref('s.last_timestamp'), f.interval)}
        order by k1, k2
        ${limit}`;
    }
    case 'continuous': {
      const key = after?.collection === collection ? after : null;
      const since = key
        ? sql`(case when s.location_ndx = ${key.location} and s.parameter_ndx = ${key.parameter} then ${key.instant}::timestamptz else '-infinity'::timestamptz end)`
        : sql`'-infinity'::timestamptz`;
      return sql`
        select s.location_ndx as k1, s.parameter_ndx as k2, o.collect_timestamp as k3, s.lon, s.lat, s.unit,
               o.result_value, o.qualifiers, o.modified
        from (${seriesScope(caller, f, key, false, true)}) s
        cross join lateral (
          select o.collect_timestamp, o.result_value, o.qualifiers, coalesce(o.updated_at, o.inserted_at) as modified
          from observation o
          where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
            and o.collect_timestamp > ${since} and ${instantWithin(sql.ref('o.collect_timestamp'), f.interval)}
          order by o.collect_timestamp
          ${limit}
        ) o
        order by k1, k2, k3
        ${limit}`;
    }
    case 'daily': {
      const key = after?.collection === collection ? after : null;
      const since = key
        ? sql`(case when s.location_ndx = ${key.location} and s.parameter_ndx = ${key.parameter} then ${key.date}::date else '-infinity'::date end)`
        : sql`'-infinity'::date`;
      return sql`
        select s.location_ndx as k1, s.parameter_ndx as k2, d.local_date as k3, s.lon, s.lat, s.unit, s.decimals,
               d.mean_value, d.min_value, d.max_value, d.value_count, o.qualifiers
        from (${seriesScope(caller, f, key, false)}) s
        cross join lateral (
          select d.local_date, d.mean_value, d.min_value, d.max_value, d.value_count, d.last_timestamp
          from observation_daily d
          where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
            and d.local_date > ${since} and ${dayWithin(sql.ref('d.local_date'), f.interval)}
          order by d.local_date
          ${limit}
        ) d
        left join observation o on o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
                               and o.collect_timestamp = d.last_timestamp
        order by k1, k2, k3
        ${limit}`;
    }
  }
}

/** One batch of a page: the features (joined by ',') or CSV lines, how many, the last one's key when the batch is full, and whether more follow. */
export interface Batch {
  text: string | null;
  rows: number;
  /** Cursor parts of the batch's last row; only when the batch is full. */
  lastKey: string | null;
  /** A row exists after this batch. */
  more: boolean;
}

/** Up to `take` rows after `after`, rendered; one more is read to know whether another page follows. */
export async function readBatch(
  db: Db,
  collection: OgcCollectionId,
  o: Omit<SourceOptions, 'take'> & { take: number },
  rendering: Rendering,
): Promise<Batch> {
  const { rows } = await batchQuery(collection, o, rendering).execute(db);
  return rows[0];
}

/** The statement of readBatch (the benchmark explains it). */
export function batchQuery(collection: OgcCollectionId, o: Omit<SourceOptions, 'take'> & { take: number }, rendering: Rendering) {
  const take = o.take;
  const separator = rendering.format === 'csv' ? sql`''` : sql`','`;
  return sql<Batch>`
    select string_agg(x.f, ${separator} order by x.rn) filter (where x.rn <= ${take}) as text,
           (count(*) filter (where x.rn <= ${take}))::int as rows,
           max(x.key) as "lastKey",
           coalesce(bool_or(x.rn > ${take}), false) as more
    from (
      select ${rendered(collection, rendering)} as f,
             case when r.rn = ${take} then ${KEY_TEXT[collection]} end as key,
             r.rn
      from (select r.*, row_number() over (order by ${ORDER[collection]}) as rn
            from (${rowSource(collection, { ...o, take: take + 1 })}) r) r
    ) x`;
}

/**
 * The key of a page's last feature when another feature follows it (null: the page is the last),
 * read before the page is written: CSV has no place for links, so its next link goes in the Link
 * header, which is sent first.
 */
export async function pageEndKey(
  db: Db,
  collection: OgcCollectionId,
  o: Omit<SourceOptions, 'take'> & { take: number },
): Promise<string | null> {
  // The keys are written as text only for the two rows kept, not for every row skipped.
  const { rows } = await sql<{ key: string }>`
    select ${KEY_TEXT[collection]} as key
    from (select ${ORDER[collection]}
          from (${rowSource(collection, { ...o, take: o.take + 1 })}) r
          order by ${ORDER[collection]}
          offset ${o.take - 1} limit 2) r
    order by ${ORDER[collection]}`.execute(db);
  return rows.length === 2 ? rows[0].key : null;
}

/** How many features the query matches in all, where that is cheap: null for values read over a time window. */
export async function countMatched(db: Db, collection: OgcCollectionId, o: Omit<SourceOptions, 'take' | 'after'>): Promise<number | null> {
  const opts = { ...o, after: null, take: null };
  if (collection === 'continuous' || collection === 'daily') {
    if (collection === 'daily' || o.filter.interval) return null;
    const { rows } = await sql<{ n: number }>`
      select coalesce(sum(s.observation_count), 0)::bigint as n from (${seriesScope(o.caller, o.filter, null, false)}) s`.execute(db);
    return rows[0].n;
  }
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (${rowSource(collection, opts)}) r`.execute(db);
  return rows[0].n;
}

/** Spatial and temporal extent of a collection's readable data: [minLon, minLat, maxLon, maxLat] and the first and last time. */
export async function collectionExtent(
  db: Db,
  caller: Caller,
  collection: OgcCollectionId,
): Promise<{ bbox: [number, number, number, number] | null; begin: string | null; end: string | null }> {
  const { rows } = await sql<{
    min_lon: number | null;
    min_lat: number | null;
    max_lon: number | null;
    max_lat: number | null;
    begin: string | null;
    end: string | null;
  }>`
    select min(l.longitude) as min_lon, min(l.latitude) as min_lat, max(l.longitude) as max_lon, max(l.latitude) as max_lat,
           ${collection === 'monitoring-locations' ? sql`null` : utcInstant(sql`min(sl.first_timestamp)`)} as begin,
           ${collection === 'monitoring-locations' ? sql`null` : utcInstant(sql`max(sl.last_timestamp)`)} as end
    from location l
    ${collection === 'monitoring-locations' ? sql`` : sql`join series_latest sl on sl.location_ndx = l.location_ndx`}
    where ${readableLocation(caller, 'l')}`.execute(db);
  const r = rows[0];
  const bbox: [number, number, number, number] | null =
    r.min_lon === null || r.min_lat === null || r.max_lon === null || r.max_lat === null
      ? null
      : [r.min_lon, r.min_lat, r.max_lon, r.max_lat];
  return { bbox, begin: r.begin, end: r.end };
}
