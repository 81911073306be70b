import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { runImportSource, type ImportDeps } from '../apps/server/src/modules/imports/engine/run-import';
import { startWaterDataService, waterDataFeature, type WaterDataFeature } from '../apps/server/test/water-data-server';
import { benchDatabase, report, timed } from './lib';
import { recordFigure } from './results';

/**
 * A year of 15-minute values (35,040 features) imported from a loopback USGS Water Data API in
 * pages of 10,000 (HTTP, JSON, string values, provisional marks, one transaction), against the
 * file import of the same rows (a logger file of the same values and instants) in the same run.
 * The loopback server runs in this process, so its JSON encoding is inside the measured time.
 */
export async function benchUsgsWaterData(): Promise<void> {
  const rows = 35_040;
  const db = await benchDatabase();
  const service = await startWaterDataService({ items: (q) => inWindow(q.fromMs, q.toMs), pageSize: 10_000 });
  let all: WaterDataFeature[] = [];
  const inWindow = (from: number | null, to: number | null) =>
    all.filter((f) => {
      const t = Date.parse(f.properties.time as string);
      return (from === null || t >= from) && (to === null || t <= to);
    });
  try {
    await sql`insert into location_type (location_type_ndx, location_type_desc) values (1, 'Bench')`.execute(db.db);
    await sql`insert into waterbody (waterbody_ndx, waterbody_name) values (1, 'Bench')`.execute(db.db);
    await sql`insert into unit (unit_ndx, unit_desc) values (1, 'cfs')`.execute(db.db);
    await sql`insert into parameter (parameter_ndx, parameter_name, unit_ndx) values (1, 'Flow', 1)`.execute(db.db);
    await sql`insert into data_source (datasrc_ndx, data_source, kind) values (1, 'Logger File Import', 'file'), (2, 'USGS Water Data API', 'usgs-water-data')`.execute(
      db.db,
    );
    await sql`insert into location (location_ndx, location_id, location_display_label, location_name, location_type_ndx, waterbody_ndx)
              values (1, 'B-1', 'B1', 'Bench file', 1, 1), (2, 'B-2', 'B2', 'Bench USGS', 1, 1)`.execute(db.db);
    const common = { parameter_ndx: 1, unit_ndx: 1, history_days: 0, delimiter_ndx: 2 };
    const file = await db.db
      .insertInto('import_source')
      .values({
        ...common,
        location_ndx: 1,
        datasrc_ndx: 1,
        file_path: 'bench',
        file_name: 'gage.csv',
        file_fieldcount: 2,
        file_header_rowcount: 1,
        column_position_date: 0,
        column_position_value: 1,
      })
      .returning('import_ndx')
      .executeTakeFirstOrThrow();
    const usgs = await db.db
      .insertInto('import_source')
      .values({ ...common, location_ndx: 2, datasrc_ndx: 2, source_site_id: 'USGS-06754000', source_site_metadata: 'continuous:00060' })
      .returning('import_ndx')
      .executeTakeFirstOrThrow();

    const start = Date.UTC(2025, 0, 1);
    const end = start + (rows - 1) * 900_000;
    // The web source's window starts a day before its high-water mark: set it to the first value's day.
    await sql`update import_source set imported_through = ${new Date(start + 86_400_000)} where import_ndx = ${usgs.import_ndx}`.execute(
      db.db,
    );
    const lines = ['time,value'];
    all = [];
    for (let i = 0; i < rows; i++) {
      const ms = start + i * 900_000;
      const value = (100 + Math.sin(i / 96) * 20).toFixed(2);
      const time = new Date(ms).toISOString().replace('.000Z', '+00:00');
      lines.push(`${time},${value}`);
      all.push(
        waterDataFeature({
          monitoring_location_id: 'USGS-06754000',
          parameter_code: '00060',
          statistic_id: '00011',
          time,
          value,
          approval_status: ms > end - 30 * 86_400_000 ? 'Provisional' : 'Approved',
          qualifier: i % 500 === 0 ? ['ICE'] : null,
        }),
      );
    }
    const importRoot = path.join(db.tmp, 'imports');
    fs.mkdirSync(path.join(importRoot, 'bench'), { recursive: true });
    fs.writeFileSync(path.join(importRoot, 'bench', 'gage.csv'), `${lines.join('\n')}\n`);

    const deps: ImportDeps = {
      importRoot,
      usgsBaseUrl: 'http://127.0.0.1:9',
      cdssBaseUrl: 'http://127.0.0.1:9',
      usgsWaterDataUrl: service.url,
      now: () => new Date(end + 3_600_000),
    };
    const fileRun = await timed(() => runImportSource(db.db, file.import_ndx, deps));
    const webRun = await timed(() => runImportSource(db.db, usgs.import_ndx, deps));
    const pages = service.requests.length;
    const webAgain = await timed(() => runImportSource(db.db, usgs.import_ndx, deps));
    const f = fileRun.value;
    const w = webRun.value;
    const ratio = webRun.ms / fileRun.ms;
    report(`usgs-water-data: a year of 15-minute values (${rows.toLocaleString('en-US')} features) from a loopback Water Data API`, [
      ['file import of the same rows (baseline)', `${(fileRun.ms / 1000).toFixed(2)} s  (${f.status}, ${f.rowsInserted} inserted)`],
      ['Water Data API import', `${(webRun.ms / 1000).toFixed(2)} s  (${w.status}, ${w.rowsInserted} inserted, ${pages} pages)`],
      ['ratio Water Data API / file (target <= 1.5)', ratio.toFixed(2)],
      [
        'next run (from a day before the high-water mark)',
        `${(webAgain.ms / 1000).toFixed(2)} s  (${webAgain.value.rowsUnchanged} unchanged)`,
      ],
    ]);
    const what = `${rows.toLocaleString('en-US')} features, pages of 10,000`;
    recordFigure({
      bench: 'usgs-water-data',
      what: `Water Data API import (HTTP + JSON + upsert + rollups), a year of 15-minute values, ${what}`,
      value: `${(webRun.ms / 1000).toFixed(2)} s (${w.status}, ${w.rowsInserted} inserted, ${pages} pages)`,
      baseline: `file import of the same rows: ${(fileRun.ms / 1000).toFixed(2)} s`,
      ratio,
      target: '≤ 1.5x the file import',
      met: ratio <= 1.5,
    });
    recordFigure({
      bench: 'usgs-water-data',
      what: `Water Data API next run (asks from a day before the high-water mark: the last 97 values, unchanged), ${what}`,
      value: `${(webAgain.ms / 1000).toFixed(2)} s (${webAgain.value.rowsUnchanged} unchanged)`,
    });
  } finally {
    await service.close();
    await db.stop();
  }
}
