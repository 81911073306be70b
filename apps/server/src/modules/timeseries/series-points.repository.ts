import { sql, type RawBuilder } from 'kysely';
import type { Interval, PathRange } from '@portal/contracts';
import type { Db } from '../../db/client';
import { NO_QUALIFIERS_MARK, QUALIFIER_SEPARATOR_MARK, type PackedSeries, type SeriesColumns } from './chart-points';
import { localDayStart, withinPathRange } from '../../db/local-day';
import { joinPackedParts, readLanes, readsInLanes, type LaneSeries } from './read-lanes';

/**
 * The one reader of series points: values of one or several series (location, parameter) over a
 * path range, for the graphs, the comparisons and the facility drill-down. 15 minutes: the stored readings from the range's start to its end, both
 * inclusive (an end given as a day runs to the end of that local day); daily: the daily mean per
 * local day of the range's days,
 * rounded to the parameter's decimals and stamped at local midnight (as the graph endpoints).
 * One primary-key range scan per series (or part of one); PostgreSQL packs each into two columns, epoch
 * milliseconds and values as the bodies of JSON number arrays ('1,2,3'), which Node parses with
 * the native JSON parser (far cheaper than one object, or one split string, per row; float8 text
 * output is shortest-exact).
 */

export interface SeriesKey {
  location_ndx: number;
  parameter_ndx: number;
}

export const seriesKey = (locationNdx: number, parameterNdx: number) => `${locationNdx}:${parameterNdx}`;

export type { PackedSeries, SeriesColumns };

const QUALIFIER_SEPARATOR = sql.lit(QUALIFIER_SEPARATOR_MARK);
const NO_QUALIFIERS = sql.lit(NO_QUALIFIERS_MARK);
const QUALIFIER_MARKS = sql.lit(QUALIFIER_SEPARATOR_MARK + NO_QUALIFIERS_MARK);

/** Statements one request reads its series of readings in at once. */
const READ_LANES = 2;

/** What a packed point carries besides its instant and value. */
export type PackedDetails = 'sources and qualifiers' | 'qualifiers';

/**
 * Every series of `keys` as PostgreSQL packs it (null without rows), by seriesKey: for callers
 * that unpack it in the CPU worker thread (chart-points.ts unpackSeries). With `details`, each
 * point also carries its data source key and qualifiers (a daily mean those of the day's last
 * reading, a primary-key lookup per day), as the graphs' tables show them; with 'qualifiers',
 * the qualifiers only (a chart marks provisional stretches but names no data source). With
 * `splitOneSeries` (for a chart's answer), a single series over a long range is read in parts too.
 */
export async function seriesPacked(
  db: Db,
  interval: Interval,
  keys: readonly SeriesKey[],
  range: PathRange,
  options: { details?: PackedDetails; splitOneSeries?: boolean } = {},
): Promise<Map<string, PackedSeries | null>> {
  const { from, to } = rangeSpan(range);
  if (interval === '15min' && readsInLanes(keys.length, from, to, options.splitOneSeries ?? false)) {
    // Several series of readings, or a chart's one series over a long range, are read in
    // READ_LANES statements at once, each on a connection of its own, so PostgreSQL packs them on
    // more than one core; never more lanes than that, so one request holds few of the pool's
    // connections. A series left over when they do not share out evenly is read in parts, one a
    // lane. The days' means are few rows: one statement.
    const lanes = readLanes(keys, READ_LANES, from, to);
    const parts = await Promise.all(lanes.map((lane) => seriesPackedTogether(db, interval, lane, range, options)));
    const out = new Map<string, PackedSeries | null>();
    for (const k of keys) {
      const key = seriesKey(k.location_ndx, k.parameter_ndx);
      out.set(key, joinPackedParts(parts.filter((part) => part.has(key)).map((part) => part.get(key)!)));
    }
    return out;
  }
  return seriesPackedTogether(
    db,
    interval,
    keys.map((key) => ({ key, fromAt: null, beforeAt: null })),
    range,
    options,
  );
}

/** The range's first and last instants in epoch ms, near enough to share its readings out evenly (days read as UTC). */
function rangeSpan(range: PathRange): { from: number; to: number } {
  const from = Date.parse(range.startAt ?? `${range.startDate}T00:00:00Z`);
  const to = range.endAt === null ? Date.parse(`${range.endDate}T00:00:00Z`) + 86_400_000 : Date.parse(range.endAt);
  return { from, to };
}

/** seriesPacked in one statement. */
async function seriesPackedTogether(
  db: Db,
  interval: Interval,
  series: readonly LaneSeries<SeriesKey>[],
  range: PathRange,
  options: { details?: PackedDetails },
): Promise<Map<string, PackedSeries | null>> {
  const details = options.details !== undefined;
  const sources = options.details === 'sources and qualifiers';
  const { startDate, endDate } = range;
  const out = new Map<string, PackedSeries | null>();
  if (series.length === 0) return out;
  const keys = series.map((s) => s.key);
  const locations = keys.map((k) => k.location_ndx);
  const parameters = keys.map((k) => k.parameter_ndx);
  const fromAts = series.map((s) => s.fromAt);
  const beforeAts = series.map((s) => s.beforeAt);
  type Row = SeriesKey & { t: string | null; v: string | null; s?: string; q?: string };
  const { rows } =
    interval === '15min'
      ? await sql<Row>`
          select s.location_ndx, s.parameter_ndx, a.t, a.v${details ? sql`, a.q` : sql``}${sources ? sql`, a.s` : sql``}
          from unnest(${locations}::int[], ${parameters}::int[], ${fromAts}::timestamptz[], ${beforeAts}::timestamptz[])
            as s(location_ndx, parameter_ndx, from_at, before_at)
          cross join lateral (
            select string_agg((date_part('epoch', o.collect_timestamp) * 1000)::text, ',' order by o.collect_timestamp) as t,
                   string_agg(o.result_value::text, ',' order by o.collect_timestamp) as v
                   ${details ? sql`, ${detailColumns(sql`o.collect_timestamp`, sources)}` : sql``}
            from observation o
            where o.location_ndx = s.location_ndx and o.parameter_ndx = s.parameter_ndx
              and ${withinPathRange(sql.ref('o.collect_timestamp'), range)}
              and o.collect_timestamp >= coalesce(s.from_at, '-infinity') and o.collect_timestamp < coalesce(s.before_at, 'infinity')) a`.execute(
          db,
        )
      : await sql<Row>`
          select s.location_ndx, s.parameter_ndx, a.t, a.v${details ? sql`, a.q` : sql``}${sources ? sql`, a.s` : sql``}
          from unnest(${locations}::int[], ${parameters}::int[]) as s(location_ndx, parameter_ndx)
          join parameter p on p.parameter_ndx = s.parameter_ndx
          cross join lateral (
            select string_agg((date_part('epoch', ${localDayStart(sql.ref('d.local_date'))}) * 1000)::text, ',' order by d.local_date) as t,
                   string_agg(round(d.mean_value::numeric, p.decimals)::float8::text, ',' order by d.local_date) as v
                   ${details ? sql`, ${detailColumns(sql`d.local_date`, sources)}` : sql``}
            from observation_daily d
            ${
              details
                ? sql`left join observation o on o.location_ndx = d.location_ndx and o.parameter_ndx = d.parameter_ndx
                                          and o.collect_timestamp = d.last_timestamp`
                : sql``
            }
            where d.location_ndx = s.location_ndx and d.parameter_ndx = s.parameter_ndx
              and d.local_date between ${startDate}::date and ${endDate}::date) a`.execute(db);
  for (const r of rows) {
    const packed =
      r.t !== null && r.v !== null ? { t: r.t, v: r.v, ...(details ? { q: r.q ?? '' } : {}), ...(sources ? { s: r.s ?? '' } : {}) } : null;
    out.set(seriesKey(r.location_ndx, r.parameter_ndx), packed);
  }
  for (const k of keys) if (!out.has(seriesKey(k.location_ndx, k.parameter_ndx))) out.set(seriesKey(k.location_ndx, k.parameter_ndx), null);
  return out;
}

/**
 * Each point's data source key ('null' for none) and qualifiers, in the order of `orderBy`: the
 * qualifiers as one text (chart-points.ts splitQualifiers), a JSON array of them costing PostgreSQL
 * and the event loop's JSON parse more than the rest of the series. Two control characters mark
 * the gaps and the nulls, so they are taken out of the qualifiers themselves.
 */
function detailColumns(orderBy: RawBuilder<unknown>, sources: boolean) {
  const qualifiers = sql`string_agg(coalesce(translate(o.qualifiers, ${QUALIFIER_MARKS}, ''), ${NO_QUALIFIERS}), ${QUALIFIER_SEPARATOR} order by ${orderBy}) as q`;
  return sources ? sql`string_agg(coalesce(o.datasrc_ndx::text, 'null'), ',' order by ${orderBy}) as s, ${qualifiers}` : qualifiers;
}
