import { Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { queryDownloadCsvColumns, type DisplayFacility, type QueryDownloadInterval, type QueryDownloadRequest } from '@portal/contracts';
import { callerOf } from '../../access/access-policy';
import { unreadableFacilities } from '../../access/access.repository';
import type { AuthUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { districtTimeZone } from '../../db/local-day';
import { notFound } from '../../http/errors';
import { facilitiesForUser } from '../facilities/facilities.service';
import { dailyBatch, existingParameterGroups, fifteenMinuteBatch, listDownloadSeries, type DownloadSeries } from './query-download.repository';

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
    throw notFound(`Facilit${plural ? 'ies' : 'y'} ${outside.join(', ')} ${plural ? 'do' : 'does'} not exist or you are not authorised for ${plural ? 'them' : 'it'}`);
  }
  const groups = await existingParameterGroups(db, request.parameterGroups);
  const missing = request.parameterGroups.filter((ndx) => !groups.has(ndx));
  if (missing.length > 0) throw notFound(`Parameter group${missing.length > 1 ? 's' : ''} ${missing.join(', ')} ${missing.length > 1 ? 'do' : 'does'} not exist`);
  return listDownloadSeries(db, request.facilities, request.parameterGroups);
}

/** UTC offset text of a number of minutes, e.g. -360 -> '-06:00'. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

async function* records(
  db: Db,
  interval: QueryDownloadInterval,
  series: DownloadSeries[],
  range: QueryDownloadRequest,
  batchRows: number,
): AsyncGenerator<unknown[]> {
  for (const s of series) {
    // Names are typed by administrators: a leading = + - @ would run as a formula in Excel.
    const lead = [s.facility_name, s.facility_type_desc, s.location_id, s.location_name, s.parameter_name, s.units ?? ''].map(neutraliseFormula);
    let after: string | null = null;
    for (;;) {
      if (interval === '15min') {
        const rows = await fifteenMinuteBatch(db, s, range, after, batchRows);
        for (const r of rows) yield [...lead, r.local_text, offsetText(r.offset_minutes), r.value, neutraliseFormula(r.data_source ?? ''), neutraliseFormula(r.qualifiers ?? '')];
        if (rows.length < batchRows) break;
        after = rows[rows.length - 1].cursor;
      } else {
        const rows = await dailyBatch(db, s, range, after, batchRows);
        for (const r of rows) yield [...lead, r.local_date, r.mean_value, r.min_value, r.max_value, r.value_count, neutraliseFormula(r.data_source ?? ''), neutraliseFormula(r.qualifiers ?? '')];
        if (rows.length < batchRows) break;
        after = rows[rows.length - 1].cursor;
      }
    }
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
): Transform {
  const out = stringify({
    header: true,
    columns: [...queryDownloadCsvColumns(interval, districtTimeZone())],
    bom: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(records(db, interval, series, range, batchRows));
  // A database failure mid-file ends the response with an error (the client sees a broken download, never a short "success").
  source.on('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}

/** Text cells that a spreadsheet would read as a formula get a leading apostrophe (OWASP CSV injection). */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
