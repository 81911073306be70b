import { districtTimeZone } from '../../../db/local-day';
import { zoneOffsets, type ZoneOffsets } from './zone-offsets';

/**
 * import_source.apply_daylightsavings_offset:
 * 0 none: the times are the district's local wall clock (DISTRICT_TIME_ZONE, with daylight saving);
 * 1 one hour added during daylight saving: the logger keeps standard time (MST) all year, so the
 *   local time is the file time plus one hour while daylight saving is in effect;
 * 2 one hour subtracted during standard time: the logger keeps daylight time (MDT) all year, so the
 *   local time is the file time minus one hour while standard time is in effect.
 * Modes 1 and 2 therefore map every file time to exactly one instant (a fixed offset): they have no
 * repeated or missing hour. Mode 0 has both; see resolve().
 */
export type DstMode = 0 | 1 | 2;

export type Resolved = { ok: true; epochMs: number } | { ok: false; message: string };

const MINUTE = 60_000;
const DAY = 86_400_000;

let denver: { zone: string; offsets: ZoneOffsets } | undefined;
function denverOffsets(): ZoneOffsets {
  const zone = districtTimeZone();
  if (denver?.zone !== zone) denver = { zone, offsets: zoneOffsets(zone) };
  return denver.offsets;
}

/** 'YYYY-MM-DD HH:mm' of a wall-clock time held as "wall parts read as UTC" milliseconds. */
export function formatWall(wallMs: number): string {
  const iso = new Date(wallMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/**
 * Turns local wall-clock times of one file or response (in file order) into instants. Keeps the
 * previous instant so the repeated hour of the fall-back day can be told apart.
 */
export class LocalTimeResolver {
  private prev: number | null = null;
  private readonly zone: ZoneOffsets;

  constructor(
    private readonly mode: DstMode,
    zone?: ZoneOffsets,
  ) {
    this.zone = zone ?? denverOffsets();
  }

  /** Records an instant that carried its own UTC offset (no DST rule applies to it). */
  noteInstant(epochMs: number): void {
    this.prev = epochMs;
  }

  /**
   * Mode 0 rules: a local time in the repeated hour (fall back, 01:00-01:59 on the first Sunday of
   * November) is the first occurrence (daylight time) unless the rows already reached or passed
   * that instant, i.e. time went backwards in the file: then it is the second occurrence
   * (standard time). A local time in the missing hour (spring forward, 02:00-02:59 on the second
   * Sunday of March) cannot have been read by a clock that follows daylight saving: the row is bad.
   */
  resolve(wallMs: number): Resolved {
    if (this.mode !== 0) {
      const offsets = this.yearOffsets(wallMs);
      const offset = this.mode === 1 ? offsets.standard : offsets.daylight;
      const epochMs = wallMs - offset * MINUTE;
      this.prev = epochMs;
      return { ok: true, epochMs };
    }
    const a = this.zone.offsetAt(wallMs - DAY);
    const b = this.zone.offsetAt(wallMs + DAY);
    if (a === b) {
      // No transition within a day either side (zones change at most once in two days): one answer.
      const epochMs = wallMs - a * MINUTE;
      this.prev = epochMs;
      return { ok: true, epochMs };
    }
    const candidates: number[] = [];
    for (const o of [a, b]) {
      const t = wallMs - o * MINUTE;
      if (this.zone.offsetAt(t) === o) candidates.push(t);
    }
    candidates.sort((x, y) => x - y);
    if (candidates.length === 0) {
      return {
        ok: false,
        message: `local time ${formatWall(wallMs)} does not exist in ${districtTimeZone()} (clocks skip that hour when daylight saving time starts)`,
      };
    }
    let epochMs = candidates[0];
    if (candidates.length > 1 && this.prev !== null && this.prev >= candidates[0]) epochMs = candidates[candidates.length - 1];
    this.prev = epochMs;
    return { ok: true, epochMs };
  }

  /** Standard and daylight offsets of the wall time's year (equal where the zone has no DST). */
  private yearOffsets(wallMs: number): { standard: number; daylight: number } {
    const year = new Date(wallMs).getUTCFullYear();
    const jan = this.zone.offsetAt(Date.UTC(year, 0, 15));
    const jul = this.zone.offsetAt(Date.UTC(year, 6, 15));
    return { standard: Math.min(jan, jul), daylight: Math.max(jan, jul) };
  }
}
