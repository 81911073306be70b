import os from 'node:os';
import { sql } from 'kysely';
import { saveEdit } from '../apps/server/src/modules/data-review/index';
import { readSeries } from '../apps/server/src/modules/data-review/data-review.service';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, sample, timed } from './lib';
import { recordFigure } from './results';
// The route guard's declarations (request.user) belong to the server files this bench reads through.
import type {} from '../apps/server/src/tokens/guard';

const MIN15 = 900_000;
const YEAR_START = Date.parse('2025-01-01T07:00:00Z');
const YEAR_ROWS = 365 * 96;

/**
 * Data review on a year of 15-minute values of one series:
 * - an offset over the whole year with its rollups (raw record copied, values rewritten, daily
 *   rollups and the latest value recomputed) against re-ingesting the same rows with new values
 *   (the ingest path's upsert and rollups); target at most 1.5x;
 * - reading a corrected series-year (raw record joined) against reading an uncorrected one of the
 *   same size; target at most 1.2x.
 * The machine's load average is recorded with the figures: these machines are shared.
 */
export async function benchDataReview(): Promise<void> {
  const db = await benchDatabase();
  try {
    await sql`
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench');
      insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx) values (1, 'Flow', 1);
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, display_order)
        select g, 'B-' || g, 'B' || g, 'Bench ' || g, 1, 1, g from generate_series(1, 2) g;
    `.execute(db.db);
    const year = (locationNdx: number, add: number): ObservationInput[] =>
      Array.from({ length: YEAR_ROWS }, (_, i) => ({
        locationNdx,
        parameterNdx: 1,
        collectTimestamp: new Date(YEAR_START + i * MIN15),
        resultValue: 100 + 20 * Math.sin(i / 500) + add,
      }));
    await ingestObservations(db.db, year(1, 0));
    await ingestObservations(db.db, year(2, 0));
    await sql`analyze`.execute(db.db);

    const reingest = await timed(() => ingestObservations(db.db, year(2, 0.25)));
    const span = { start: new Date(YEAR_START), end: new Date(YEAR_START + (YEAR_ROWS - 1) * MIN15) };
    const offset = await timed(() =>
      db.db.transaction().execute((trx) =>
        saveEdit(
          trx,
          { locationNdx: 1, parameterNdx: 1 },
          {
            action: 'offset',
            ...span,
            value: 0.25,
            endValue: null,
            qualifier: null,
            comment: 'bench',
            userSub: null,
            userName: 'bench',
          },
        ),
      ),
    );

    const admin = { sub: 'bench', email: null, roles: ['Administrator'], claims: {} };
    const query = { start: span.start.toISOString(), end: span.end.toISOString() };
    const read = (locationNdx: number) => async () => (await readSeries(db.db, admin, { locationNdx, parameterNdx: 1 }, query)).rows.length;
    const corrected = await sample(read(1), 10);
    const raw = await sample(read(2), 10);

    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    const offsetRatio = offset.ms / reingest.ms;
    const readRatio = corrected.p50 / raw.p50;
    report(`data-review: one series, a year of 15-minute values (${YEAR_ROWS.toLocaleString('en-US')} rows); load ${load}`, [
      ['re-ingest the same rows, new values (baseline)', `${reingest.ms.toFixed(0)} ms`],
      ['offset over the year with rollups', `${offset.ms.toFixed(0)} ms  (${offset.value.affected} values)`],
      ['ratio offset / re-ingest (target ≤ 1.5)', offsetRatio.toFixed(2)],
      ['read an uncorrected series-year p50 (baseline)', `${raw.p50.toFixed(0)} ms  (${raw.value} rows)`],
      ['read the corrected series-year p50', `${corrected.p50.toFixed(0)} ms  (${corrected.value} rows)`],
      ['ratio corrected / uncorrected (target ≤ 1.2)', readRatio.toFixed(2)],
    ]);
    recordFigure({
      bench: 'data-review',
      what: `Offset over a year of 15-minute values with its rollups`,
      value: `${offset.ms.toFixed(0)} ms`,
      baseline: `re-ingest of the same rows: ${reingest.ms.toFixed(0)} ms`,
      ratio: offsetRatio,
      target: '≤ 1.5x re-ingest',
      met: offsetRatio <= 1.5,
    });
    recordFigure({
      bench: 'data-review',
      what: `Read of a corrected series-year, p50`,
      value: `${corrected.p50.toFixed(0)} ms`,
      baseline: `uncorrected series-year: ${raw.p50.toFixed(0)} ms`,
      ratio: readRatio,
      target: '≤ 1.2x uncorrected',
      met: readRatio <= 1.2,
    });
  } finally {
    await db.stop();
  }
}
