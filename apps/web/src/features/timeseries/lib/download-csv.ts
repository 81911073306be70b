import { formatCalendarDayUs, toCalendarDay, type GraphResponse } from '@portal/contracts';
import { downloadBlob } from '../../../lib/download';
import { csvFileName, graphRowsCsv, rowsForExport } from './graph-csv';

/** The CSV text of an answer with the spec's date-range rule (null when its dates are unreadable). */
export function graphCsvText(data: GraphResponse): string | null {
  const start = toCalendarDay(data.startDate);
  const end = toCalendarDay(data.endDate);
  if (!start || !end) return null;
  return graphRowsCsv(rowsForExport(data.rows, start, end), data.value_field);
}

/** Builds the CSV of an answer and hands it to the browser as a download. */
export function downloadGraphCsv(data: GraphResponse): void {
  const start = toCalendarDay(data.startDate);
  const end = toCalendarDay(data.endDate);
  const csv = graphCsvText(data);
  if (!start || !end || csv === null) return;
  downloadBlob(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    csvFileName(data.location.location_id, formatCalendarDayUs(start), formatCalendarDayUs(end)),
  );
}
