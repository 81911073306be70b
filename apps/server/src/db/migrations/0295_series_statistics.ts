import { sql, type Kysely } from 'kysely';

/**
 * Statistics of each series, computed from its daily means and kept current by a job:
 * - series_normal_stats: per day of year ('MM-DD') and per month of year ('MM'), the count, the
 *   minimum, maximum, mean and median, and the 5th to 95th percentiles (Weibull plotting positions;
 *   null where a percentile falls outside the sample or the day has too few years to be ranked);
 * - series_interval_stats: per month, calendar year and water year (October to September), the
 *   count, minimum, maximum and mean;
 * - series_stats_pending: the local days a write touched, per series, waiting for the job; an
 *   ingest adds to it in its own transaction, the job takes the rows it recomputes.
 * approval_status is 'approved' when every daily mean used was approved, else 'provisional'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table series_normal_stats (
      location_ndx integer not null references location (location_ndx) on delete cascade,
      parameter_ndx integer not null references parameter (parameter_ndx) on delete cascade,
      time_of_year_type text not null check (time_of_year_type in ('day_of_year', 'month_of_year')),
      time_of_year text not null check (time_of_year ~ '^(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$'),
      sample_count integer not null check (sample_count > 0),
      min_value double precision not null,
      max_value double precision not null,
      mean_value double precision not null,
      median_value double precision not null,
      p05 double precision, p10 double precision, p25 double precision, p50 double precision,
      p75 double precision, p90 double precision, p95 double precision,
      approval_status text not null check (approval_status in ('approved', 'provisional')),
      computed_at timestamptz not null default now(),
      primary key (location_ndx, parameter_ndx, time_of_year_type, time_of_year)
    );
    create table series_interval_stats (
      location_ndx integer not null references location (location_ndx) on delete cascade,
      parameter_ndx integer not null references parameter (parameter_ndx) on delete cascade,
      interval_type text not null check (interval_type in ('month', 'calendar_year', 'water_year')),
      start_date date not null,
      end_date date not null check (end_date >= start_date),
      sample_count integer not null check (sample_count > 0),
      min_value double precision not null,
      max_value double precision not null,
      mean_value double precision not null,
      approval_status text not null check (approval_status in ('approved', 'provisional')),
      computed_at timestamptz not null default now(),
      primary key (location_ndx, parameter_ndx, interval_type, start_date)
    );
    create table series_stats_pending (
      location_ndx integer not null references location (location_ndx) on delete cascade,
      parameter_ndx integer not null references parameter (parameter_ndx) on delete cascade,
      first_date date not null,
      last_date date not null check (last_date >= first_date),
      primary key (location_ndx, parameter_ndx)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists series_stats_pending, series_interval_stats, series_normal_stats`.execute(db);
}
