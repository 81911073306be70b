import { describe, expect, it } from 'vitest';
import { toCalendarDay, type CalendarDay } from '@portal/contracts';
import { checkReviewDays, daysAround, daysToInstants, defaultDays, fromWallClockInput, toWallClockInput } from './review-time';

const day = (s: string) => toCalendarDay(s) as CalendarDay;
const zone = 'America/Denver';

describe('review time', () => {
  it('opens on the last 30 days', () => {
    expect(defaultDays(day('2026-05-30'))).toEqual({ start: '2026-05-01', end: '2026-05-30' });
  });
  it('reads whole days of the district', () => {
    expect(daysToInstants(day('2026-05-01'), day('2026-05-01'), zone)).toEqual({
      start: '2026-05-01T06:00:00.000Z',
      end: '2026-05-02T05:59:59.999Z',
    });
  });
  it('refuses an end before the start and more than a year', () => {
    expect(checkReviewDays({ start: day('2026-05-02'), end: day('2026-05-01') }).ok).toBe(false);
    expect(checkReviewDays({ start: day('2025-01-01'), end: day('2026-05-01') }).endError).toMatch(/at most 366 days/);
    expect(checkReviewDays({ start: day('2026-01-01'), end: day('2026-05-01') }).ok).toBe(true);
  });
  it('a flagged period is read with a day either side', () => {
    expect(daysAround('2026-05-03T12:00:00Z', '2026-05-04T12:00:00Z', zone)).toEqual({ start: '2026-05-02', end: '2026-05-05' });
  });
  it('wall clock fields round-trip in the district zone', () => {
    expect(toWallClockInput('2026-05-01T06:15:00Z', zone)).toBe('2026-05-01T00:15');
    expect(fromWallClockInput('2026-05-01T00:15', zone)).toBe('2026-05-01T06:15:00.000Z');
    expect(fromWallClockInput('nope', zone)).toBeNull();
  });
});
