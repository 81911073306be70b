import type { Db } from '../../../db/client';
import { deleteObservationsBefore } from '../../timeseries/index';
import { listRetentionSeries } from './import-engine.repository';

const DAY_MS = 86_400_000;

/**
 * Applies import_source.retain_days: observations of a series older than now - retain_days are
 * deleted and its rollups recomputed (one transaction per series). retain_days -1 keeps forever;
 * 0 is treated the same way, because "keep 0 days" would wipe the series on every run.
 */
export async function applyImportRetention(db: Db, now: Date): Promise<{ series: number; deleted: number }> {
  const list = await listRetentionSeries(db);
  let deleted = 0;
  for (const s of list)
    deleted += await deleteObservationsBefore(db, s.locationNdx, s.parameterNdx, new Date(now.getTime() - s.retainDays * DAY_MS));
  return { series: list.length, deleted };
}
