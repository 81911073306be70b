import { describe, expect, it } from 'vitest';
import type { CalendarDay, DisplayFacility } from '@portal/contracts';
import { checkDateRange } from '../../../components/date-range/date-range-check';
import { canDownload, defaultFacilityTypes, initialForm, keepFacilitiesOfTypes, parseIdList } from './query-download-form';

// 2026-11-22 03:00 UTC is still 11/21 in the district (default zone): "today" must be the district's day.
const NOW = new Date('2026-11-22T03:00:00Z');
const facility = (facility_ndx: number, facility_type_ndx: number): DisplayFacility => ({
  facility_ndx,
  facility_name: `F${facility_ndx}`,
  facility_type_ndx,
  facility_type_desc: `T${facility_type_ndx}`,
  facility_type_icon: null,
  display_order: 0,
});
const LIST = [facility(10, 1), facility(11, 2), facility(12, 1)];

describe('initialForm', () => {
  it('defaults to the last three days, daily, no facilities, types untouched', () => {
    expect(initialForm(new URLSearchParams(), NOW)).toEqual({
      startDate: '2026-11-18',
      endDate: '2026-11-21',
      interval: 'daily',
      facilityTypes: null,
      facilities: [],
    });
  });

  it('reads daysRange, timeInterval with its data- prefix and the comma lists', () => {
    const form = initialForm(
      new URLSearchParams('daysRange=30&timeInterval=data-15min&facilityTypes=2,1&facilities=12, 10,x,12,-3,0'),
      NOW,
    );
    expect(form).toEqual({
      startDate: '2026-10-22',
      endDate: '2026-11-21',
      interval: '15min',
      facilityTypes: [2, 1],
      facilities: [12, 10],
    });
  });

  it('falls back to the defaults for values it cannot use', () => {
    const form = initialForm(new URLSearchParams('daysRange=-4&timeInterval=data-hourly&facilityTypes=a'), NOW);
    expect(form).toMatchObject({ startDate: '2026-11-18', interval: 'daily', facilityTypes: null });
    expect(initialForm(new URLSearchParams('daysRange=2.5'), NOW).startDate).toBe('2026-11-18');
    expect(initialForm(new URLSearchParams('daysRange=0'), NOW).startDate).toBe('2026-11-21');
  });
});

describe('selection rules', () => {
  it('parses id lists without repeats', () => {
    expect(parseIdList('3,1,3')).toEqual([3, 1]);
    expect(parseIdList(null)).toEqual([]);
  });

  it('uses the linked facilities’ types when the link names no types, else type 1', () => {
    expect(defaultFacilityTypes([11], LIST)).toEqual([2]);
    expect(defaultFacilityTypes([], LIST)).toEqual([1]);
    expect(defaultFacilityTypes([99], LIST)).toEqual([1]);
  });

  it('drops facilities outside the chosen types and facilities the caller cannot open', () => {
    expect(keepFacilitiesOfTypes([10, 11, 12, 99], LIST, [1])).toEqual([10, 12]);
    expect(keepFacilitiesOfTypes([10, 11], LIST, [])).toEqual([]);
  });

  it('enables Download only when everything is chosen, the dates pass and nothing loads', () => {
    const check = (start: string | null, end: string | null) =>
      checkDateRange({ start: start as CalendarDay | null, end: end as CalendarDay | null }, 'daily', 'Daily');
    const dates = check('2026-11-01', '2026-11-02');
    expect(canDownload({ facilities: 1, groups: 1, dates, loading: false })).toBe(true);
    expect(canDownload({ facilities: 0, groups: 1, dates, loading: false })).toBe(false);
    expect(canDownload({ facilities: 1, groups: 0, dates, loading: false })).toBe(false);
    expect(canDownload({ facilities: 1, groups: 1, dates, loading: true })).toBe(false);
    expect(canDownload({ facilities: 1, groups: 1, dates: check(null, '2026-11-02'), loading: false })).toBe(false);
    expect(canDownload({ facilities: 1, groups: 1, dates: check('2026-11-02', '2026-11-01'), loading: false })).toBe(false);
  });
});
