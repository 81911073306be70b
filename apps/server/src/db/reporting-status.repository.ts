import { sql, type RawBuilder } from 'kysely';
import type { Db } from './client';

/**
 * SQL shared by the map feeds and the open data API: the data version their validators name and
 * a location's computed reporting status.
 */

/** Moves on every change to the tables the feeds read (migrations 0005 and 0150). */
export async function feedVersion(db: Db): Promise<string> {
  const { rows } = await sql<{ v: string }>`select last_value::text || ':' || is_called::text as v from map_feed_version`.execute(db);
  return rows[0].v;
}

/** Newest observation per location; decides the reporting status. */
export const latestTimestamps = sql`select location_ndx, max(last_timestamp) as last_ts from series_latest group by location_ndx`;

/**
 * The computed reporting status of `l` given `lat.last_ts` (decision 0004): newest data decides
 * (the status with the smallest max_age_hours the data is within; display order breaks ties; the
 * first null limit takes everything older); a location without any series keeps its stored
 * (manual) status. Each status is turned into the age range it takes, (previous limit, its
 * limit], so every location is one hash/range join instead of a sorted lookup per row.
 */
export const statusRanges = sql`status_ranges as materialized (
      select reporting_status_ndx, reporting_status_desc, max_age_hours,
             lag(max_age_hours, 1, '-Infinity') over (order by max_age_hours nulls last, display_order, reporting_status_ndx) as above_hours
      from reporting_status
    )`;

export function reportingStatusJoin(asOf: Date): RawBuilder<unknown> {
  const ageHours = sql`extract(epoch from ${asOf}::timestamptz - lat.last_ts) / 3600`;
  return sql`left join status_ranges st on case
      when lat.last_ts is null then st.reporting_status_ndx = l.reporting_status_ndx
      else ${ageHours} > st.above_hours and (st.max_age_hours is null or ${ageHours} <= st.max_age_hours)
    end`;
}
