import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { BatteryStatus, SiteSummaryRow } from '@portal/contracts';
import type { Db } from '../../db/client';

/** Which stations a report shows: a predicate on the location row `l` (decision 0012's mapLocation). */
export type StationFilter = RawBuilder<SqlBool>;

/**
 * Battery-voltage series (a parameter whose name contains "battery", e.g. the demo's
 * "Battery Voltage") with min and max of the readings in [since, until], and the newest reading.
 * A series without readings in the window is still listed (null min/max): a silent logger is
 * exactly what the table is for. The lateral aggregate reads the observation primary key
 * (location, parameter, time) as a range scan per series.
 */
export async function listBatteryStatus(db: Db, stations: StationFilter, since: Date, until: Date): Promise<BatteryStatus[]> {
  const { rows } = await sql<Omit<BatteryStatus, 'last_timestamp'> & { last_timestamp: Date }>`
    select l.location_ndx, l.location_display_label, l.location_name, p.parameter_name, si.unit_desc,
           w.min_7day, w.max_7day, w.reading_count_7day, sl.last_value, sl.last_timestamp
    from series_latest sl
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    join location l on l.location_ndx = sl.location_ndx
    join series_info si on si.location_ndx = sl.location_ndx and si.parameter_ndx = sl.parameter_ndx
    cross join lateral (
      select min(o.result_value) as min_7day, max(o.result_value) as max_7day, count(*)::int as reading_count_7day
      from observation o
      where o.location_ndx = sl.location_ndx and o.parameter_ndx = sl.parameter_ndx
        and o.collect_timestamp >= ${since} and o.collect_timestamp <= ${until}
    ) w
    where p.parameter_name ilike '%battery%' and ${stations}
    order by l.location_display_label, l.location_ndx, p.display_order, p.parameter_name
  `.execute(db);
  return rows.map((r) => ({ ...r, last_timestamp: new Date(r.last_timestamp).toISOString() }));
}

/**
 * One row per stored series (series_latest) of the report's stations. A location in several
 * facilities gets one row whose facility names and types are the distinct values joined with
 * ', ' (decision 0009), so every series is counted once.
 */
export async function listSiteSummary(db: Db, stations: StationFilter): Promise<SiteSummaryRow[]> {
  const { rows } = await sql<Omit<SiteSummaryRow, 'start_por' | 'end_por'> & { start_por: Date; end_por: Date }>`
    with fac as (
      select fl.location_ndx,
             string_agg(distinct f.facility_name, ', ' order by f.facility_name) as facility_name,
             string_agg(distinct ft.facility_type_desc, ', ' order by ft.facility_type_desc) as facility_type_desc
      from facility_location fl
      join facility f on f.facility_ndx = fl.facility_ndx
      join facility_type ft on ft.facility_type_ndx = f.facility_type_ndx
      group by fl.location_ndx
    )
    select sl.location_ndx, sl.parameter_ndx,
           exists (
             select 1 from alert_request ar
             where ar.enabled and ar.location_ndx = sl.location_ndx and ar.parameter_ndx = sl.parameter_ndx
           ) as is_alert,
           fac.facility_type_desc, fac.facility_name, p.parameter_name as parameter, l.location_name,
           sl.first_timestamp as start_por, sl.last_timestamp as end_por,
           c.county_name, wb.waterbody_name, l.huc12_name
    from series_latest sl
    join location l on l.location_ndx = sl.location_ndx
    join parameter p on p.parameter_ndx = sl.parameter_ndx
    join waterbody wb on wb.waterbody_ndx = l.waterbody_ndx
    left join county c on c.county_ndx = l.county_ndx
    left join fac on fac.location_ndx = l.location_ndx
    where ${stations}
    order by l.location_name, l.location_ndx, p.display_order, p.parameter_name
  `.execute(db);
  return rows.map((r) => ({ ...r, start_por: new Date(r.start_por).toISOString(), end_por: new Date(r.end_por).toISOString() }));
}
