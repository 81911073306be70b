import type { DataReviewRow } from '@portal/contracts';
import { APPROVED_QUALIFIER, PROVISIONAL_QUALIFIER } from './preview';

/** The rows as the graph draws them: [epoch ms, value] per line, flagged points, approved spans. */
export interface ReviewChartData {
  raw: [number, number][];
  corrected: [number, number][];
  /** Values carrying a qualifier of a check or a reviewer: at the corrected value, else the raw one. */
  flagged: [number, number][];
  /** Runs of consecutive approved rows, [first, last] epoch ms. */
  approvedSpans: [number, number][];
}

/** Qualifiers that only grade a value and flag nothing: USGS's approved and provisional marks. */
export const GRADE_QUALIFIERS: readonly string[] = [APPROVED_QUALIFIER, PROVISIONAL_QUALIFIER];

/** A row is flagged when it carries a qualifier other than a grade. */
export function isFlagged(row: DataReviewRow): boolean {
  return row.qualifiers.some((q) => !GRADE_QUALIFIERS.includes(q));
}

export function toChartData(rows: readonly DataReviewRow[]): ReviewChartData {
  const out: ReviewChartData = { raw: [], corrected: [], flagged: [], approvedSpans: [] };
  let span: [number, number] | null = null;
  for (const row of rows) {
    const t = Date.parse(row.time);
    if (row.raw !== null) out.raw.push([t, row.raw]);
    if (row.value !== null) out.corrected.push([t, row.value]);
    const shown = row.value ?? row.raw;
    if (shown !== null && isFlagged(row)) out.flagged.push([t, shown]);
    if (row.approval_status === 'Approved') {
      if (span) span[1] = t;
      else span = [t, t];
    } else if (span) {
      out.approvedSpans.push(span);
      span = null;
    }
  }
  if (span) out.approvedSpans.push(span);
  return out;
}
