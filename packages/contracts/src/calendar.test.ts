import { describe, expect, it } from 'vitest';
import {
  wallClockText,
  addDays,
  calendarDayOf,
  dayBounds,
  dayRangeProblem,
  daysBefore,
  daysBetween,
  DEFAULT_DISTRICT_TIME_ZONE,
  formatCalendarDayUs,
  isValidTimeZone,
  lastDaysRange,
  MAX_RANGE_DAYS,
  parseCalendarDay,
  parseInterval,
  startOfDay,
  todayIn,
  toCalendarDay,
  waterYearOf,
  waterYearRange,
  type CalendarDay,
} from './calendar';
import { calendarDaySchema } from './calendar-schemas';
import { graphRequestSchema } from './timeseries-schemas';
import { queryDownloadRequestSchemaFor } from './query-download';

const day = (text: string) => {
  const d = toCalendarDay(text);
  if (!d) throw new Error(`not a day: ${text}`);
  return d;
};
const HOUR = 3_600_000;
const ZONE = DEFAULT_DISTRICT_TIME_ZONE;

describe('calendar days', () => {
  it('accepts real days only, in both spellings', () => {
    expect(parseCalendarDay('02/29/2024')).toBe('2024-02-29');
    expect(parseCalendarDay('2024-02-29')).toBe('2024-02-29');
    expect(parseCalendarDay('02/29/2025')).toBeNull();
    expect(parseCalendarDay('2025-02-29')).toBeNull();
    expect(parseCalendarDay('2025-13-01')).toBeNull();
    expect(parseCalendarDay('2025-1-01')).toBeNull();
    expect(toCalendarDay('01/02/2025')).toBeNull();
    expect(calendarDaySchema.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDaySchema.safeParse('2023-02-29').success).toBe(false);
    expect(formatCalendarDayUs(day('2024-02-29'))).toBe('02/29/2024');
  });

  it('counts days across the leap day and month ends', () => {
    expect(daysBetween(day('2024-02-28'), day('2024-03-01'))).toBe(2);
    expect(daysBetween(day('2025-02-28'), day('2025-03-01'))).toBe(1);
    expect(addDays(day('2024-02-28'), 1)).toBe('2024-02-29');
    expect(daysBefore(day('2024-03-01'), 1)).toBe('2024-02-29');
    expect(daysBefore(day('2025-03-01'), 1)).toBe('2025-02-28');
    expect(daysBefore(day('2026-01-02'), 3)).toBe('2025-12-30');
    expect(lastDaysRange(3, day('2026-03-02'))).toEqual({ startDate: '2026-02-27', endDate: '2026-03-02' });
  });
});

describe('local days in the district zone', () => {
  it('gives the local calendar day around midnight, not the UTC one', () => {
    expect(calendarDayOf(new Date('2026-01-15T06:59:59Z'), ZONE)).toBe('2026-01-14');
    expect(calendarDayOf(new Date('2026-01-15T07:00:00Z'), ZONE)).toBe('2026-01-15');
    expect(calendarDayOf(new Date('2026-07-01T05:59:00Z'), ZONE)).toBe('2026-06-30');
    expect(todayIn(ZONE, new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(todayIn('UTC', new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });

  it('makes the spring-forward day 23 hours and the fall-back day 25 hours long', () => {
    const spring = dayBounds(day('2026-03-08'), ZONE);
    expect(spring.start.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(spring.end.toISOString()).toBe('2026-03-09T06:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const fall = dayBounds(day('2026-11-01'), ZONE);
    expect(fall.start.toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * HOUR);
    const plain = dayBounds(day('2024-02-29'), ZONE);
    expect(plain.end.getTime() - plain.start.getTime()).toBe(24 * HOUR);
    expect(startOfDay(day('2024-02-29'), 'Europe/Berlin').toISOString()).toBe('2024-02-28T23:00:00.000Z');
  });

  it('accepts IANA zone names only', () => {
    expect(isValidTimeZone('America/Denver')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('water year (April 1 to March 31)', () => {
  it('changes on April 1', () => {
    expect(waterYearOf(day('2026-03-31'))).toBe(2025);
    expect(waterYearOf(day('2026-04-01'))).toBe(2026);
    expect(waterYearOf(day('2026-01-01'))).toBe(2025);
    expect(waterYearOf(day('2025-12-31'))).toBe(2025);
  });
  it('spans April 1 to March 31 of the next year', () => {
    expect(waterYearRange(2025)).toEqual({ start: '2025-04-01', end: '2026-03-31' });
    expect(waterYearRange(2023)).toEqual({ start: '2023-04-01', end: '2024-03-31' });
  });
});

describe('intervals and ranges', () => {
  it('reads the API and link spellings of an interval', () => {
    expect(parseInterval('data-15min')).toBe('15min');
    expect(parseInterval('daily')).toBe('daily');
    expect(parseInterval('hourly')).toBeNull();
    expect(parseInterval(null)).toBeNull();
  });

  it('refuses an end before the start and a span past the maximum', () => {
    const start = day('2020-01-01');
    expect(dayRangeProblem({ startDate: start, endDate: start }, '15min')).toBeNull();
    expect(dayRangeProblem({ startDate: day('2020-01-02'), endDate: start }, 'daily')).toEqual({ kind: 'order' });
    const atMax = addDays(start, MAX_RANGE_DAYS['15min']);
    expect(dayRangeProblem({ startDate: start, endDate: atMax }, '15min')).toBeNull();
    expect(dayRangeProblem({ startDate: start, endDate: addDays(atMax, 1) }, '15min')).toEqual({
      kind: 'span',
      days: MAX_RANGE_DAYS['15min'] + 1,
      max: MAX_RANGE_DAYS['15min'],
    });
    expect(dayRangeProblem({ startDate: start, endDate: addDays(atMax, 1) }, 'daily')).toBeNull();
  });

  it('applies the same rules to the graph and Query & Download requests', () => {
    const tooLong = { startDate: '01/01/2020', endDate: formatCalendarDayUs(addDays(day('2020-01-01'), MAX_RANGE_DAYS['15min'] + 1)) };
    const graph = graphRequestSchema.safeParse({ ...tooLong, interval: '15min' });
    const qd = queryDownloadRequestSchemaFor('15min').safeParse({ ...tooLong, facilities: [1], parameterGroups: [1] });
    expect(graph.success).toBe(false);
    expect(qd.success).toBe(false);
    expect(graph.error?.issues[0].message).toContain('at most 1098 days');
    expect(qd.error?.issues[0].message).toContain('at most 1098 days');
    const reversed = { startDate: '2020-01-02', endDate: '2020-01-01' };
    expect(graphRequestSchema.safeParse({ ...reversed, interval: 'daily' }).error?.issues[0].path).toEqual(['endDate']);
    const ok = graphRequestSchema.parse({ startDate: '02/29/2024', endDate: '2024-03-01', interval: 'daily' });
    expect(ok.startDate satisfies CalendarDay).toBe('2024-02-29');
  });
});

describe('wallClockText', () => {
  it("writes the zone's wall clock, summer and winter time alike", () => {
    expect(wallClockText(Date.UTC(2026, 6, 1, 16, 45, 5), 'America/Denver')).toBe('2026-07-01 10:45:05');
    expect(wallClockText(new Date(Date.UTC(2026, 0, 1, 6, 0, 0)), 'America/Denver')).toBe('2025-12-31 23:00:00');
  });
});
