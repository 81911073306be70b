import type { GraphResponse } from '@portal/contracts';
import { downloadBlob } from '../../../lib/download';
import { csvFileName, graphRowsCsv, rowsForExport } from './graph-csv';
import { toDateEntry } from './graph-range';

/** Builds the CSV of an answer (with the spec's date-range rule) and hands it to the browser as a download. */
export function downloadGraphCsv(data: GraphResponse): void {
  const rows = rowsForExport(data.rows, data.startDate, data.endDate);
  const csv = graphRowsCsv(rows, data.value_field);
  downloadBlob(
    new Blob([csv], { type: 'text/csv;charset=utf-8' }),
    csvFileName(data.location.location_id, toDateEntry(data.startDate), toDateEntry(data.endDate)),
  );
}
