import type { Db } from '../../db/client';
import { intervalStats, normalStats, touchedKeys } from './statistics-compute';
import {
  readDailyMeans,
  replaceSeriesStatistics,
  seriesWithDailyMeans,
  takePendingSeries,
  type DailyMeansNeeded,
  type SeriesDays,
} from './statistics.repository';

/**
 * Keeps each series' statistics current. A write notes the days it touched (markStatisticsPending,
 * in the write's transaction); the statistics job recomputes those days' rows: the days of year,
 * the months of year and the month, calendar-year and water-year intervals they fall in. Reads
 * never compute.
 */

/** Recomputes the rows a change of `days` touches (every row of the series without `days`), in one transaction. */
export async function recomputeSeriesStatistics(
  db: Db,
  series: { locationNdx: number; parameterNdx: number },
  minYears: number,
  days?: { firstDate: string; lastDate: string },
): Promise<void> {
  const run = async (trx: Db) => {
    const scope = days ? touchedKeys(days.firstDate, days.lastDate) : null;
    // A change of a few days reads only what their rows need, not the series' whole history.
    const means = await readDailyMeans(trx, series.locationNdx, series.parameterNdx, scope ? neededFor(scope) : undefined);
    const normals = normalStats(means, minYears, scope ?? undefined);
    const intervals = intervalStats(means, scope?.intervals);
    await replaceSeriesStatistics(trx, series.locationNdx, series.parameterNdx, scope, normals, intervals);
  };
  if (db.isTransaction) await run(db);
  else await db.transaction().execute(run);
}

/** The daily means the touched rows are computed from: the touched months of every year, and the touched intervals' days. */
function neededFor(scope: ReturnType<typeof touchedKeys>): DailyMeansNeeded {
  const starts = [...scope.intervals].map((key) => key.split(' ')[1]).sort();
  const last = starts[starts.length - 1];
  // The longest interval (a calendar or water year) ends within a year of its start.
  const before = `${Number(last.slice(0, 4)) + 1}${last.slice(4)}`;
  return { months: scope.months, from: starts[0], before };
}

/** Recomputes every series waiting, one transaction each; returns how many. */
export async function recomputePendingStatistics(db: Db, minYears: number): Promise<number> {
  let done = 0;
  for (;;) {
    const took = await db.transaction().execute(async (trx) => {
      const pending: SeriesDays | undefined = await takePendingSeries(trx);
      if (!pending) return false;
      await recomputeSeriesStatistics(trx, pending, minYears, pending);
      return true;
    });
    if (!took) return done;
    done++;
  }
}

/** Recomputes every series from scratch (the administrator's full recompute); returns how many. */
export async function recomputeAllStatistics(db: Db, minYears: number): Promise<number> {
  const all = await seriesWithDailyMeans(db);
  for (const s of all) await recomputeSeriesStatistics(db, s, minYears);
  return all.length;
}
