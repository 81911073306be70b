import type { MobileReportRow } from '@portal/contracts';

export interface PivotCell {
  text: string;
  highlight: string | null;
}
export interface PivotRow {
  name: string;
  facilityNdx: number;
  cells: PivotCell[];
}
export interface Pivot {
  columns: string[];
  rows: PivotRow[];
}

/** The report's cells as a table: rows by row_sort, columns by column_sort; a missing cell is blank. */
export function buildPivot(cells: readonly MobileReportRow[]): Pivot {
  const columns = [...new Map([...cells].sort((a, b) => a.column_sort - b.column_sort).map((c) => [c.column_name, c.column_sort]))].map(
    ([name]) => name,
  );
  const byRow = new Map<number, { name: string; facilityNdx: number; sort: number; values: Map<string, PivotCell> }>();
  for (const c of cells) {
    const row = byRow.get(c.row_sort) ?? { name: c.row_name, facilityNdx: c.facility_ndx, sort: c.row_sort, values: new Map() };
    row.values.set(c.column_name, { text: c.result_formatted, highlight: c.highlight_color });
    byRow.set(c.row_sort, row);
  }
  const rows = [...byRow.values()]
    .sort((a, b) => a.sort - b.sort)
    .map((r) => ({
      name: r.name,
      facilityNdx: r.facilityNdx,
      cells: columns.map((col) => r.values.get(col) ?? { text: '', highlight: null }),
    }));
  return { columns, rows };
}
