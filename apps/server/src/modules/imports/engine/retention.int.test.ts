import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImportSource, createImportFixture, rollupsAreExact, seriesRows, type ImportFixture } from '../../../../test/import-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db';
import { ingestObservations } from '../../timeseries/index';
import { applyImportRetention } from './retention';

const NOW = new Date('2026-11-05T12:00:00Z');
const DAY = 86_400_000;

describe('import retention (retain_days)', () => {
  let t: TestDatabase;
  let f: ImportFixture;
  beforeAll(async () => {
    t = await createTestDatabase();
    f = await createImportFixture(t.db);
  });
  afterAll(async () => t.drop());

  it('deletes observations older than retain_days, keeps series whose sources keep forever, and keeps rollups exact', async () => {
    const [kept, trimmed] = f.locations;
    const ages = [40, 20, 11, 9, 1];
    for (const loc of [kept, trimmed]) {
      await ingestObservations(
        t.db,
        ages.map((d, i) => ({
          locationNdx: loc,
          parameterNdx: f.parameterNdx,
          collectTimestamp: new Date(NOW.getTime() - d * DAY),
          resultValue: i,
        })),
      );
    }
    await addImportSource(t.db, f, 'usgs', { location_ndx: trimmed, retain_days: 10 });
    await addImportSource(t.db, f, 'file', { location_ndx: trimmed, retain_days: 5 });
    // Two sources feed `kept`: one keeps forever, so the whole series stays.
    await addImportSource(t.db, f, 'usgs', { location_ndx: kept, retain_days: 3 });
    await addImportSource(t.db, f, 'file', { location_ndx: kept, retain_days: -1 });

    expect(await applyImportRetention(t.db, NOW)).toEqual({ series: 1, deleted: 3 });
    expect((await seriesRows(t.db, trimmed, f.parameterNdx)).map(([, v]) => v)).toEqual([3, 4]);
    expect(await seriesRows(t.db, kept, f.parameterNdx)).toHaveLength(5);
    const latest = await sql<{
      n: number;
      first: Date;
    }>`select observation_count as n, first_timestamp as first from series_latest where location_ndx = ${trimmed}`.execute(t.db);
    expect(latest.rows[0].n).toBe(2);
    expect(latest.rows[0].first.toISOString()).toBe(new Date(NOW.getTime() - 9 * DAY).toISOString());
    expect(await rollupsAreExact(t.db)).toBe(true);
    // Running it again finds nothing more to delete.
    expect(await applyImportRetention(t.db, NOW)).toEqual({ series: 1, deleted: 0 });
  });
});
