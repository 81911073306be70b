import { describe, expect, it } from 'vitest';
import { addDays, MAX_RANGE_DAYS, toCalendarDay, type CalendarDay } from '@portal/contracts';
import { checkDateRange } from './date-range-check';

const day = (text: string) => toCalendarDay(text) as CalendarDay;

describe('checkDateRange', () => {
  it('asks for both days', () => {
    expect(checkDateRange({ start: null, end: day('2026-03-04') }, 'daily', 'Daily')).toEqual({
      startError: 'Enter the start date as MM/dd/yyyy',
      endError: null,
      ok: false,
    });
    expect(checkDateRange({ start: day('2026-03-04'), end: null }, 'daily', 'Daily').endError).toBe('Enter the end date as MM/dd/yyyy');
  });

  it('refuses an end before the start and a span past the interval maximum', () => {
    expect(checkDateRange({ start: day('2026-03-01'), end: day('2026-03-04') }, '15min', 'X')).toEqual({
      startError: null,
      endError: null,
      ok: true,
    });
    expect(checkDateRange({ start: day('2026-03-05'), end: day('2026-03-04') }, '15min', 'X')).toMatchObject({
      endError: 'The end date is before the start date',
      ok: false,
    });
    const start = day('2020-01-01');
    const longest = addDays(start, MAX_RANGE_DAYS['15min']);
    expect(checkDateRange({ start, end: longest }, '15min', '15-Minute Data').ok).toBe(true);
    expect(checkDateRange({ start, end: addDays(longest, 1) }, '15min', '15-Minute Data')).toMatchObject({
      endError: '15-Minute Data covers at most 1098 days',
      ok: false,
    });
    expect(checkDateRange({ start, end: addDays(longest, 1) }, 'daily', 'Daily').ok).toBe(true);
  });
});
