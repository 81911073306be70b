import { formatCalendarDayUs, toCalendarDay, type GraphResponse } from '@portal/contracts';
import { downloadBlob } from '../../../lib/download';
import { csvFileName, graphRowsCsv, rowsForExport } from './graph-csv';

/** Builds the CSV of an answer (with the spec's date-range rule) and hands it to the browser as a download. */
export function downloadGraphCsv(data: GraphResponse): void {
  const start = toCalendarDay(data.startDate);
  const end = toCalendarDay(data.endDate);
  if (!start || !end) return;
  const rows = rowsForExport(data.rows, start, end);
  const csv = graphRowsCsv(rows, data.value_field);
  downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(data.location.location_id, formatCalendarDayUs(start), formatCalendarDayUs(end)));
}
