import os from 'node:os';
import { sql } from 'kysely';
import { observationNormalsQuerySchema } from '@portal/contracts';
import { callerOf } from '../apps/server/src/access/access-policy';
import { recomputeStatisticsAfterIngest } from '../apps/server/src/jobs/statistics-tasks';
import { observationNormals } from '../apps/server/src/modules/statistics/usgs-statistics.service';
import { readDailyMeans } from '../apps/server/src/modules/statistics/statistics.repository';
import { recomputePendingStatistics, recomputeSeriesStatistics } from '../apps/server/src/modules/statistics/statistics.service';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, sample, timed } from './lib';
import { recordFigure } from './results';

/**
 * The statistics of a series (decision 0045), each against a baseline of the same run:
 * - computing one series' statistics from 30 years of daily means, against reading those means;
 * - the normals answer (observationNormals) of one series, against reading its stored rows;
 * - the statistics job after a day's import of 15-minute readings, against that import itself
 *   (its upsert and its daily and latest rollups).
 * The machine is shared: the load average is printed with the figures.
 */

const SERIES = 20;
const YEARS = 30;
const MIN_YEARS = 10;
const DAY_MS = 86_400_000;

const ms = (x: number) => `${x.toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

export async function benchStatistics(): Promise<void> {
  const db = await benchDatabase();
  const stopListening = recomputeStatisticsAfterIngest();
  try {
    await sql`
      insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Bench');
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench');
      insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx, value_field) values (1, 'Flow', 1, 'flow_cfs');
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, display_order)
        select g, 'B-' || g, 'B' || g, 'Bench ' || g, 1, 1, g from generate_series(1, ${sql.lit(SERIES)}) g;
    `.execute(db.db);
    // 30 years of one noon reading a day (the day's mean) for each series, ending the day before the import.
    const end = Date.UTC(2026, 0, 1, 19);
    const days = Math.round((YEARS * 365.25 * DAY_MS) / DAY_MS);
    const history: ObservationInput[] = [];
    for (let s = 1; s <= SERIES; s++)
      for (let i = days; i >= 1; i--) {
        const t = end - i * DAY_MS;
        history.push({
          locationNdx: s,
          parameterNdx: 1,
          collectTimestamp: new Date(t),
          resultValue: 100 + 40 * Math.sin((t / (365.25 * DAY_MS)) * 2 * Math.PI) + ((i * 7919 + s * 104729) % 97),
        });
      }
    await ingestObservations(db.db, history);
    await recomputePendingStatistics(db.db, MIN_YEARS);
    await sql`analyze`.execute(db.db);

    // 1. One series' statistics from 30 years of daily means.
    const one = { locationNdx: 1, parameterNdx: 1 };
    const read = await sample(async () => (await readDailyMeans(db.db, 1, 1)).length, 10);
    const compute = await sample(async () => {
      await recomputeSeriesStatistics(db.db, one, MIN_YEARS);
      return 0;
    }, 10);
    const computeLoad = load();

    // 2. The normals answer of one series.
    const query = observationNormalsQuerySchema.parse({ monitoring_location_id: 'RWSD-1', parameter_code: '1' });
    const stored = await sample(async () => {
      const { rows } = await sql`select * from series_normal_stats where location_ndx = 1 and parameter_ndx = 1`.execute(db.db);
      return rows.length;
    }, 30);
    const normals = await sample(async () => {
      const answer = await observationNormals(db.db, query, callerOf(null), 'RWSD');
      return answer.features.length;
    }, 30);
    if (normals.value !== 1) throw new Error(`the normals answer held ${normals.value} locations, expected 1`);
    const normalsLoad = load();

    // 3. A day's import of 15-minute readings in every series, then the job it queues.
    const day: ObservationInput[] = [];
    const dayStart = Date.UTC(2026, 0, 1, 7);
    for (let s = 1; s <= SERIES; s++)
      for (let i = 0; i < 96; i++)
        day.push({
          locationNdx: s,
          parameterNdx: 1,
          collectTimestamp: new Date(dayStart + i * 900_000),
          resultValue: 120 + Math.sin(i / 10) * 5 + s,
        });
    const ingest = await timed(() => ingestObservations(db.db, day));
    const recompute = await timed(() => recomputePendingStatistics(db.db, MIN_YEARS));
    if (recompute.value !== SERIES) throw new Error(`the job recomputed ${recompute.value} series, expected ${SERIES}`);
    const importLoad = load();

    report(`statistics: ${SERIES} series of ${YEARS} years of daily means (${days.toLocaleString('en-US')} days each)`, [
      ['baseline: read one series daily means (p50)', ms(read.p50)],
      [
        'compute and store one series statistics (p50)',
        `${ms(compute.p50)}  (p95 ${ms(compute.p95)}; target < 200 ms; load ${computeLoad})`,
      ],
      ['baseline: read its stored normals rows (p50)', ms(stored.p50)],
      ['observationNormals of one series (p50)', `${ms(normals.p50)}  (p95 ${ms(normals.p95)}; target < 50 ms; load ${normalsLoad})`],
      [`baseline: a day's import, ${day.length.toLocaleString('en-US')} readings`, ms(ingest.ms)],
      [
        'the statistics job after it',
        `${ms(recompute.ms)}  (ratio ${(recompute.ms / ingest.ms).toFixed(2)}; target <= 1.2; load ${importLoad})`,
      ],
    ]);
    recordFigure({
      bench: 'statistics',
      what: `One series' statistics from ${YEARS} years of daily means, computed and stored (p50)`,
      value: ms(compute.p50),
      baseline: `reading its daily means: ${ms(read.p50)}`,
      ratio: compute.p50 / read.p50,
      target: '< 200 ms',
      met: compute.p50 < 200,
    });
    recordFigure({
      bench: 'statistics',
      what: `observationNormals of one series (p50)`,
      value: ms(normals.p50),
      baseline: `reading its stored rows: ${ms(stored.p50)}`,
      ratio: normals.p50 / stored.p50,
      target: '< 50 ms',
      met: normals.p50 < 50,
    });
    const ratio = recompute.ms / ingest.ms;
    recordFigure({
      bench: 'statistics',
      what: `The statistics job after a day's import of ${SERIES} series`,
      value: ms(recompute.ms),
      baseline: `the import (upsert, daily and latest rollups): ${ms(ingest.ms)}`,
      ratio,
      target: '≤ 1.2x the import',
      met: ratio <= 1.2,
    });
  } finally {
    stopListening();
    await db.stop();
  }
}
