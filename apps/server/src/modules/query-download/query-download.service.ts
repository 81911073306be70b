import { Readable } from 'node:stream';
import {
  CSV_RECORD_END,
  csvField,
  csvNumberCell,
  csvTextCell,
  queryDownloadCsvColumns,
  type DisplayFacility,
  type QueryDownloadInterval,
  type QueryDownloadRequest,
} from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { unreadableFacilities } from '../../access/access.repository';
import type { AuthUser } from '../../tokens/token-verifier';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { notFound } from '../../http/errors';
import { facilitiesForUser } from '../facilities/index';
import {
  dailyBatch,
  existingParameterGroups,
  fifteenMinuteBatch,
  fifteenMinuteCsvBatch,
  listDownloadSeries,
  type DownloadSeries,
} from './query-download.repository';

/** Rows read per query: bounds memory (a year of one 15-minute series is 35,040 rows) while keeping queries few. */
export const BATCH_ROWS = 10_000;

/** The facilities the caller may download: the same scope as the facility pages (administrators: all). */
export function downloadFacilitiesForUser(db: Db, user: AuthUser): Promise<DisplayFacility[]> {
  return facilitiesForUser(db, user);
}

/**
 * Checks the whole request before the first byte goes out (afterwards the status cannot change):
 * every facility must be one the caller may open (decision 0012) and every group must exist. Never a silently
 * partial file.
 */
export async function resolveDownload(db: Db, user: AuthUser, request: QueryDownloadRequest): Promise<DownloadSeries[]> {
  const outside = await unreadableFacilities(db, callerOf(user), request.facilities);
  if (outside.length > 0) {
    const plural = outside.length > 1;
    throw notFound(
      `Facilit${plural ? 'ies' : 'y'} ${outside.join(', ')} ${plural ? 'do' : 'does'} not exist or you are not authorised for ${plural ? 'them' : 'it'}`,
    );
  }
  const groups = await existingParameterGroups(db, request.parameterGroups);
  const missing = request.parameterGroups.filter((ndx) => !groups.has(ndx));
  if (missing.length > 0)
    throw notFound(`Parameter group${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not exist`);
  return listDownloadSeries(db, request.facilities, request.parameterGroups);
}

/** UTC offset text of a number of minutes, e.g. -360 -> '-06:00'. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

// Cells are written by the one CSV writer in @portal/contracts (csv.ts).
const textCell = csvTextCell;
const numberCell = csvNumberCell;

/** textCell of the few distinct sources and qualifier sets of a file, formatted once each. */
function cachedTextCells(): (value: string | null) => string {
  const cells = new Map<string | null, string>();
  return (value) => {
    let cell = cells.get(value);
    if (cell === undefined) {
      if (cells.size > 10_000) cells.clear(); // qualifiers are free text: bound the cache
      cell = textCell(value);
      cells.set(value, cell);
    }
    return cell;
  };
}

/**
 * The file as text chunks, one per batch of rows: 15-minute lines formatted by PostgreSQL
 * (fifteenMinuteCsvBatch), daily lines joined here by string concatenation (textCell, numberCell).
 * One csv-stringify record and one stream write per row made a 1,000,000-row download about 3x
 * slower than PostgreSQL's own COPY of the same rows (bench/export.bench.ts, decision 0021).
 */
async function* csvChunks(
  db: Db,
  interval: QueryDownloadInterval,
  series: DownloadSeries[],
  range: QueryDownloadRequest,
  batchRows: number,
): AsyncGenerator<string> {
  // The header goes out with the first rows: a database failure before them is still a JSON error, not a broken file.
  let header: string | null = `\uFEFF${queryDownloadCsvColumns(interval, districtTimeZone()).map(csvField).join(',')}${CSV_RECORD_END}`;
  const cell = cachedTextCells();
  for (const s of series) {
    const lead = `${[s.facility_name, s.facility_type_desc, s.location_id, s.location_name, s.parameter_name, s.units].map(textCell).join(',')},`;
    if (interval === '15min') {
      for await (const text of fifteenMinuteTexts(db, s, lead, range, batchRows, cell)) {
        yield (header ?? '') + text;
        header = null;
      }
    } else {
      for await (const rows of prefetched((after) => dailyBatch(db, s, range, after, batchRows), batchRows)) {
        let text = header ?? '';
        header = null;
        for (const r of rows) {
          text += `${lead}${r.local_date},${numberCell(r.mean_value)},${numberCell(r.min_value)},${numberCell(r.max_value)},${numberCell(r.value_count)},${cell(r.data_source)},${cell(r.qualifiers)}${CSV_RECORD_END}`;
        }
        yield text;
      }
    }
  }
  if (header !== null) yield header;
}

/**
 * The 15-minute lines of one series, one text per batch, formatted by PostgreSQL; a batch with a
 * value whose text is not JavaScript's (an exponent, -0) is read again as rows and formatted here,
 * so the file is the same either way. The next batch is asked for while this one is sent.
 */
async function* fifteenMinuteTexts(
  db: Db,
  s: DownloadSeries,
  lead: string,
  range: QueryDownloadRequest,
  batchRows: number,
  cell: (value: string | null) => string,
): AsyncGenerator<string> {
  let after: string | null = null;
  let next = fifteenMinuteCsvBatch(db, s, lead, range, after, batchRows);
  for (;;) {
    const batch = await next;
    const full = batch.rows === batchRows;
    if (full) {
      next = fifteenMinuteCsvBatch(db, s, lead, range, batch.cursor, batchRows);
      // If the client goes away before this batch is awaited, its failure must not be unhandled.
      next.catch(() => undefined);
    }
    if (batch.js_values) {
      let text = '';
      for (const r of await fifteenMinuteBatch(db, s, range, after, batchRows)) {
        text += `${lead}${r.local_text},${offsetText(r.offset_minutes)},${numberCell(r.value)},${cell(r.data_source)},${cell(r.qualifiers)}${CSV_RECORD_END}`;
      }
      yield text;
    } else if (batch.text) {
      yield batch.text;
    }
    if (!full) return;
    after = batch.cursor;
  }
}

/**
 * Keyset batches of one series (`read(after)`, after = the last row's cursor), each next batch
 * already asked for while the caller works on the current one. Ends after a short batch.
 */
async function* prefetched<Row extends { cursor: string }>(
  read: (after: string | null) => Promise<Row[]>,
  batchRows: number,
): AsyncGenerator<Row[]> {
  let next = read(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    const full = rows.length === batchRows;
    if (full) {
      next = read(rows[rows.length - 1].cursor);
      // If the client goes away before this batch is awaited, its failure must not be unhandled.
      next.catch(() => undefined);
    }
    yield rows;
    if (!full) return;
  }
}

/**
 * The CSV as a stream: rows are read batch by batch and written as the client takes them
 * (backpressure pauses the reads). A UTF-8 byte-order mark lets Excel read names with accents.
 */
export function csvStream(
  db: Db,
  interval: QueryDownloadInterval,
  series: DownloadSeries[],
  range: QueryDownloadRequest,
  batchRows = BATCH_ROWS,
): Readable {
  // A database failure mid-file destroys the stream: the client sees a broken download, never a short "success".
  return Readable.from(csvChunks(db, interval, series, range, batchRows), { objectMode: false });
}
