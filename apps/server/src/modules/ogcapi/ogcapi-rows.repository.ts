import { sql, type RawBuilder } from 'kysely';
import type { OgcCollectionId } from '@portal/contracts';
import { reachOf, type Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import { reportingStatusJoin, statusRanges } from '../public-map/index';
import type { Keyset } from './ogcapi-cursor';
import { dayWithin, instantWithin, locationFilter, seriesOverlaps, type ItemFilter } from './ogcapi-filters.repository';

/**
 * The row source of each collection: the caller's readable rows that the query selects, in key
 * order, from a keyset on; and that key order as SQL.
 */

/** The keyset of the row `r` as cursor parts (see ogcapi-cursor.ts), text joined by '|'. */
export const KEY_TEXT: Record<OgcCollectionId, RawBuilder<string>> = {
  'monitoring-locations': sql`r.k1::text`,
  'time-series-metadata': sql`(r.k1 || '|' || r.k2 || '|' || case when r.k3 then 'daily' else '15min' end)`,
  'latest-continuous': sql`(r.k1 || '|' || r.k2)`,
  continuous: sql`(r.k1 || '|' || r.k2 || '|' || to_char(r.k3 at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))`,
  daily: sql`(r.k1 || '|' || r.k2 || '|' || r.k3::text)`,
};

export const ORDER: Record<OgcCollectionId, RawBuilder<unknown>> = {
  'monitoring-locations': sql`r.k1`,
  'time-series-metadata': sql`r.k1, r.k2, r.k3`,
  'latest-continuous': sql`r.k1, r.k2`,
  continuous: sql`r.k1, r.k2, r.k3`,
  daily: sql`r.k1, r.k2, r.k3`,
};

/**
 * The caller's readable series (series_latest rows) that the query selects, from `after` on, in key
 * order; `overlap`: only series whose first and last instants overlap the query's interval.
 */
export function seriesScope(
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
export function rowSource(collection: OgcCollectionId, o: SourceOptions): RawBuilder<unknown> {
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
