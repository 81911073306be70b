import { describe, expect, it } from 'vitest';
import type { DataReviewRow } from '@portal/contracts';
import { driftOffset, previewEdit } from './preview';

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 1, 0, minutes)).toISOString();
const row = (minutes: number, value: number | null, extra: Partial<DataReviewRow> = {}): DataReviewRow => ({
  time: at(minutes),
  raw: value,
  value,
  approval_status: 'Provisional',
  qualifiers: [],
  ...extra,
});
// 00:00, 00:15, 00:30, 00:45, 01:00
const rows = [row(0, 1), row(15, 2), row(30, null), row(45, 4), row(60, 5)];
const range = { start: at(15), end: at(45) };

describe('previewEdit', () => {
  it('offset adds to the values of the range (both ends included) and leaves deleted values deleted', () => {
    const p = previewEdit(rows, { action: 'offset', ...range, value: 0.1 });
    expect(p.count).toBe(2);
    expect(p.changes.map((c) => [c.time, c.before.value, c.after.value])).toEqual([
      [at(15), 2, 2.1],
      [at(45), 4, 4.1],
    ]);
    expect(p.changes[0].after.raw).toBe(2);
  });

  it('drift goes linearly from the start offset to the end offset', () => {
    const p = previewEdit([row(15, 10), row(30, 10), row(45, 10)], { action: 'drift', ...range, value: 0, endValue: 2 });
    expect(p.changes.map((c) => c.after.value)).toEqual([11, 12]);
    expect(driftOffset(5, 0, 10, 1, 3)).toBe(2);
    expect(driftOffset(5, 5, 5, 1, 3)).toBe(1);
  });

  it('set gives every row of the range the value, a deleted one too', () => {
    const p = previewEdit(rows, { action: 'set', ...range, value: 7 });
    expect(p.changes.map((c) => [c.before.value, c.after.value])).toEqual([
      [2, 7],
      [null, 7],
      [4, 7],
    ]);
  });

  it('delete empties the values of the range, keeping the raw ones', () => {
    const p = previewEdit(rows, { action: 'delete', ...range });
    expect(p.count).toBe(2);
    expect(p.changes.every((c) => c.after.value === null && c.after.raw === c.before.raw)).toBe(true);
  });

  it('flag adds the qualifier once; unflag removes it', () => {
    const flagged = [row(15, 2, { qualifiers: ['SPIKE'] }), row(30, 3), row(45, 4, { qualifiers: ['E'] })];
    const flag = previewEdit(flagged, { action: 'flag', ...range, qualifier: 'SPIKE' });
    expect(flag.changes.map((c) => c.after.qualifiers)).toEqual([['SPIKE'], ['E', 'SPIKE']]);
    const unflag = previewEdit(flagged, { action: 'unflag', ...range, qualifier: 'SPIKE' });
    expect(unflag.count).toBe(1);
    expect(unflag.changes[0].after.qualifiers).toEqual([]);
  });

  it('approve and unapprove change the status; approved rows of the range are counted for value changes only', () => {
    const mixed = [row(15, 2, { approval_status: 'Approved', qualifiers: ['A'] }), row(30, 3)];
    expect(previewEdit(mixed, { action: 'approve', ...range }).count).toBe(1);
    expect(previewEdit(mixed, { action: 'approve', ...range }).approvedInRange).toBe(0);
    expect(previewEdit(mixed, { action: 'unapprove', ...range }).changes[0].after.approval_status).toBe('Provisional');
    // Approval carries the qualifier 'A' and drops USGS's provisional 'P'; unapproving drops 'A'.
    const graded = [row(15, 2, { qualifiers: ['P', 'SPIKE'] }), row(30, 3, { approval_status: 'Approved', qualifiers: ['A'] })];
    expect(previewEdit(graded, { action: 'approve', ...range }).changes.map((c) => c.after.qualifiers)).toEqual([['SPIKE', 'A']]);
    expect(previewEdit(graded, { action: 'unapprove', ...range }).changes.map((c) => c.after.qualifiers)).toEqual([[]]);
    expect(previewEdit(mixed, { action: 'offset', ...range, value: 1 }).approvedInRange).toBe(1);
  });
});
