import { csvText } from '@portal/contracts';

/** One row of the comparison table, as the Download CSV writes it. */
export interface CompareCsvRow {
  axis: 'Left' | 'Right';
  location: string;
  parameter: string;
  timestamp: number;
  value: number;
  units: string;
}

/**
 * The comparison table as CSV, through the portal's one CSV writer: location labels and other
 * text a spreadsheet would run as a formula are neutralised. `formatTime` is the table's own.
 */
export function compareCsvText(rows: readonly CompareCsvRow[], formatTime: (epochMs: number) => string): string {
  return csvText(
    ['Axis', 'Location', 'Parameter', 'Date', 'Value', 'Units'],
    rows.map((r) => [r.axis, r.location, r.parameter, formatTime(r.timestamp), r.value, r.units]),
  );
}
