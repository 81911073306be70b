import { describe, expect, it } from 'vitest';
import { isMissingMarker, parseDateTime, parseValue } from './date-parse';

const wall = (t: ReturnType<typeof parseDateTime>) => (t.kind === 'wall' ? new Date(t.wallMs).toISOString() : t);

describe('parseDateTime', () => {
  it('reads ISO 8601, TOA5 and US dates as local wall times', () => {
    expect(wall(parseDateTime('2026-03-08T01:15:00'))).toBe('2026-03-08T01:15:00.000Z');
    expect(wall(parseDateTime('2026-03-08 01:15:30.5'))).toBe('2026-03-08T01:15:30.500Z');
    expect(wall(parseDateTime('2019-08-11T00:00:00.0000000'))).toBe('2019-08-11T00:00:00.000Z');
    expect(wall(parseDateTime('03/08/2026 13:45'))).toBe('2026-03-08T13:45:00.000Z');
    expect(wall(parseDateTime('3/8/2026 1:45:10 PM'))).toBe('2026-03-08T13:45:10.000Z');
    expect(wall(parseDateTime('3/8/2026 12:05 AM'))).toBe('2026-03-08T00:05:00.000Z');
    expect(wall(parseDateTime('2026-03-08'))).toBe('2026-03-08T00:00:00.000Z');
  });
  it('takes the time from a separate column, overriding a 0:00:00 in the date column', () => {
    expect(wall(parseDateTime('03/08/2026', '14:30'))).toBe('2026-03-08T14:30:00.000Z');
    expect(wall(parseDateTime('3/8/2026 0:00:00', '2:30:15 PM'))).toBe('2026-03-08T14:30:15.000Z');
  });
  it('treats 24:00 as midnight of the next day', () => {
    expect(wall(parseDateTime('2026-02-28 24:00'))).toBe('2026-03-01T00:00:00.000Z');
  });
  it('keeps an explicit offset as an instant', () => {
    expect(parseDateTime('2026-03-08T01:15:00.000-07:00')).toEqual({ kind: 'instant', epochMs: Date.UTC(2026, 2, 8, 8, 15) });
    expect(parseDateTime('2026-03-08T08:15:00Z')).toEqual({ kind: 'instant', epochMs: Date.UTC(2026, 2, 8, 8, 15) });
  });
  it('rejects impossible or unknown dates with a readable message', () => {
    expect(parseDateTime('2026-02-30 10:00')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('not a valid calendar date'),
    });
    expect(parseDateTime('2026-03-08 25:00')).toMatchObject({ kind: 'error' });
    expect(parseDateTime('yesterday')).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('"yesterday" is not a recognised date'),
    });
    expect(parseDateTime('2026-03-08', '7pm')).toMatchObject({ kind: 'error', message: expect.stringContaining('time "7pm"') });
  });
});

describe('values', () => {
  it('parses numbers and refuses text', () => {
    expect(parseValue(' 12.5 ')).toBe(12.5);
    expect(parseValue('-3e2')).toBe(-300);
    expect(parseValue('.5')).toBe(0.5);
    expect(parseValue('12,5')).toBeNull();
    expect(parseValue('abc')).toBeNull();
  });
  it('knows the no-reading markers of loggers', () => {
    expect(['', 'NAN', 'NaN', 'null', 'N/A'].every(isMissingMarker)).toBe(true);
    expect(isMissingMarker('0')).toBe(false);
  });
});
