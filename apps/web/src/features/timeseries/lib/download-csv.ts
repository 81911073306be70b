import type { GraphResponse } from '@portal/contracts';
import { csvFileName, graphRowsCsv, rowsForExport } from './graph-csv';
import { toDateEntry } from './graph-range';

/** Builds the CSV of an answer (with the spec's date-range rule) and hands it to the browser as a download. */
export function downloadGraphCsv(data: GraphResponse): void {
  const rows = rowsForExport(data.rows, data.startDate, data.endDate);
  const csv = graphRowsCsv(rows, data.value_field);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(data.location.location_id, toDateEntry(data.startDate), toDateEntry(data.endDate));
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
