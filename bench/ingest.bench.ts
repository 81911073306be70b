import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ingestObservations, type ObservationInput } from '../apps/server/src/modules/timeseries/ingest';
import { benchDatabase, report, timed } from './lib';
import { recordFigure } from './results';

/**
 * The ingest function (upsert + exact daily and latest rollups, one transaction) against
 * PostgreSQL's own COPY of the same rows into the same table, measured in the same run.
 */
export async function benchIngest(totalRows = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000)): Promise<void> {
  const db = await benchDatabase();
  try {
    const SERIES = 100;
    await sql`
      insert into facility_type (facility_type_ndx, facility_type_desc) values (1, 'Bench');
      insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench');
      insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench');
      insert into unit (unit_ndx, unit_desc) values (1, 'cfs');
      insert into parameter (parameter_ndx, parameter_name, unit_ndx) values (1, 'Flow', 1);
      insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx, display_order)
        select g, 'B-' || g, 'B' || g, 'Bench ' || g, 1, 1, g from generate_series(1, ${sql.lit(SERIES)}) g;
    `.execute(db.db);
    const perSeries = Math.ceil(totalRows / SERIES);
    const start = Date.UTC(2025, 0, 1);
    const rows: ObservationInput[] = [];
    for (let s = 1; s <= SERIES; s++) {
      for (let i = 0; i < perSeries && rows.length < totalRows; i++) {
        rows.push({
          locationNdx: s,
          parameterNdx: 1,
          collectTimestamp: new Date(start + i * 900_000),
          resultValue: 100 + Math.sin(i / 96) * 20 + s,
        });
      }
    }
    const csv = path.join(db.tmp, 'rows.csv');
    fs.writeFileSync(csv, rows.map((r) => `${r.locationNdx},1,${r.collectTimestamp.toISOString()},${r.resultValue}`).join('\n'));
    fs.chmodSync(csv, 0o644);

    const copy = await timed(() =>
      sql`copy observation (location_ndx, parameter_ndx, collect_timestamp, result_value) from ${sql.lit(csv)} with (format csv)`.execute(
        db.db,
      ),
    );
    await sql`truncate observation, series_latest, observation_daily`.execute(db.db);
    const ingest = await timed(() => ingestObservations(db.db, rows));
    const again = await timed(() => ingestObservations(db.db, rows.slice(0, 100_000)));
    report(`ingest: ${rows.length.toLocaleString('en-US')} rows in ${SERIES} series`, [
      ['COPY FROM (baseline, no rollups)', `${(copy.ms / 1000).toFixed(2)} s`],
      ['ingestObservations (upsert + daily + latest)', `${(ingest.ms / 1000).toFixed(2)} s  (${ingest.value.inserted} inserted)`],
      ['ratio ingest / COPY (target <= 1.2)', (ingest.ms / copy.ms).toFixed(2)],
      ['re-ingest 100,000 unchanged rows', `${(again.ms / 1000).toFixed(2)} s  (${again.value.unchanged} unchanged)`],
    ]);
    const ratio = ingest.ms / copy.ms;
    recordFigure({
      bench: 'ingest',
      what: `ingestObservations (upsert + daily + latest), ${rows.length.toLocaleString('en-US')} rows in ${SERIES} series`,
      value: `${(ingest.ms / 1000).toFixed(2)} s`,
      baseline: `COPY FROM (no rollups): ${(copy.ms / 1000).toFixed(2)} s`,
      ratio,
      target: '≤ 1.2x COPY',
      met: ratio <= 1.2,
    });
    recordFigure({
      bench: 'ingest',
      what: 'Re-ingest of 100,000 unchanged rows',
      value: `${(again.ms / 1000).toFixed(2)} s (${again.value.unchanged} unchanged)`,
    });
  } finally {
    await db.stop();
  }
}
