import { describe, expect, it } from 'vitest';
import { districtToday } from '../../../lib/time';
import { activeQuickRange, checkRange, isQuickRangeDisabled, lastDaysRange, parseDateEntry, QUICK_RANGE_DAYS, rangeForInterval } from './graph-range';

describe('quick ranges', () => {
  it('offers 365, 90, 45, 30, 10 and 3 days; 365 and 90 only for daily data', () => {
    expect(QUICK_RANGE_DAYS).toEqual([365, 90, 45, 30, 10, 3]);
    expect(QUICK_RANGE_DAYS.filter((d) => isQuickRangeDisabled(d, '15min'))).toEqual([365, 90]);
    expect(QUICK_RANGE_DAYS.filter((d) => isQuickRangeDisabled(d, 'daily'))).toEqual([]);
  });

  it('counts back from today in Denver, not in UTC', () => {
    // 03:00 UTC on March 1 is still the evening of February 28 in Denver.
    const now = new Date('2026-03-01T03:00:00Z');
    expect(districtToday(now)).toBe('2026-02-28');
    expect(lastDaysRange(3, now)).toEqual({ startDate: '02/25/2026', endDate: '02/28/2026' });
    expect(lastDaysRange(365, new Date('2024-12-31T18:00:00Z'))).toEqual({ startDate: '01/01/2024', endDate: '12/31/2024' });
  });
});

describe('switching the interval', () => {
  const now = new Date('2026-03-10T18:00:00Z');

  it('knows which quick range the dates are', () => {
    expect(activeQuickRange('02/08/2026', '03/10/2026', now)).toBe(30);
    expect(activeQuickRange('03/10/2025', '03/10/2026', now)).toBe(365);
    expect(activeQuickRange('03/01/2026', '03/10/2026', now)).toBeNull();
  });

  it('falls back to the last 3 days when 15-minute data does not offer the quick range (365, 90)', () => {
    const last3 = { startDate: '03/07/2026', endDate: '03/10/2026' };
    expect(rangeForInterval('15min', lastDaysRange(365, now), now)).toEqual(last3);
    expect(rangeForInterval('15min', lastDaysRange(90, now), now)).toEqual(last3);
  });

  it('keeps quick ranges the interval offers and ranges typed by hand', () => {
    expect(rangeForInterval('15min', lastDaysRange(45, now), now)).toEqual(lastDaysRange(45, now));
    expect(rangeForInterval('daily', lastDaysRange(365, now), now)).toEqual(lastDaysRange(365, now));
    // A typed year is not the quick range: 15-minute data may cover it (up to 1098 days).
    const typed = { startDate: '03/01/2025', endDate: '03/10/2026' };
    expect(rangeForInterval('15min', typed, now)).toEqual(typed);
  });
});

describe('date entry MM/dd/yyyy', () => {
  it.each([
    ['03/08/2026', '2026-03-08'],
    [' 12/31/1999 ', '1999-12-31'],
    ['02/29/2024', '2024-02-29'],
  ])('%s is %s', (text, iso) => expect(parseDateEntry(text)).toBe(iso));

  it.each(['02/29/2026', '13/01/2026', '3/8/2026', '2026-03-08', '03-08-2026', '', 'today'])('%s is refused', (text) => {
    expect(parseDateEntry(text)).toBeNull();
  });

  it('checks order and the longest range per interval', () => {
    expect(checkRange('03/01/2026', '03/04/2026', '15min')).toEqual({ startError: null, endError: null, ok: true });
    expect(checkRange('03/05/2026', '03/04/2026', '15min')).toMatchObject({ endError: 'The end date is before the start date', ok: false });
    expect(checkRange('01/01/2020', '03/04/2026', '15min')).toMatchObject({
      endError: '15-Minute Data covers at most 1098 days',
      ok: false,
    });
    expect(checkRange('01/01/2020', '03/04/2026', 'daily').ok).toBe(true);
    expect(checkRange('1/1/2020', '03/04/2026', 'daily')).toMatchObject({ startError: 'Enter the start date as MM/dd/yyyy', ok: false });
  });
});
