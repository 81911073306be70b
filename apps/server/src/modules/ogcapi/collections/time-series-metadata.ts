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

/** Two series per location and parameter with data: the 15-minute values and the daily means. */
export const timeSeriesMetadata: OgcCollectionDefinition = {
  id: 'time-series-metadata',
  title: 'Time series metadata',
  description:
    'Two series per location and parameter with data: the 15-minute values (computation_period_identifier Points, statistic 00011) ' +
    'and the daily means (Daily, statistic 00003), each with its first and last time (begin_utc and end_utc in UTC).',
  properties: {
    monitoring_location_id: plain(monitoringLocationId),
    parameter_code: plain(sql.ref('r.parameter_code')),
    parameter_name: { kind: 'text', value: sql.ref('r.parameter_name'), schema: { type: 'string' } },
    unit_of_measure: { kind: 'text', value: sql.ref('r.unit'), schema: { type: ['string', 'null'] } },
    statistic_id: plain(sql`(case when r.k3 then '00003' else '00011' end)`),
    computation_identifier: plain(sql`(case when r.k3 then 'Mean' else 'Instantaneous' end)`),
    computation_period_identifier: plain(sql`(case when r.k3 then 'Daily' else 'Points' end)`),
    begin: plain(localWallTime(sql.ref('r.first_timestamp')), 'date-time'),
    end: plain(localWallTime(sql.ref('r.last_timestamp')), 'date-time'),
    begin_utc: plain(utcInstant(sql.ref('r.first_timestamp')), 'date-time'),
    end_utc: plain(utcInstant(sql.ref('r.last_timestamp')), 'date-time'),
  },
  featureId: sql`(r.k1 || '-' || r.k2 || case when r.k3 then '-daily' else '-15min' end)`,
  locationKeys: ['monitoring_location_id'],
  filters: { bbox: true, datetime: null },
  keyParts: [{ kind: 'int' }, { kind: 'int' }, { kind: 'word', words: ['15min', 'daily'] }],
  keyText: sql`(r.k1 || '|' || r.k2 || '|' || case when r.k3 then 'daily' else '15min' end)`,
  order: sql`r.k1, r.k2, r.k3`,
  matched: 'rows',
  extent: 'series',
  rowSource(o) {
    const { caller, filter: f, after } = o;
    const limit = o.take === null ? sql`` : sql`limit ${o.take}`;
    const from = after
      ? sql`(s.location_ndx, s.parameter_ndx, k.daily) > (${Number(after[0])}::int, ${Number(after[1])}::int, ${after[2] === 'daily'})`
      : sql`true`;
    const kind = f.kind ? sql`k.daily = ${f.kind === 'daily'}` : sql`true`;
    return sql`
      select s.location_ndx as k1, s.parameter_ndx as k2, k.daily as k3, s.*
      from (${seriesScope(caller, f, seriesAfter(after), false)}) s
      cross join (values (false), (true)) k(daily)
      where ${from} and ${kind}
      order by k1, k2, k3
      ${limit}`;
  },
  featureFilter(featureId) {
    const id = seriesIdParts(featureId);
    if (!id || (id.rest !== '15min' && id.rest !== 'daily')) return null;
    return { locations: [id.location], parameters: [String(id.parameter)], kind: id.rest };
  },
};
