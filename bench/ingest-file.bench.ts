import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { readDelimitedText } from '../apps/server/src/modules/imports/engine/delimited-text';
import { LocalTimeResolver } from '../apps/server/src/modules/imports/engine/local-time';
import { runImportSource } from '../apps/server/src/modules/imports/engine/run-import';
import { Batch, RunTally } from '../apps/server/src/modules/imports/engine/run-tally';
import { zoneOffsets } from '../apps/server/src/modules/imports/engine/zone-offsets';
import { benchDatabase, report, timed } from './lib';
import { recordFigure } from './results';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';

/**
 * The import engine on one large logger file (read, parse, local-time/DST resolution, upsert,
 * exact daily and latest rollups, import_run bookkeeping) against PostgreSQL's own COPY FROM of
 * the same rows into the same table, measured in the same run. Target: at most 2x COPY.
 */
export async function benchIngestFile(totalRows = Number(process.env.BENCH_INGEST_FILE_ROWS ?? 1_000_000)): Promise<void> {
  const db = await benchDatabase();
  try {
    await sql`insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench')`.execute(db.db);
    await sql`insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench')`.execute(db.db);
    await sql`insert into unit (unit_ndx, unit_desc) values (1, 'cfs')`.execute(db.db);
    await sql`insert into parameter (parameter_ndx, parameter_name, unit_ndx) values (1, 'Flow', 1)`.execute(db.db);
    await sql`insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file')`.execute(db.db);
    await sql`insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx)
              values (1, 'B-1', 'B1', 'Bench 1', 1, 1)`.execute(db.db);
    const src = await db.db
      .insertInto('import_source')
      .values({
        location_ndx: 1,
        parameter_ndx: 1,
        unit_ndx: 1,
        datasrc_ndx: 1,
        file_path: 'bench',
        file_name: 'gage.dat',
        file_fieldcount: 3,
        file_header_rowcount: 1,
        delimiter_ndx: 2,
        column_position_date: 0,
        column_position_value: 2,
        history_days: 0,
        apply_daylightsavings_offset: 0,
      })
      .returning('import_ndx')
      .executeTakeFirstOrThrow();

    // A 15-minute TOA5-style logger file in the district's local time (both DST changes every year,
    // the repeated fall-back hour written twice), and the same rows as UTC for COPY.
    const importRoot = path.join(db.tmp, 'imports');
    fs.mkdirSync(path.join(importRoot, 'bench'), { recursive: true });
    const zone = zoneOffsets(DEFAULT_DISTRICT_TIME_ZONE);
    const start = Date.UTC(1998, 0, 1, 7);
    const fileLines: string[] = ['"TIMESTAMP","RECORD","Flow"'];
    const copyLines: string[] = [];
    for (let i = 0; i < totalRows; i++) {
      const ms = start + i * 900_000;
      const wall = new Date(ms + zone.offsetAt(ms) * 60_000).toISOString();
      const value = Math.round((100 + Math.sin(i / 96) * 20) * 100) / 100;
      fileLines.push(`"${wall.slice(0, 10)} ${wall.slice(11, 19)}",${i},${value}`);
      copyLines.push(`1,1,${new Date(ms).toISOString()},${value},1,${src.import_ndx}`);
    }
    const file = path.join(importRoot, 'bench', 'gage.dat');
    fs.writeFileSync(file, `${fileLines.join('\n')}\n`);
    const copyFile = path.join(db.tmp, 'rows.csv');
    fs.writeFileSync(copyFile, copyLines.join('\n'));
    fs.chmodSync(copyFile, 0o644);
    const mb = (fs.statSync(file).size / 1e6).toFixed(1);

    const copy = await timed(() =>
      sql`copy observation (location_ndx, parameter_ndx, collect_timestamp, result_value, datasrc_ndx, import_ndx) from ${sql.lit(copyFile)} with (format csv)`.execute(
        db.db,
      ),
    );
    await sql`truncate observation, series_latest, observation_daily`.execute(db.db);
    await sql`vacuum analyze observation`.execute(db.db);

    const parse = await timed(async () => {
      const batch = new Batch(
        new RunTally(),
        'gage.dat',
        { locationNdx: 1, parameterNdx: 1, datasrcNdx: 1, importNdx: src.import_ndx },
        null,
        new LocalTimeResolver(0),
      );
      readDelimitedText(
        fs.readFileSync(file, 'utf8'),
        { delimiter: ',', headerRows: 1, fieldCount: 3, dateColumn: 0, timeColumn: null, valueColumn: 2 },
        batch,
      );
      return batch.rows.length;
    });
    const deps = { importRoot, usgsBaseUrl: 'http://127.0.0.1:9', cdssBaseUrl: 'http://127.0.0.1:9' };
    const engine = await timed(() => runImportSource(db.db, src.import_ndx, deps));
    const again = await timed(() => runImportSource(db.db, src.import_ndx, deps));
    const stored = await sql<{ n: number }>`select observation_count as n from series_latest where location_ndx = 1`.execute(db.db);
    const e = engine.value;
    report(`ingest-file: ${totalRows.toLocaleString('en-US')}-row logger file (${mb} MB) through the import engine`, [
      ['COPY FROM (baseline, no rollups)', `${(copy.ms / 1000).toFixed(2)} s`],
      ['parse + local time only (no database)', `${(parse.ms / 1000).toFixed(2)} s  (${parse.value} rows)`],
      [
        'runImportSource (parse + upsert + rollups)',
        `${(engine.ms / 1000).toFixed(2)} s  (${e.status}, ${e.rowsInserted} inserted, ${e.rowsSkipped} bad)`,
      ],
      ['ratio engine / COPY (target <= 2.0)', (engine.ms / copy.ms).toFixed(2)],
      ['re-run, all rows unchanged', `${(again.ms / 1000).toFixed(2)} s  (${again.value.rowsUnchanged} unchanged)`],
      ['series_latest.observation_count', String(stored.rows[0]?.n ?? 0)],
    ]);
    const fileText = `${totalRows.toLocaleString('en-US')}-row logger file (${mb} MB)`;
    const ratio = engine.ms / copy.ms;
    recordFigure({
      bench: 'ingest-file',
      what: `Parse + local time only (no database), ${fileText}`,
      value: `${(parse.ms / 1000).toFixed(2)} s`,
    });
    recordFigure({
      bench: 'ingest-file',
      what: `runImportSource (parse + upsert + rollups), ${fileText}`,
      value: `${(engine.ms / 1000).toFixed(2)} s (${e.status}, ${e.rowsInserted} inserted)`,
      baseline: `COPY FROM (no rollups): ${(copy.ms / 1000).toFixed(2)} s`,
      ratio,
      target: '≤ 2x COPY',
      met: ratio <= 2,
    });
    recordFigure({
      bench: 'ingest-file',
      what: `Re-run, all rows unchanged, ${fileText}`,
      value: `${(again.ms / 1000).toFixed(2)} s (${again.value.rowsUnchanged} unchanged)`,
    });
  } finally {
    await db.stop();
  }
}
