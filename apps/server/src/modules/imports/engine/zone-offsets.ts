/**
 * UTC offsets of one IANA time zone, fast enough for millions of rows: the zone's transitions
 * are found once per calendar year through Intl (the runtime's tz database), then every lookup
 * is a short scan of that year's list. Per-row Intl calls would dominate a large file import.
 */
export interface ZoneOffsets {
  /** Offset (minutes east of UTC, e.g. -420 for MST) in effect at an instant. */
  offsetAt(epochMs: number): number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function zoneOffsets(timeZone: string): ZoneOffsets {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const intlOffset = (ms: number): number => {
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    return Math.round((wallAsUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
  };

  /** Per UTC year: offset at the year's start, then [instant, offset from then on] in order. */
  const years = new Map<number, { start: number; changes: [number, number][] }>();
  const yearInfo = (year: number) => {
    let info = years.get(year);
    if (info) return info;
    const from = Date.UTC(year, 0, 1);
    const to = Date.UTC(year + 1, 0, 1);
    const changes: [number, number][] = [];
    let prevMs = from;
    let prev = intlOffset(from);
    const start = prev;
    for (let ms = from + DAY; ms <= to; ms += DAY) {
      const cur = intlOffset(Math.min(ms, to - 1));
      if (cur !== prev) {
        // Binary search the minute the offset changed within (prevMs, ms].
        let lo = prevMs;
        let hi = Math.min(ms, to - 1);
        while (hi - lo > 60_000) {
          const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
          if (intlOffset(mid) === prev) lo = mid;
          else hi = mid;
        }
        changes.push([hi, cur]);
        prev = cur;
      }
      prevMs = ms;
    }
    info = { start, changes };
    years.set(year, info);
    return info;
  };

  // Consecutive rows fall in the same stretch between two transitions: remember the last one.
  let segFrom = 0;
  let segTo = -1;
  let segOffset = 0;
  return {
    offsetAt(epochMs: number): number {
      if (epochMs >= segFrom && epochMs < segTo) return segOffset;
      const year = new Date(epochMs).getUTCFullYear();
      const info = yearInfo(year);
      let from = Date.UTC(year, 0, 1);
      let to = Date.UTC(year + 1, 0, 1);
      let off = info.start;
      for (const [at, o] of info.changes) {
        if (epochMs < at) {
          to = at;
          break;
        }
        off = o;
        from = at;
      }
      segFrom = from;
      segTo = to;
      segOffset = off;
      return off;
    },
  };
}
