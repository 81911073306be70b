import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { currentYear, districtToday, formatDate, formatTimestamp, setDistrictTimeZone } from './time';

describe('time formatting in the district zone (the default zone)', () => {
  it('formats a UTC instant as the local date and time', () => {
    // 2024-07-01T18:30Z is 12:30 MDT.
    expect(formatTimestamp('2024-07-01T18:30:00Z')).toBe('07/01/2024, 12:30 PM');
    expect(formatDate('2024-07-01T18:30:00Z')).toBe('07/01/2024');
  });

  it('uses standard time in winter and the previous local day near midnight UTC', () => {
    expect(formatTimestamp('2024-01-02T03:15:00Z')).toBe('01/01/2024, 8:15 PM');
  });

  it('shows N/A for missing or invalid values', () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatTimestamp('not a date')).toBe('N/A');
  });

  it('takes the year from the district calendar', () => {
    expect(currentYear(new Date('2027-01-01T03:00:00Z'))).toBe(2026);
  });

  it('follows the zone of the client configuration', () => {
    setDistrictTimeZone('America/New_York');
    try {
      expect(formatTimestamp('2024-01-02T03:15:00Z')).toBe('01/01/2024, 10:15 PM');
      expect(districtToday(new Date('2024-01-02T04:30:00Z'))).toBe('2024-01-01');
      expect(districtToday(new Date('2024-01-02T05:30:00Z'))).toBe('2024-01-02');
      setDistrictTimeZone('Not/AZone');
      expect(formatTimestamp('2024-01-02T03:15:00Z')).toBe('01/01/2024, 10:15 PM');
    } finally {
      setDistrictTimeZone(DEFAULT_DISTRICT_TIME_ZONE);
    }
  });
});

describe('today in the district', () => {
  it('is the calendar day of the district (default zone), not the UTC one', () => {
    // 03:00 UTC on March 1 is still the evening of February 28 in the default zone.
    expect(districtToday(new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(districtToday(new Date('2026-03-01T07:00:00Z'))).toBe('2026-03-01');
  });
});
