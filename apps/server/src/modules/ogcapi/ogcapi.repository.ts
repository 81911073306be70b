import { sql, type RawBuilder } from 'kysely';
import type { Caller } from '../../access/access-policy';
import { readableLocation } from '../../access/access.repository';
import type { Db } from '../../db/client';
import type { OgcCollectionDefinition, SourceOptions } from './collections/collection';
import { utcInstant } from './collections/series.repository';
import { keyPartsOf } from './ogcapi-cursor';
import { csvColumns, rendered, type Rendering } from './ogcapi-render.repository';

/**
 * SQL of the open data API. Every collection is read in keyset order (location, parameter, then
 * time or kind). GeoJSON pages are read batch by batch, each batch written as features by
 * PostgreSQL itself (string concatenation), so a page of 50,000 features costs Node one string
 * per batch; a CSV page is one COPY of its rows (decision 0051). Which locations a caller reads is
 * readableLocation (decision 0012): the rest is simply absent.
 */

/** Who publishes the data: the agency code of monitoring location ids, and its name. */
export interface Agency {
  code: string;
  name: string | null;
}

export type ReadOptions = SourceOptions & { agency: Agency };

/**
 * A collection's rows with the agency added, and the residual property conditions applied. With a
 * residual condition the source is read without its own limit (its rows are then filtered here).
 */
export function filteredSource(c: OgcCollectionDefinition, o: ReadOptions) {
  const residual = o.filter.residual;
  const source = c.rowSource({ ...o, take: residual ? null : o.take });
  const limit = residual && o.take !== null ? sql`order by ${c.order} limit ${o.take}` : sql``;
  return sql`
    select r.* from (${withAgency(source, o.agency)}) r
    where ${residual ?? sql`true`} ${limit}`;
}

/** Rows of a collection's source with the agency added. */
const withAgency = (source: RawBuilder<unknown>, agency: Agency) =>
  sql`select r.*, ${agency.code}::text as agency_code, ${agency.name}::text as agency_name from (${source}) r`;

/** One batch of a page: the features (joined by ','), how many, the last one's key when the batch is full, and whether more follow. */
export interface Batch {
  text: string | null;
  rows: number;
  /** Cursor parts of the batch's last row; only when the batch is full. */
  lastKey: string | null;
  /** A row exists after this batch. */
  more: boolean;
}

/** Up to `take` rows after `after`, rendered; one more is read to know whether another page follows. */
export async function readBatch(
  db: Db,
  c: OgcCollectionDefinition,
  o: Omit<ReadOptions, 'take'> & { take: number },
  rendering: Rendering,
): Promise<Batch> {
  const { rows } = await batchQuery(c, o, rendering).execute(db);
  return rows[0];
}

/** The statement of readBatch (the benchmark explains it). */
export function batchQuery(c: OgcCollectionDefinition, o: Omit<ReadOptions, 'take'> & { take: number }, rendering: Rendering) {
  const take = o.take;
  return sql<Batch>`
    select string_agg(x.f, ',' order by x.rn) filter (where x.rn <= ${take}) as text,
           (count(*) filter (where x.rn <= ${take}))::int as rows,
           max(x.key) as "lastKey",
           coalesce(bool_or(x.rn > ${take}), false) as more
    from (
      select ${rendered(c, rendering)} as f,
             case when r.rn = ${take} then ${c.keyText} end as key,
             r.rn
      from (select r.*, row_number() over (order by ${c.order}) as rn
            from (${filteredSource(c, { ...o, take: take + 1 })}) r) r
    ) x`;
}

/**
 * The rows of a CSV page in key order, as the columns COPY writes (csvColumns): up to `take` rows
 * after `after`, the same rows a GeoJSON page of the same query holds.
 */
export function csvPageSelect(c: OgcCollectionDefinition, o: Omit<ReadOptions, 'take'> & { take: number }, rendering: Rendering) {
  return sql`
    select ${csvColumns(c, rendering)}
    from (${filteredSource(c, o)}) r
    order by ${c.order}`;
}

/**
 * Lets the rest of the transaction sort a page in memory: the series-by-series collections sort
 * each series' rows of a page by time (about 8 MB for 50,000 continuous values, 5 MB for their
 * keys alone), which spills to disk under PostgreSQL's default 4 MB. Large pages run only a few at
 * once (http/heavy-open-data-pages.ts).
 */
export async function sortPageInMemory(trx: Db): Promise<void> {
  await sql`select set_config('work_mem', '16MB', true)`.execute(trx);
}

/** Series a CSV page spans above which it is one select (each series' rows sorted by time) rather than one COPY per series. */
export const MAX_SERIES_COPIES = 8;

/** What a CSV page copies (its selects, one after the other) and the key of its last feature when another feature follows. */
export interface CsvPagePlan {
  endKey: string | null;
  selects: RawBuilder<unknown>[];
}

/**
 * A CSV page's selects and the key of its last feature when another feature follows (null: the page
 * is the last, or `next` is false), read before the page is written: CSV has no place for links, so
 * its next link goes in the Link header, which is sent first.
 *
 * A collection read series by series (seriesPage), without a residual condition, first lists the
 * series the page spans, with the key of its last value: the page is then one select per series,
 * each read in its index's order (no sort), when it spans at most `seriesCopies` series, else
 * one select of the page's rows (csvPageSelect). Any other collection reads the key of its page's
 * last row as the page itself reads them, in key order. Then one read says whether a row follows
 * that key. Asking for the row after the page in the first read would make a collection read series
 * by series read and sort the whole next series when the page ends with one.
 */
export async function csvPagePlan(
  db: Db,
  c: OgcCollectionDefinition,
  o: Omit<ReadOptions, 'take'> & { take: number },
  rendering: Rendering,
  next: boolean,
  seriesCopies = MAX_SERIES_COPIES,
): Promise<CsvPagePlan> {
  const series = c.seriesPage && !o.filter.residual ? c.seriesPage : null;
  let key: string | null = null;
  let selects: RawBuilder<unknown>[] = [csvPageSelect(c, o, rendering)];
  if (series) {
    const { rows: segments } = await series.segments(o).execute(db);
    const last = segments.at(-1);
    if (last && last.wanted === 0) key = last.key;
    if (segments.length <= seriesCopies) {
      selects = segments.map(
        (segment) => sql`
          select ${csvColumns(c, rendering)}
          from (${withAgency(series.rows(o, segment), o.agency)}) r
          order by ${series.order}`,
      );
    }
  } else if (next) {
    // The key is written as text only for the row kept, not for every row skipped.
    const { rows } = await sql<{ key: string }>`
      select ${c.keyText} as key
      from (select ${c.order}
            from (${filteredSource(c, o)}) r
            order by ${c.order}
            offset ${o.take - 1} limit 1) r`.execute(db);
    key = rows[0]?.key ?? null;
  }
  if (!next || key === null) return { endKey: null, selects };
  const { rows: after } = await sql`
    select 1 from (${filteredSource(c, { ...o, after: keyPartsOf(key), take: 1 })}) r limit 1`.execute(db);
  return { endKey: after.length ? key : null, selects };
}

/**
 * How many features the query matches in all, where that is cheap: locations and series are
 * counted; values by their collection's own count, and not at all when a condition on their
 * properties (approval_status, qualifier, ...) would have to be checked row by row.
 */
export async function countMatched(db: Db, c: OgcCollectionDefinition, o: Omit<ReadOptions, 'take' | 'after'>): Promise<number | null> {
  if (c.matched !== 'rows') {
    const statement = o.filter.residual ? null : c.matched(o);
    if (statement === null) return null;
    const { rows } = await statement.execute(db);
    return Number(rows[0].n);
  }
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from (${filteredSource(c, { ...o, after: null, take: null })}) r`.execute(db);
  return rows[0].n;
}

/** Spatial and temporal extent of a collection's readable data: [minLon, minLat, maxLon, maxLat] and the first and last time. */
export async function collectionExtent(
  db: Db,
  caller: Caller,
  c: OgcCollectionDefinition,
): Promise<{ bbox: [number, number, number, number] | null; begin: string | null; end: string | null }> {
  const series = c.extent === 'series';
  const { rows } = await sql<{
    min_lon: number | null;
    min_lat: number | null;
    max_lon: number | null;
    max_lat: number | null;
    begin: string | null;
    end: string | null;
  }>`
    select min(l.longitude) as min_lon, min(l.latitude) as min_lat, max(l.longitude) as max_lon, max(l.latitude) as max_lat,
           ${series ? utcInstant(sql`min(sl.first_timestamp)`) : sql`null`} as begin,
           ${series ? utcInstant(sql`max(sl.last_timestamp)`) : sql`null`} as end
    from location l
    ${series ? sql`join series_latest sl on sl.location_ndx = l.location_ndx` : sql``}
    where ${readableLocation(caller, 'l')}`.execute(db);
  const r = rows[0];
  const bbox: [number, number, number, number] | null =
    r.min_lon === null || r.min_lat === null || r.max_lon === null || r.max_lat === null
      ? null
      : [r.min_lon, r.min_lat, r.max_lon, r.max_lat];
  return { bbox, begin: r.begin, end: r.end };
}
