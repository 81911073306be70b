import { sql, type RawBuilder } from 'kysely';
import type { OgcInterval, OgcTimeBound } from '@portal/contracts';
import { localDay, localDayEnd, localDayStart } from '../../db/local-day';

/** What a query selects (ItemFilter), and its location, parameter and time conditions as SQL. */

export interface ItemFilter {
  /** Location numbers (location_ndx). */
  locations?: readonly number[];
  /** USGS parameter codes or the portal's parameter numbers, as given. */
  parameters?: readonly string[];
  bbox?: { minLon: number; minLat: number; maxLon: number; maxLat: number };
  interval?: OgcInterval;
  /** time-series-metadata only: one of the series of a location and parameter (SERIES_KINDS' words). */
  kind?: string;
  /** Daily collections only: the statistic ids asked for (00001 maximum, 00002 minimum, 00003 mean). */
  statistics?: readonly string[];
  /** Conditions on the collection's properties (query parameters, CQL2) as SQL over the row `r`, parameterised. */
  residual?: RawBuilder<unknown>;
}

/** Location filters of the query (ids, bbox) on the location row `l`. */
export function locationFilter(f: ItemFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (f.locations) parts.push(sql`l.location_ndx = any(${[...f.locations]}::int[])`);
  if (f.bbox) {
    parts.push(sql`l.longitude between ${f.bbox.minLon} and ${f.bbox.maxLon} and l.latitude between ${f.bbox.minLat} and ${f.bbox.maxLat}`);
  }
  return sql.join(parts, sql` and `);
}

/** A parameter's code as served: its USGS parameter code, else its number. */
export const parameterCodeOf = (p: string) =>
  sql<string>`coalesce(${sql.ref(`${p}.usgs_parameter_code`)}, ${sql.ref(`${p}.parameter_ndx`)}::text)`;

/** Parameter filter on the parameter row `p`: a USGS code (00060) or a parameter number (1). */
export function parameterFilter(f: ItemFilter): RawBuilder<unknown> {
  if (!f.parameters) return sql`true`;
  const given = [...f.parameters];
  return sql`(p.usgs_parameter_code = any(${given}::text[]) or p.parameter_ndx::text = any(${given}::text[]))`;
}

/** The start of an interval as an instant (a date: the district's local midnight), inclusive; null = open. */
function instantFrom(bound: OgcTimeBound): RawBuilder<unknown> | null {
  if (!bound) return null;
  return 'date' in bound ? localDayStart(bound.date) : sql`${bound.instant}::timestamptz`;
}

/** `ts` within the interval: from its start, up to its end (a date's end is the next local midnight, exclusive). */
export function instantWithin(ts: RawBuilder<unknown>, interval: OgcInterval | undefined): RawBuilder<unknown> {
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
export function dayWithin(day: RawBuilder<unknown>, interval: OgcInterval | undefined): RawBuilder<unknown> {
  if (!interval) return sql`true`;
  const asDay = (b: NonNullable<OgcTimeBound>) => ('date' in b ? sql`${b.date}::date` : localDay(sql`${b.instant}::timestamptz`));
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (interval.start) parts.push(sql`${day} >= ${asDay(interval.start)}`);
  if (interval.end) parts.push(sql`${day} <= ${asDay(interval.end)}`);
  return sql.join(parts, sql` and `);
}

/** Series that can hold values of the interval: their first and last times overlap it. */
export function seriesOverlaps(interval: OgcInterval | undefined): RawBuilder<unknown> {
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
