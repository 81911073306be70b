import { VALUE_CHANGING_ACTIONS } from '@portal/contracts';
import type { Db } from '../../db/client';
import { conflict } from '../../http/errors';
import { formatDistrictTimestamp } from '../../time/district-timestamp';
import { rewriteSeriesSpan } from '../timeseries/index';
import { approvedRanges, overlappingRange, type EditStep } from './data-review-apply';
import { rebuildRange } from './data-review-rebuild';
import { activeSteps, insertEdit, setAffected, type NewEdit, type SeriesKey } from './data-review.repository';

function lockedRangeMessage(range: { startMs: number; endMs: number }): string {
  return (
    `The period from ${formatDistrictTimestamp(new Date(range.startMs))} to ${formatDistrictTimestamp(new Date(range.endMs))} is approved: its values cannot change. ` +
    'An Administrator unapproves it first (with a comment).'
  );
}

/** Refuses a value-changing step over an approved range of the changes in force. */
export function assertNotApproved(steps: readonly EditStep[], action: EditStep['action'], startMs: number, endMs: number): void {
  if (!VALUE_CHANGING_ACTIONS.includes(action)) return;
  const locked = overlappingRange(approvedRanges(steps), startMs, endMs);
  if (locked) throw conflict(lockedRangeMessage(locked));
}

/**
 * Saves one change and publishes its effect in the caller's transaction: the range's values are
 * copied to the raw record and rebuilt with every change in force, and the daily rollups, latest
 * values and pending statistics follow. Refused (409) when it would change approved values.
 */
export async function saveEdit(trx: Db, s: SeriesKey, edit: NewEdit): Promise<{ editId: number; affected: number }> {
  let saved = { editId: 0, affected: 0 };
  await rewriteSeriesSpan(trx, { ...s, first: edit.start, last: edit.end }, async (locked) => {
    const steps = await activeSteps(locked, s);
    assertNotApproved(steps, edit.action, edit.start.getTime(), edit.end.getTime());
    const editId = await insertEdit(locked, s, edit);
    const step: EditStep = { editId, ...edit, startMs: edit.start.getTime(), endMs: edit.end.getTime() };
    const { points, changed } = await rebuildRange(locked, s, edit.start, edit.end, [...steps, step]);
    await setAffected(locked, editId, points);
    saved = { editId, affected: points };
    return changed;
  });
  return saved;
}
