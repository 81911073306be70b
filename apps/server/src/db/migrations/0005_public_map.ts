import { sql, type Kysely } from 'kysely';

// Public map: reporting status is computed from the age of a location's newest observation
// (docs/decisions/0004-public-map.md), so each status carries the age it covers; external
// map sources remember their last sync attempt so a failing service is retried on its own schedule.
// map_feed_version moves on every change to what the location feeds show, so the API can keep
// the built GeoJSON until something changes (a sequence: bumping it never blocks writers).

const FEED_TABLES = [
  'location',
  'facility',
  'facility_location',
  'facility_type',
  'location_type',
  'waterbody',
  'county',
  'map_symbol_category',
  'reporting_status',
  'parameter',
  'unit',
  'location_parameter',
  'series_latest',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
alter table reporting_status
  add column max_age_hours double precision check (max_age_hours > 0);
comment on column reporting_status.max_age_hours is
  'Newest observation at most this many hours old; the status with null catches everything older';

insert into reporting_status (reporting_status_desc, display_order, max_age_hours) values
  ('Reporting', 1, 24), ('Not Reporting (1-14 days)', 2, 336), ('Offline (over 14 days)', 3, null)
on conflict (reporting_status_desc) do update set max_age_hours = excluded.max_age_hours;

alter table map_source
  add column last_attempt_at timestamptz,
  -- an absolute http(s) URL, or a CDSS path such as 'telemetrystations/telemetrystation/?division=1'
  -- resolved against CDSS_BASE_URL
  add constraint map_source_external_url_check check (external_url is null or external_url ~ '^(https?://|[A-Za-z])[^\\s]*$'),
  add constraint map_source_transform_check check (transform is null or external_url is not null);

create sequence map_feed_version;
create function bump_map_feed_version() returns trigger language plpgsql as $$
begin
  perform nextval('map_feed_version');
  return null;
end $$;
${FEED_TABLES.map(
  (t) => `create trigger ${t}_map_feed_version after insert or update or delete or truncate on ${t}
  for each statement execute function bump_map_feed_version();`,
).join('\n')}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `${FEED_TABLES.map((t) => `drop trigger if exists ${t}_map_feed_version on ${t};`).join('\n')}
       drop function if exists bump_map_feed_version();
       drop sequence if exists map_feed_version;
       alter table map_source drop constraint if exists map_source_external_url_check,
         drop constraint if exists map_source_transform_check, drop column if exists last_attempt_at;
       alter table reporting_status drop column if exists max_age_hours;`,
    )
    .execute(db);
}
