import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { districtTimeZone, useDistrictTimeZone } from '../../db/local-day';
import { ingestObservations, localDateOf } from './ingest';
import { useIngestDatabase, daily, newLocation, series, t } from './ingest-fixture';

useIngestDatabase();

describe('configured district time zone', () => {
  it('rolls observations up per local day of DISTRICT_TIME_ZONE, not of a fixed zone', async () => {
    const loc = await newLocation();
    // 05:00-09:00 UTC on Jan 15: Jan 14 evening until 07:00 UTC in the default zone, all Jan 15 in UTC.
    const rows = series(loc, '2026-01-15T05:00:00Z', '2026-01-15T09:00:00Z');
    useDistrictTimeZone('UTC');
    try {
      expect(districtTimeZone()).toBe('UTC');
      await ingestObservations(t.db, rows);
      expect((await daily(loc)).map((d) => [d.local_date, d.value_count])).toEqual([['2026-01-15', 16]]);
    } finally {
      useDistrictTimeZone(DEFAULT_DISTRICT_TIME_ZONE);
    }
    // The same rows again in the default zone: the days recomputed split at local midnight.
    await ingestObservations(
      t.db,
      rows.map((r) => ({ ...r, resultValue: r.resultValue + 1 })),
    );
    const byDay = (await daily(loc)).map((d) => [d.local_date, d.value_count]);
    expect(byDay).toContainEqual(['2026-01-14', 8]);
    expect(byDay).toContainEqual(['2026-01-15', 8]);
  });
});

describe('localDateOf', () => {
  it('gives the district calendar day around midnight and DST changes', () => {
    expect(localDateOf(new Date('2026-01-15T06:59:59Z'))).toBe('2026-01-14');
    expect(localDateOf(new Date('2026-01-15T07:00:00Z'))).toBe('2026-01-15');
    expect(localDateOf(new Date('2026-07-01T05:59:00Z'))).toBe('2026-06-30');
    expect(localDateOf(new Date('2026-07-01T06:00:00Z'))).toBe('2026-07-01');
  });
});
