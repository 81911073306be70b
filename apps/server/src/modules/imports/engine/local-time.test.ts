import { describe, expect, it } from 'vitest';
import { DEFAULT_DISTRICT_TIME_ZONE } from '@portal/contracts';
import { parseDateTime } from './date-parse';
import { LocalTimeResolver, type DstMode } from './local-time';

/** Resolves local wall times (in order, like rows of one file) to ISO instants or 'bad'. */
function resolveAll(mode: DstMode, walls: string[]): string[] {
  const r = new LocalTimeResolver(mode);
  return walls.map((w) => {
    const p = parseDateTime(w);
    if (p.kind !== 'wall') throw new Error(`expected a wall time: ${w}`);
    const out = r.resolve(p.wallMs);
    return out.ok ? new Date(out.epochMs).toISOString().slice(0, 16) : 'bad';
  });
}

describe('daylight-saving modes around spring forward (2026-03-08, 02:00 MST -> 03:00 MDT)', () => {
  const walls = ['2026-03-08 01:30', '2026-03-08 02:30', '2026-03-08 03:30'];
  it('0 none: local district time; the missing hour 02:00-02:59 is a bad row', () => {
    expect(resolveAll(0, walls)).toEqual(['2026-03-08T08:30', 'bad', '2026-03-08T09:30']);
  });
  it('1 one hour added during daylight saving: file times are MST all year (UTC-7)', () => {
    // 02:30 MST is 03:30 MDT local: the hour is added because daylight saving has started.
    expect(resolveAll(1, walls)).toEqual(['2026-03-08T08:30', '2026-03-08T09:30', '2026-03-08T10:30']);
  });
  it('2 one hour subtracted during standard time: file times are MDT all year (UTC-6)', () => {
    // 01:30 and 02:30 in the file are 00:30 and 01:30 MST local (standard time: an hour subtracted).
    expect(resolveAll(2, walls)).toEqual(['2026-03-08T07:30', '2026-03-08T08:30', '2026-03-08T09:30']);
  });
  it('the missing-hour message names the time and the reason', () => {
    const r = new LocalTimeResolver(0).resolve(Date.UTC(2026, 2, 8, 2, 15));
    expect(r).toEqual({ ok: false, message: expect.stringContaining(`2026-03-08 02:15 does not exist in ${DEFAULT_DISTRICT_TIME_ZONE}`) });
  });
});

describe('daylight-saving modes around fall back (2026-11-01, 02:00 MDT -> 01:00 MST)', () => {
  it('0 none: the repeated hour is the first occurrence, the second once time goes backwards', () => {
    const walls = ['2026-11-01 00:45', '2026-11-01 01:00', '2026-11-01 01:45', '2026-11-01 01:00', '2026-11-01 01:45', '2026-11-01 02:00'];
    expect(resolveAll(0, walls)).toEqual([
      '2026-11-01T06:45',
      '2026-11-01T07:00',
      '2026-11-01T07:45',
      '2026-11-01T08:00',
      '2026-11-01T08:45',
      '2026-11-01T09:00',
    ]);
  });
  it('0 none: a lone 01:30 is the first (daylight) occurrence', () => {
    expect(resolveAll(0, ['2026-11-01 01:30'])).toEqual(['2026-11-01T07:30']);
  });
  it('1: MST file times map one to one (00:30 MST = 01:30 MDT local, 01:30 MST = 01:30 MST local)', () => {
    expect(resolveAll(1, ['2026-11-01 00:30', '2026-11-01 01:30', '2026-11-01 02:30'])).toEqual([
      '2026-11-01T07:30',
      '2026-11-01T08:30',
      '2026-11-01T09:30',
    ]);
  });
  it('2: MDT file times map one to one (01:30 MDT = 01:30 MDT local, 02:30 MDT = 01:30 MST local)', () => {
    expect(resolveAll(2, ['2026-11-01 01:30', '2026-11-01 02:30', '2026-11-01 03:00'])).toEqual([
      '2026-11-01T07:30',
      '2026-11-01T08:30',
      '2026-11-01T09:00',
    ]);
  });
});

describe('seasons and other years', () => {
  it('modes agree on the season they leave alone', () => {
    expect(resolveAll(0, ['2026-07-01 12:00', '2026-01-15 12:00'])).toEqual(['2026-07-01T18:00', '2026-01-15T19:00']);
    expect(resolveAll(1, ['2026-07-01 12:00', '2026-01-15 12:00'])).toEqual(['2026-07-01T19:00', '2026-01-15T19:00']);
    expect(resolveAll(2, ['2026-07-01 12:00', '2026-01-15 12:00'])).toEqual(['2026-07-01T18:00', '2026-01-15T18:00']);
  });
  it('uses the rules of the year (2006: daylight saving began on the first Sunday of April)', () => {
    expect(resolveAll(0, ['2006-03-12 02:30', '2006-04-02 02:30'])).toEqual(['2006-03-12T09:30', 'bad']);
  });
});
