import { describe, expect, it } from 'vitest';
import { bandDaysOf } from './band-days';

describe('bandDaysOf', () => {
  it("stamps each day at the district's local midnight, like the daily graph's points", () => {
    const stat = { day_of_year: '03-08', sample_count: 20, min: 1, p10: 2, p25: 3, median: 4, p75: 5, p90: 6, max: 7 };
    const days = bandDaysOf(
      {
        location_ndx: 1,
        parameter_ndx: 2,
        units: 'cfs',
        days: [
          { ...stat, date: '2026-03-08' },
          { ...stat, date: '2026-03-09' },
        ],
      },
      'America/Denver',
    );
    // 8 March 2026 starts in MST (UTC-7); 9 March in MDT (UTC-6), after the spring change.
    expect(days.map((d) => new Date(d.at).toISOString())).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-09T06:00:00.000Z']);
    expect(days[0]).toMatchObject({ min: 1, p10: 2, p25: 3, p75: 5, p90: 6, max: 7 });
  });

  it('no answer yet is no band', () => {
    expect(bandDaysOf(undefined, 'America/Denver')).toEqual([]);
  });
});
