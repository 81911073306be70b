import { sql, type Kysely } from 'kysely';

/**
 * Data review and approval:
 * - observation stays the published (corrected) series every reader uses;
 * - observation_raw keeps each value as it arrived, for every point a change has touched (copied
 *   on the first change of its range) and for the values an import brought into an approved range
 *   (held back from observation); a change never overwrites it;
 * - series_edit is the ordered list of changes of each series; the published values of a range are
 *   its raw values with every change not undone applied in order;
 * - parameter gets the automatic checks run on every import (null turns a check off);
 * - observation_flagged indexes the values the checks flagged, for the list of flagged periods;
 * - import_run counts the rows held back because their time lies in an approved range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table observation_raw (
      location_ndx integer not null references location (location_ndx) on delete cascade,
      parameter_ndx integer not null references parameter (parameter_ndx) on delete cascade,
      collect_timestamp timestamptz not null,
      result_value double precision not null,
      qualifiers text check (qualifiers is null or length(qualifiers) between 1 and 200),
      datasrc_ndx integer references data_source (datasrc_ndx) on delete set null,
      import_ndx integer,
      arrived_at timestamptz not null default now(),
      primary key (location_ndx, parameter_ndx, collect_timestamp)
    );
    create table series_edit (
      edit_id serial primary key,
      location_ndx integer not null references location (location_ndx) on delete cascade,
      parameter_ndx integer not null references parameter (parameter_ndx) on delete cascade,
      action text not null check (action in ('delete', 'set', 'offset', 'drift', 'flag', 'unflag', 'approve', 'unapprove')),
      start_ts timestamptz not null,
      end_ts timestamptz not null check (end_ts >= start_ts),
      value double precision,
      end_value double precision,
      qualifier text check (qualifier is null or qualifier ~ '^[A-Za-z0-9_-]{1,20}$'),
      comment text not null check (length(btrim(comment)) between 1 and 1000),
      user_sub text,
      user_name text not null check (length(user_name) > 0),
      at timestamptz not null default now(),
      undone_at timestamptz,
      undone_by text,
      affected integer not null default 0 check (affected >= 0),
      check (action not in ('set', 'offset', 'drift') or value is not null),
      check (action <> 'drift' or end_value is not null),
      check (action not in ('flag', 'unflag') or qualifier is not null),
      check ((undone_at is null) = (undone_by is null))
    );
    create index series_edit_series on series_edit (location_ndx, parameter_ndx, edit_id);
    create index observation_flagged on observation (collect_timestamp desc)
      where qualifiers ~ '(^|,)(RANGE|SPIKE|FLAT|GAP)(,|$)';
    alter table parameter
      add column check_min double precision,
      add column check_max double precision,
      add column check_max_rate_per_hour double precision check (check_max_rate_per_hour > 0),
      add column check_flat_readings integer check (check_flat_readings between 2 and 10000),
      add column check_gap_minutes integer check (check_gap_minutes between 1 and 525600),
      add constraint parameter_check_min_below_max check (check_min is null or check_max is null or check_min < check_max);
    alter table import_run add column rows_held_back integer not null default 0 check (rows_held_back >= 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table import_run drop column if exists rows_held_back;
    alter table parameter
      drop constraint if exists parameter_check_min_below_max,
      drop column if exists check_min,
      drop column if exists check_max,
      drop column if exists check_max_rate_per_hour,
      drop column if exists check_flat_readings,
      drop column if exists check_gap_minutes;
    drop index if exists observation_flagged;
    drop table if exists series_edit, observation_raw;
  `.execute(db);
}
