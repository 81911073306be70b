import { describe, expect, it } from 'vitest';
import { initialForm } from './query-download-form';
import { queryDownloadLink } from '@portal/contracts';

describe('queryDownloadLink', () => {
  it('writes the four inputs the page reads', () => {
    expect(queryDownloadLink({ daysRange: 3, interval: 'daily', facilityTypes: [2], facilities: [12, 15] })).toBe(
      '/data-access/query-and-download/facilities?daysRange=3&timeInterval=data-daily&facilityTypes=2&facilities=12,15',
    );
  });
  it('round-trips through the page’s own reader', () => {
    const link = queryDownloadLink({ daysRange: 30, interval: '15min', facilityTypes: [1, 3], facilities: [7] });
    const form = initialForm(new URLSearchParams(link.split('?')[1]), new Date('2026-11-22T18:00:00Z'));
    expect(form).toEqual({ startDate: '2026-10-23', endDate: '2026-11-22', interval: '15min', facilityTypes: [1, 3], facilities: [7] });
  });
});
