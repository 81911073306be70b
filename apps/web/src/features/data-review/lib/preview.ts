import { VALUE_CHANGING_ACTIONS, type DataReviewAction, type DataReviewRow } from '@portal/contracts';

/** One change as the preview computes it: the action, its inclusive range and its numbers. */
export interface PreviewEdit {
  action: DataReviewAction;
  /** ISO instants; the range includes both ends. */
  start: string;
  end: string;
  value?: number;
  endValue?: number;
  qualifier?: string;
}

export interface PreviewChange {
  time: string;
  before: DataReviewRow;
  after: DataReviewRow;
}

export interface EditPreview {
  /** The rows the change alters, oldest first, before and after. */
  changes: PreviewChange[];
  /** Rows of the range the change alters. */
  count: number;
  /** Rows of the range already approved: the server refuses a value change there (409). */
  approvedInRange: number;
}

/**
 * The drift's offset at `t`: linear from `startOffset` at the range's start to `endOffset` at its
 * end; a range of one instant takes the start offset.
 */
export function driftOffset(t: number, start: number, end: number, startOffset: number, endOffset: number): number {
  if (end <= start) return startOffset;
  return startOffset + ((endOffset - startOffset) * (t - start)) / (end - start);
}

/** The qualifier of an approved value (USGS's Approved) and of a provisional one from USGS. */
export const APPROVED_QUALIFIER = 'A';
export const PROVISIONAL_QUALIFIER = 'P';

/** Sums without binary noise (0.1 + 0.2 is 0.3): to 10 decimals, more than any sensor reports. */
const clean = (n: number) => Math.round(n * 1e10) / 1e10;

/** The row after the change, or the row itself when the change does not touch it. */
export function applyEdit(row: DataReviewRow, edit: PreviewEdit, start: number, end: number): DataReviewRow {
  const t = Date.parse(row.time);
  if (t < start || t > end) return row;
  switch (edit.action) {
    case 'delete':
      return row.value === null ? row : { ...row, value: null };
    case 'set':
      return edit.value === undefined || row.value === edit.value ? row : { ...row, value: edit.value };
    case 'offset':
      // An offset moves values; a deleted value stays deleted.
      return row.value === null || !edit.value ? row : { ...row, value: clean(row.value + edit.value) };
    case 'drift': {
      if (row.value === null) return row;
      const offset = driftOffset(t, start, end, edit.value ?? 0, edit.endValue ?? edit.value ?? 0);
      return offset === 0 ? row : { ...row, value: clean(row.value + offset) };
    }
    case 'flag':
      return !edit.qualifier || row.qualifiers.includes(edit.qualifier) ? row : { ...row, qualifiers: [...row.qualifiers, edit.qualifier] };
    case 'unflag':
      return !edit.qualifier || !row.qualifiers.includes(edit.qualifier)
        ? row
        : { ...row, qualifiers: row.qualifiers.filter((q) => q !== edit.qualifier) };
    case 'approve': {
      // An approved value carries USGS's 'A' and loses its provisional 'P'.
      const qualifiers = [...row.qualifiers.filter((q) => q !== PROVISIONAL_QUALIFIER && q !== APPROVED_QUALIFIER), APPROVED_QUALIFIER];
      return row.approval_status === 'Approved' &&
        row.qualifiers.includes(APPROVED_QUALIFIER) &&
        !row.qualifiers.includes(PROVISIONAL_QUALIFIER)
        ? row
        : { ...row, approval_status: 'Approved', qualifiers };
    }
    case 'unapprove':
      return row.approval_status === 'Provisional' && !row.qualifiers.includes(APPROVED_QUALIFIER)
        ? row
        : { ...row, approval_status: 'Provisional', qualifiers: row.qualifiers.filter((q) => q !== APPROVED_QUALIFIER) };
  }
}

/** What saving `edit` would do to the rows the page holds, computed in the browser before the POST. */
export function previewEdit(rows: readonly DataReviewRow[], edit: PreviewEdit): EditPreview {
  const start = Date.parse(edit.start);
  const end = Date.parse(edit.end);
  const changes: PreviewChange[] = [];
  let approvedInRange = 0;
  for (const row of rows) {
    const t = Date.parse(row.time);
    if (t < start || t > end) continue;
    if (row.approval_status === 'Approved') approvedInRange += 1;
    const after = applyEdit(row, edit, start, end);
    if (after !== row) changes.push({ time: row.time, before: row, after });
  }
  return {
    changes,
    count: changes.length,
    approvedInRange: VALUE_CHANGING_ACTIONS.includes(edit.action) ? approvedInRange : 0,
  };
}
