import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { formatTimestamp, setDistrictTimeZone } from './district-zone';
import { TIMESTAMP_FORMAT } from './time';

describe('formatTimestamp without a date library', () => {
  it("writes what date-fns writes for 'MM/dd/yyyy, h:mm a', every 37 minutes of a year with two DST changes", () => {
    for (const zone of [DEFAULT_DISTRICT_TIME_ZONE, 'America/New_York', 'Pacific/Honolulu']) {
      setDistrictTimeZone(zone);
      try {
        for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2025, 0, 1); at += 37 * 60_000 + 13_000) {
          expect(formatTimestamp(at)).toBe(format(at, TIMESTAMP_FORMAT, { in: tz(zone) }));
        }
      } finally {
        setDistrictTimeZone(DEFAULT_DISTRICT_TIME_ZONE);
      }
    }
  });

  it('answers N/A for missing or unparsable values', () => {
    expect(formatTimestamp(null)).toBe('N/A');
    expect(formatTimestamp('not a date')).toBe('N/A');
  });
});
