import { describe, expect, it } from 'vitest';
import { ingestObservations, type ObservationInput } from './ingest';
import { useIngestDatabase, daily, latest, newLocation, observationCount, parameter, series, t } from './ingest-fixture';

useIngestDatabase();

describe('ingestObservations: new rows copied, stored spans upserted', () => {
  async function stored(l: number) {
    const r = await t.db
      .selectFrom('observation')
      .select(['collect_timestamp', 'result_value', 'qualifiers', 'updated_at'])
      .where('location_ndx', '=', l)
      .orderBy('collect_timestamp')
      .execute();
    return r;
  }

  it('rows after the stored ones on the same local day: the whole day is rolled up again', async () => {
    const l = await newLocation();
    await ingestObservations(t.db, series(l, '2026-01-20T07:00:00Z', '2026-01-20T19:00:00Z'));
    const secondHalf = series(l, '2026-01-20T19:00:00Z', '2026-01-21T07:00:00Z', (i) => i + 48);
    expect(await ingestObservations(t.db, secondHalf)).toEqual({ inserted: 48, updated: 0, unchanged: 0 });
    expect(await daily(l)).toEqual([
      {
        local_date: '2026-01-20',
        min_value: 0,
        max_value: 95,
        mean_value: 47.5,
        sum_value: 4560,
        value_count: 96,
        last_timestamp: new Date('2026-01-21T06:45:00Z'),
        last_value: 95,
      },
    ]);
    expect(await latest(l)).toEqual({
      first_timestamp: new Date('2026-01-20T07:00:00Z'),
      last_timestamp: new Date('2026-01-21T06:45:00Z'),
      last_value: 95,
      observation_count: 96,
    });
  });

  it('a batch mixing a new series and a stored one, interleaved: inserted, updated and unchanged counted apart', async () => {
    const fresh = await newLocation();
    const old = await newLocation();
    await ingestObservations(t.db, series(old, '2026-02-10T07:00:00Z', '2026-02-11T07:00:00Z'));
    const oldRows = series(old, '2026-02-10T07:00:00Z', '2026-02-11T07:00:00Z');
    oldRows[5] = { ...oldRows[5], resultValue: 500 };
    // A new instant inside the stored span (a 15-minute grid shifted by 5 minutes) is an insert.
    oldRows.push({ ...oldRows[0], collectTimestamp: new Date('2026-02-10T12:05:00Z'), resultValue: -1 });
    const freshRows = series(fresh, '2026-02-10T07:00:00Z', '2026-02-11T07:00:00Z', (i) => i * 2);
    const batch = freshRows.flatMap((r, i) => [r, oldRows[i]]).concat(oldRows.slice(freshRows.length));
    expect(await ingestObservations(t.db, batch)).toEqual({ inserted: 96 + 1, updated: 1, unchanged: 95 });
    expect((await daily(fresh)).map((d) => [d.local_date, d.value_count, d.sum_value, d.max_value])).toEqual([
      ['2026-02-10', 96, 9120, 190],
    ]);
    expect((await daily(old)).map((d) => [d.local_date, d.value_count, d.sum_value, d.min_value, d.max_value])).toEqual([
      ['2026-02-10', 97, 4560 - 5 + 500 - 1, -1, 500],
    ]);
    expect(await latest(old)).toMatchObject({ observation_count: 97, last_value: 95 });
    expect(await latest(fresh)).toMatchObject({ observation_count: 96, last_value: 190 });
  });

  it('days without rows inside a new series span get no rollup row', async () => {
    const l = await newLocation();
    const row = (iso: string, v: number): ObservationInput => ({
      locationNdx: l,
      parameterNdx: parameter,
      collectTimestamp: new Date(iso),
      resultValue: v,
    });
    expect(await ingestObservations(t.db, [row('2026-07-05T18:00:00Z', 5), row('2026-07-01T18:00:00Z', 1)])).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    expect((await daily(l)).map((d) => [d.local_date, d.value_count, d.last_value])).toEqual([
      ['2026-07-01', 1, 1],
      ['2026-07-05', 1, 5],
    ]);
    expect(await latest(l)).toMatchObject({ observation_count: 2, last_value: 5 });
  });

  it('qualifiers with tabs, line breaks, backslashes and a literal \\N are stored as sent, new or upserted', async () => {
    const l = await newLocation();
    const odd = ['P,e', 'a\tb', 'line\nbreak\r', 'back\\slash', '\\N', 'Ice'];
    const rows = series(l, '2026-08-01T06:00:00Z', '2026-08-01T07:30:00Z').map((r, i): ObservationInput => ({ ...r, qualifiers: odd[i] }));
    rows.push({ ...rows[0], collectTimestamp: new Date('2026-08-01T07:30:00Z'), qualifiers: null });
    expect(await ingestObservations(t.db, rows)).toEqual({ inserted: 7, updated: 0, unchanged: 0 });
    expect((await stored(l)).map((r) => r.qualifiers)).toEqual([...odd, null]);
    expect(await ingestObservations(t.db, rows)).toEqual({ inserted: 0, updated: 0, unchanged: 7 });
    // A qualifier alone changing (a provisional value approved) is an update, through the scratch table too.
    const approved = rows.map((r, i) => (i === 1 ? { ...r, qualifiers: 'A\t\\x' } : r));
    expect(await ingestObservations(t.db, approved)).toEqual({ inserted: 0, updated: 1, unchanged: 6 });
    const after = await stored(l);
    expect(after.map((r) => r.qualifiers)).toEqual(['P,e', 'A\t\\x', ...odd.slice(2), null]);
    expect(after.filter((r) => r.updated_at !== null)).toHaveLength(1);
  });

  it('a series whose stored rows all lie outside the batch span is written by COPY and still checked by foreign keys', async () => {
    const l = await newLocation();
    await ingestObservations(t.db, series(l, '2026-09-01T06:00:00Z', '2026-09-01T07:00:00Z'));
    const bad = series(l, '2026-09-02T06:00:00Z', '2026-09-02T07:00:00Z').map((r) => ({ ...r, datasrcNdx: 987654 }));
    await expect(ingestObservations(t.db, bad)).rejects.toMatchObject({ code: '23503' });
    expect(await observationCount(l)).toBe(4);
    expect(await latest(l)).toMatchObject({ observation_count: 4 });
  });
});
