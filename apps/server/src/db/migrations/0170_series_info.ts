import { sql, type Kysely } from 'kysely';

// A series is one parameter measured at one location. series_info is the one place that says what
// a series is called and in which unit its values are: the location's own unit for the parameter
// (location_parameter.unit_ndx) when it sets one, else the parameter's unit. Every query that
// names a series' unit, decimals or labels reads this view, so the graph, the tables, the
// downloads and the alert messages cannot disagree.
//
// It covers every location x parameter pair; callers join it on (location_ndx, parameter_ndx)
// from the rows they start with (series_latest, location_parameter, alert_request), and
// PostgreSQL folds the view into their query, so the pair is looked up, never enumerated.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view series_info as
    select l.location_ndx, p.parameter_ndx,
           l.location_id, l.location_name, l.location_display_label,
           p.parameter_name, p.value_field, p.decimals,
           coalesce(lp.unit_ndx, p.unit_ndx) as unit_ndx, u.unit_desc,
           lp.legend_label, lp.axis_label, lp.column_label,
           coalesce(lp.legend_label, l.location_display_label || ' ' || p.parameter_name) as series_label,
           lp.location_ndx is not null as configured
      from location l
     cross join parameter p
      left join location_parameter lp on lp.location_ndx = l.location_ndx and lp.parameter_ndx = p.parameter_ndx
      left join unit u on u.unit_ndx = coalesce(lp.unit_ndx, p.unit_ndx)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view if exists series_info`.execute(db);
}
