import { sql } from 'kysely';
import { localTime } from '../../../db/local-day';
import type { OgcCollectionDefinition, PropertyDefinition } from './collection';
import { monitoringLocationId, seriesAfter, seriesIdParts, seriesScope, utcInstant } from './series.repository';

const plain = (value: PropertyDefinition['value'], format?: string): PropertyDefinition => ({
  kind: 'plain',
  value,
  schema: format ? { type: 'string', format } : { type: 'string' },
});
/** The district's wall-clock time of an instant, as USGS writes begin and end (no offset). */
const localWallTime = (ts: PropertyDefinition['value']) => sql<string>`to_char(${localTime(ts)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The series of a location and parameter with data, as USGS lists them: its readings, and each
 * statistic of its days (the days' maximum, minimum and mean are series of their own, with the
 * ids the daily collection's features carry in time_series_id).
 */
export const SERIES_KINDS = [
  { word: '15min', statistic: '00011', computation: 'Instantaneous', period: 'Points' },
  { word: 'daily', statistic: '00003', computation: 'Mean', period: 'Daily' },
  { word: 'daily-max', statistic: '00001', computation: 'Max', period: 'Daily' },
  { word: 'daily-min', statistic: '00002', computation: 'Min', period: 'Daily' },
] as const;
const kindRows = sql.join(
  SERIES_KINDS.map(
    (k, n) => sql`(${sql.lit(n)}, ${sql.lit(k.word)}, ${sql.lit(k.statistic)}, ${sql.lit(k.computation)}, ${sql.lit(k.period)})`,
  ),
);

export const timeSeriesMetadata: OgcCollectionDefinition = {
  id: 'time-series-metadata',
  title: 'Time series metadata',
  description:
    'Four series per location and parameter with data: the 15-minute values (computation_period_identifier Points, statistic 00011) ' +
    'and the daily mean (Daily, 00003), maximum (00001) and minimum (00002), each with its first and last time (begin_utc and end_utc in UTC).',
  properties: {
    monitoring_location_id: plain(monitoringLocationId),
    parameter_code: plain(sql.ref('r.parameter_code')),
    parameter_name: { kind: 'text', value: sql.ref('r.parameter_name'), schema: { type: 'string' } },
    unit_of_measure: { kind: 'text', value: sql.ref('r.unit'), schema: { type: ['string', 'null'] } },
    statistic_id: plain(sql.ref('r.kind_statistic')),
    computation_identifier: plain(sql.ref('r.kind_computation')),
    computation_period_identifier: plain(sql.ref('r.kind_period')),
    begin: plain(localWallTime(sql.ref('r.first_timestamp')), 'date-time'),
    end: plain(localWallTime(sql.ref('r.last_timestamp')), 'date-time'),
    begin_utc: plain(utcInstant(sql.ref('r.first_timestamp')), 'date-time'),
    end_utc: plain(utcInstant(sql.ref('r.last_timestamp')), 'date-time'),
  },
  featureId: sql`(r.k1 || '-' || r.k2 || '-' || r.kind_word)`,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: null },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'word', words: SERIES_KINDS.map((k) => k.word) }],
  // From the order's columns alone: the page-end read selects only those.
  keyText: sql`(r.k1 || '|' || r.k2 || '|' || case r.k3 ${sql.join(
    SERIES_KINDS.map((k, n) => sql`when ${sql.lit(n)} then ${sql.lit(k.word)}`),
    sql` `,
  )} end)`,
  order: sql`r.k1, r.k2, r.k3`,
  matched: 'rows',
  extent: 'series',
  rowSource(o) {
    const { caller, filter: f, after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const afterKind = after ? SERIES_KINDS.findIndex((k) => k.word === after[2]) : -1;
    const from = after
      ? sql`(s.location_ndx, s.parameter_ndx, k.n) > (${Number(after[0])}::int, ${Number(after[1])}::int, ${afterKind}::int)`
      : sql`true`;
    const kind = f.kind ? sql`k.word = ${f.kind}` : sql`true`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, k.n as k3, k.word as kind_word, k.statistic_id as kind_statistic,
             k.computation as kind_computation, k.period as kind_period, s.*
      from (${seriesScope(caller, f, seriesAfter(after), false)}) s
      cross join (values ${kindRows}) k(n, word, statistic_id, computation, period)
      where ${from} and ${kind}
      order by k1, k2, k3
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = seriesIdParts(featureId);
    if (!id || !SERIES_KINDS.some((k) => k.word === id.rest)) return null;
    return { locations: [id.location], parameters: [String(id.parameter)], kind: id.rest };
  },
};
