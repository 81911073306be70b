import { addMonths } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import {
  csvNumberCell,
  csvRecord,
  csvTextCell,
  startOfDay,
  type CalendarDay,
  type GraphRow,
  type GraphValueField,
} from '@portal/contracts';
import { districtTimeZone, formatTimestamp } from '../../../lib/time';

/**
 * 'Time Series Data for {id} between {start} and {end}.csv'. Dates are written
 * MM-dd-yyyy: a slash is not allowed in a file name, and browsers would rewrite it anyway.
 */
export function csvFileName(locationId: string, startDate: string, endDate: string): string {
  const safe = (text: string) => text.replace(/[\\/:*?"<>|]/g, '-');
  return `Time Series Data for ${safe(locationId)} between ${safe(startDate)} and ${safe(endDate)}.csv`;
}

function localMidnight(day: CalendarDay): TZDate {
  return new TZDate(startOfDay(day, districtTimeZone()).getTime(), districtTimeZone());
}

/**
 * Export keeps only rows whose collect_timestamp lies between the start date (local
 * midnight) and the end date plus one month (local midnight), both ends inclusive.
 * Dates are calendar days in the district zone.
 */
export function rowsForExport<T extends { collect_timestamp: string }>(
  rows: readonly T[],
  startIso: CalendarDay,
  endIso: CalendarDay,
): T[] {
  const from = localMidnight(startIso).getTime();
  const to = addMonths(localMidnight(endIso), 1).getTime();
  return rows.filter((r) => {
    const t = Date.parse(r.collect_timestamp);
    return t >= from && t <= to;
  });
}

export const CSV_HEADER = ['collect_timestamp_local', 'collect_timestamp_utc', 'location_id', 'location_name'] as const;

/**
 * CSV of the rows: the local time as shown on screen (district zone) and the UTC instant, so the
 * file stays unambiguous across the repeated autumn hour; then the value, units, source and the
 * source's qualifiers (e.g. 'P,e': provisional, estimated).
 */
export function graphRowsCsv(rows: readonly GraphRow[], valueField: GraphValueField): string {
  let text = csvRecord([...CSV_HEADER, valueField, 'units', 'source', 'qualifiers']);
  for (const r of rows) {
    text += csvRecord([
      csvTextCell(formatTimestamp(r.collect_timestamp)),
      r.collect_timestamp,
      csvTextCell(r.location_id),
      csvTextCell(r.location_name),
      csvNumberCell(r[valueField]),
      csvTextCell(r.units),
      csvTextCell(r.source),
      csvTextCell(r.qualifiers),
    ]);
  }
  return text;
}
