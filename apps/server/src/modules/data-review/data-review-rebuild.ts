import type { Db } from '../../db/client';
import { applyEdits, type EditStep } from './data-review-apply';
import { copyRangeToRaw, loadPoints, writePublished, type SeriesKey } from './data-review.repository';

/**
 * Makes the published values of a range equal its raw values with `steps` applied in order. The
 * range's values are copied into the raw record first (a value already there is kept), so a
 * change never loses what arrived. Returns the points in the range and the observations it changed.
 */
export async function rebuildRange(
  trx: Db,
  s: SeriesKey,
  start: Date,
  end: Date,
  steps: readonly EditStep[],
): Promise<{ points: number; changed: number }> {
  await copyRangeToRaw(trx, s, start, end);
  const points = await loadPoints(trx, s, start, end);
  const inRange = steps.filter((e) => e.endMs >= start.getTime() && e.startMs <= end.getTime());
  const published = applyEdits(points, inRange);
  const changed = await writePublished(trx, s, start, end, published);
  return { points: points.length, changed };
}
