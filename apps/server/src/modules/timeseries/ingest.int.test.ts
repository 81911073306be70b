import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deleteObservationsBefore, ingestObservations, localDateOf, type ObservationInput } from './ingest';
import { useIngestDatabase, daily, datasrc, latest, MIN15, newLocation, observationCount, parameter, series, t } from './ingest-fixture';

useIngestDatabase();

describe('ingestObservations', () => {
  let loc: number;
  const day = () => series(loc, '2026-01-15T07:00:00Z', '2026-01-16T07:00:00Z');

  it('inserts a day of 15-minute values and builds exact rollups', async () => {
    loc = await newLocation();
    const res = await ingestObservations(t.db, day());
    expect(res).toEqual({ inserted: 96, updated: 0, unchanged: 0 });
    expect(await daily(loc)).toEqual([
      {
        local_date: '2026-01-15',
        min_value: 0,
        max_value: 95,
        mean_value: 47.5,
        sum_value: 4560,
        value_count: 96,
        last_timestamp: new Date('2026-01-16T06:45:00Z'),
        last_value: 95,
      },
    ]);
    expect(await latest(loc)).toEqual({
      first_timestamp: new Date('2026-01-15T07:00:00Z'),
      last_timestamp: new Date('2026-01-16T06:45:00Z'),
      last_value: 95,
      observation_count: 96,
    });
    const stored = await t.db
      .selectFrom('observation')
      .select(['datasrc_ndx', 'import_ndx', 'updated_at'])
      .where('location_ndx', '=', loc)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ datasrc_ndx: datasrc, import_ndx: null, updated_at: null });
  });

  it('re-sending the same rows changes nothing', async () => {
    const beforeDaily = await daily(loc);
    const beforeLatest = await latest(loc);
    expect(await ingestObservations(t.db, day())).toEqual({ inserted: 0, updated: 0, unchanged: 96 });
    expect(await daily(loc)).toEqual(beforeDaily);
    expect(await latest(loc)).toEqual(beforeLatest);
  });

  it('a changed value is one update and the daily mean and max follow exactly', async () => {
    const rows = day();
    rows[10] = { ...rows[10], resultValue: 1000 };
    expect(await ingestObservations(t.db, rows)).toEqual({ inserted: 0, updated: 1, unchanged: 95 });
    const [d] = await daily(loc);
    expect(d.max_value).toBe(1000);
    expect(d.sum_value).toBe(4560 - 10 + 1000);
    expect(d.mean_value).toBe(5550 / 96);
    expect(d.value_count).toBe(96);
    expect(d.min_value).toBe(0);
    const changed = await t.db
      .selectFrom('observation')
      .select(['result_value', 'updated_at'])
      .where('location_ndx', '=', loc)
      .where('collect_timestamp', '=', rows[10].collectTimestamp)
      .executeTakeFirstOrThrow();
    expect(changed.result_value).toBe(1000);
    expect(changed.updated_at).toBeInstanceOf(Date);
    // a new last value moves series_latest
    const late = { ...rows[95], collectTimestamp: new Date('2026-01-16T07:00:00Z'), resultValue: -3.25 };
    expect(await ingestObservations(t.db, [late])).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await latest(loc)).toMatchObject({ last_timestamp: late.collectTimestamp, last_value: -3.25, observation_count: 97 });
    expect((await daily(loc)).map((r) => [r.local_date, r.value_count, r.last_value])).toEqual([
      ['2026-01-15', 96, 95],
      ['2026-01-16', 1, -3.25],
    ]);
  });

  it('an empty batch is a no-op', async () => {
    expect(await ingestObservations(t.db, [])).toEqual({ inserted: 0, updated: 0, unchanged: 0 });
  });

  it('spring-forward day 2026-03-08 has 92 quarter hours, fall-back day 2026-11-01 has 100', async () => {
    const spring = await newLocation();
    const rows = series(spring, '2026-03-07T12:00:00Z', '2026-03-09T12:00:00Z', () => 1);
    expect((await ingestObservations(t.db, rows)).inserted).toBe(rows.length);
    const springDays = await daily(spring);
    expect(springDays.map((r) => [r.local_date, r.value_count])).toEqual([
      ['2026-03-07', 76], // 05:00 MST .. midnight
      ['2026-03-08', 92], // 23 local hours
      ['2026-03-09', 24], // midnight MDT (06:00Z) .. 12:00Z
    ]);
    expect(springDays[1].sum_value).toBe(92);
    expect(springDays[1].last_timestamp).toEqual(new Date('2026-03-09T05:45:00Z'));

    const fall = await newLocation();
    const rowsFall = series(fall, '2026-10-31T12:00:00Z', '2026-11-02T12:00:00Z', () => 2);
    await ingestObservations(t.db, rowsFall);
    const fallDays = await daily(fall);
    expect(fallDays.map((r) => [r.local_date, r.value_count])).toEqual([
      ['2026-10-31', 72], // 06:00 MDT .. midnight
      ['2026-11-01', 100], // 25 local hours
      ['2026-11-02', 20], // midnight MST (07:00Z) .. 12:00Z
    ]);
    // JS local days agree with the SQL rollup for every row
    const byDay = new Map<string, number>();
    for (const r of [...rows, ...rowsFall])
      byDay.set(localDateOf(r.collectTimestamp), (byDay.get(localDateOf(r.collectTimestamp)) ?? 0) + 1);
    for (const d of [...springDays, ...fallDays]) expect(byDay.get(d.local_date)).toBe(d.value_count);
  });

  it('rows just before and after local midnight land on their local dates', async () => {
    const l = await newLocation();
    const at = (iso: string, v: number): ObservationInput => ({
      locationNdx: l,
      parameterNdx: parameter,
      collectTimestamp: new Date(iso),
      resultValue: v,
    });
    await ingestObservations(t.db, [
      at('2026-03-08T06:59:59.999Z', 1), // 23:59:59.999 MST on 03-07
      at('2026-03-08T07:00:00Z', 2), // 00:00 MST on 03-08
      at('2026-03-09T05:59:59Z', 3), // 23:59:59 MDT on 03-08
      at('2026-03-09T06:00:00Z', 4), // 00:00 MDT on 03-09
      at('2026-11-02T06:59:00Z', 5), // 23:59 MST on 11-01
      at('2026-11-02T07:00:00Z', 6), // 00:00 MST on 11-02
    ]);
    expect((await daily(l)).map((r) => [r.local_date, r.value_count, r.sum_value])).toEqual([
      ['2026-03-07', 1, 1],
      ['2026-03-08', 2, 5],
      ['2026-03-09', 1, 4],
      ['2026-11-01', 1, 5],
      ['2026-11-02', 1, 6],
    ]);
    const stored = await t.db
      .selectFrom('observation')
      .select('collect_timestamp')
      .where('location_ndx', '=', l)
      .orderBy('collect_timestamp')
      .executeTakeFirstOrThrow();
    expect(stored.collect_timestamp.toISOString()).toBe('2026-03-08T06:59:59.999Z');
  });

  it('the same key twice in one batch: the last one wins', async () => {
    const l = await newLocation();
    const ts = new Date('2026-05-01T00:00:00Z');
    const other = new Date('2026-05-01T00:15:00Z');
    const row = (c: Date, v: number): ObservationInput => ({
      locationNdx: l,
      parameterNdx: parameter,
      collectTimestamp: c,
      resultValue: v,
    });
    expect(await ingestObservations(t.db, [row(ts, 1), row(other, 7), row(new Date(ts), 2)])).toEqual({
      inserted: 2,
      updated: 0,
      unchanged: 0,
    });
    const values = await t.db
      .selectFrom('observation')
      .select('result_value')
      .where('location_ndx', '=', l)
      .orderBy('collect_timestamp')
      .execute();
    expect(values.map((v) => v.result_value)).toEqual([2, 7]);
    expect((await daily(l))[0]).toMatchObject({ value_count: 2, sum_value: 9 });
    expect(await ingestObservations(t.db, [row(ts, 3), row(ts, 2)])).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
  });

  it('deleteObservationsBefore recomputes the cut day, drops empty days and series', async () => {
    const l = await newLocation();
    // three local days (2026-02-01..03, MST), value = index
    await ingestObservations(t.db, series(l, '2026-02-01T07:00:00Z', '2026-02-04T07:00:00Z'));
    // cut at 12:00 local on 02-02: removes day 1 (96) and 48 rows of day 2
    const deleted = await deleteObservationsBefore(t.db, l, parameter, new Date('2026-02-02T19:00:00Z'));
    expect(deleted).toBe(96 + 48);
    const days = await daily(l);
    expect(days.map((r) => [r.local_date, r.value_count, r.min_value, r.max_value])).toEqual([
      ['2026-02-02', 48, 144, 191],
      ['2026-02-03', 96, 192, 287],
    ]);
    expect(days[0].sum_value).toBe(((144 + 191) * 48) / 2);
    expect(await latest(l)).toEqual({
      first_timestamp: new Date('2026-02-02T19:00:00Z'),
      last_timestamp: new Date('2026-02-04T06:45:00Z'),
      last_value: 287,
      observation_count: 144,
    });
    expect(await deleteObservationsBefore(t.db, l, parameter, new Date('2026-01-01T00:00:00Z'))).toBe(0);
    expect(await deleteObservationsBefore(t.db, l, parameter, new Date('2027-01-01T00:00:00Z'))).toBe(144);
    expect(await daily(l)).toEqual([]);
    expect(await latest(l)).toBeUndefined();
  });

  it('a failed batch writes nothing at all', async () => {
    const l = await newLocation();
    const rows = series(l, '2026-06-01T06:00:00Z', '2026-06-02T06:00:00Z');
    rows.push({ locationNdx: 987654, parameterNdx: parameter, collectTimestamp: new Date('2026-06-01T06:00:00Z'), resultValue: 1 });
    await expect(ingestObservations(t.db, rows)).rejects.toMatchObject({ code: '23503' });
    expect(await observationCount(l)).toBe(0);
    expect(await daily(l)).toEqual([]);
    expect(await latest(l)).toBeUndefined();
  });

  it("joins the caller's transaction instead of opening its own", async () => {
    const l = await newLocation();
    const rows = series(l, '2026-06-01T06:00:00Z', '2026-06-01T08:00:00Z');
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await ingestObservations(trx, rows)).toEqual({ inserted: 8, updated: 0, unchanged: 0 });
        expect(await ingestObservations(trx, rows)).toEqual({ inserted: 0, updated: 0, unchanged: 8 });
        throw new Error('caller rolls back');
      }),
    ).rejects.toThrow('caller rolls back');
    expect(await observationCount(l)).toBe(0);
    expect(await latest(l)).toBeUndefined();
  });

  it('rejects non-finite values before touching the database', async () => {
    const l = await newLocation();
    await expect(
      ingestObservations(t.db, [{ locationNdx: l, parameterNdx: parameter, collectTimestamp: new Date(), resultValue: NaN }]),
    ).rejects.toThrow(/finite/);
  });

  it('ingests 200,000 rows', async () => {
    const locs = await Promise.all(Array.from({ length: 10 }, () => newLocation()));
    const rows = locs.flatMap((l) =>
      series(
        l,
        '2025-06-01T06:00:00Z',
        new Date(Date.parse('2025-06-01T06:00:00Z') + 20_000 * MIN15).toISOString(),
        (i) => Math.sin(i / 50) * 100,
      ),
    );
    expect(rows.length).toBe(200_000);
    const started = performance.now();
    const res = await ingestObservations(t.db, rows);
    console.log(`ingestObservations: 200,000 rows in ${Math.round(performance.now() - started)} ms`);
    expect(res).toEqual({ inserted: 200_000, updated: 0, unchanged: 0 });
    const totals = await sql<{ n: number; c: number }>`
      select sum(observation_count)::int as n, (select sum(value_count)::int from observation_daily where location_ndx = any(${locs}::int[])) as c
      from series_latest where location_ndx = any(${locs}::int[])`.execute(t.db);
    expect(totals.rows[0]).toEqual({ n: 200_000, c: 200_000 });
  });
});
