import { Readable } from 'node:stream';
import type { Caller } from '../../access/access-policy';
import type { Db } from '../../db/client';
import { copyCsvOut } from '../../db/copy-to';
import type { OgcCollectionDefinition } from './collections/collection';
import { encodeCursorText, keyPartsOf } from './ogcapi-cursor';
import { csvHeader } from './ogcapi-csv';
import { csvPagePlan, MAX_SERIES_COPIES, readBatch, sortPageInMemory, type Agency, type Batch } from './ogcapi.repository';
import type { Rendering } from './ogcapi-render.repository';
import type { ItemFilter } from './ogcapi-filters.repository';

/** Rows per query of a GeoJSON page: a page of 50,000 is five queries, each written while the next is read. */
export const BATCH_ROWS = 10_000;

export interface PageRequest {
  collection: OgcCollectionDefinition;
  caller: Caller;
  agency: Agency;
  filter: ItemFilter;
  after: readonly string[] | null;
  limit: number;
  rendering: Rendering;
  asOf: Date;
}

/** How the page ended, known once its last batch is read: the features written and the next page's cursor. */
export interface PageEnd {
  numberReturned: number;
  nextCursor: string | null;
}

/**
 * The batches of one page in order, each next batch asked for while the current one is written
 * (backpressure pauses the reads). `end` is filled in as they come: the features written and,
 * when the page is full and more follow, the cursor of the next page (its last feature's key).
 */
async function* batches(db: Db, p: PageRequest, batchRows: number, end: PageEnd): AsyncGenerator<Batch> {
  const read = (from: readonly string[] | null, take: number) =>
    readBatch(db, p.collection, { caller: p.caller, agency: p.agency, filter: p.filter, after: from, take, asOf: p.asOf }, p.rendering);
  let next = read(p.after, Math.min(batchRows, p.limit));
  for (;;) {
    const batch = await next;
    end.numberReturned += batch.rows;
    const left = p.limit - end.numberReturned;
    if (batch.more && batch.lastKey !== null) {
      if (left > 0) {
        next = read(keyPartsOf(batch.lastKey), Math.min(batchRows, left));
        // If the client goes away before this batch is awaited, its failure must not be unhandled.
        next.catch(() => undefined);
        yield batch;
        continue;
      }
      end.nextCursor = encodeCursorText(p.collection, batch.lastKey);
    }
    yield batch;
    return;
  }
}

/**
 * A GeoJSON FeatureCollection page as a stream: the features as PostgreSQL writes them, then the
 * members known only at the end (numberReturned, links). A database failure mid-page destroys the
 * stream: the client sees a broken answer, never a short "success".
 */
export function featureCollectionStream(db: Db, p: PageRequest, tail: (end: PageEnd) => string, batchRows = BATCH_ROWS): Readable {
  async function* chunks(): AsyncGenerator<string> {
    const ended: PageEnd = { numberReturned: 0, nextCursor: null };
    // The opening goes out with the first batch: a failure before it is still an error answer.
    let text = '{"type":"FeatureCollection","features":[';
    let first = true;
    for await (const batch of batches(db, p, batchRows, ended)) {
      if (batch.text) {
        text += (first ? '' : ',') + batch.text;
        first = false;
      }
      yield text;
      text = '';
    }
    yield `${text}]${tail(ended)}}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A CSV page: the cursor of the next page (null on the last page) and the body, a header line then one line per feature. */
export interface CsvPage {
  nextCursor: string | null;
  body: Readable;
}

/**
 * The same page as CSV, written by PostgreSQL's COPY (decision 0051): the next page's cursor is read
 * first, as the Link header goes out before the body, then the rows are copied from the same
 * snapshot, so the link starts right after the last line written. `next: false` skips the cursor
 * (one feature by its id). Cells are neutralised in the select and quoted by COPY; lines end in LF.
 * A page spanning at most `seriesCopies` series of a collection read series by series is one COPY
 * per series (csvPagePlan).
 */
export async function csvPage(db: Db, p: PageRequest, next = true, seriesCopies = MAX_SERIES_COPIES): Promise<CsvPage> {
  const o = { caller: p.caller, agency: p.agency, filter: p.filter, after: p.after, take: p.limit, asOf: p.asOf };
  const { value: endKey, body } = await copyCsvOut(db, async (trx) => {
    await sortPageInMemory(trx);
    const plan = await csvPagePlan(trx, p.collection, o, p.rendering, next, seriesCopies);
    return { value: plan.endKey, select: plan.selects, head: csvHeader(p.rendering) };
  });
  return { nextCursor: endKey === null ? null : encodeCursorText(p.collection, endKey), body };
}
