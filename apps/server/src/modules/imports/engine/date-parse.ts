/**
 * Date and time text of logger files and web services. A time with an explicit UTC offset ('Z',
 * '-06:00') is an instant; without one it is a local wall-clock time that LocalTimeResolver turns
 * into an instant under the source's daylight-saving mode. Wall times are held as the epoch
 * milliseconds of the same wall parts read as UTC ("wallMs"), which makes date math trivial.
 *
 * Accepted dates: ISO 8601 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm[:ss[.fff]][Z|±HH:mm]' (also with a space
 * instead of 'T', which is Campbell TOA5's "YYYY-MM-DD hh:mm:ss"), US 'MM/DD/YYYY [HH:mm[:ss]] [AM|PM]'
 * (one- or two-digit month and day). Accepted separate times: 'HH:mm[:ss[.fff]] [AM|PM]'.
 * Hour 24:00 (some loggers write the end of a day that way) is 00:00 of the next day.
 */
export type ParsedTime = { kind: 'wall'; wallMs: number } | { kind: 'instant'; epochMs: number } | { kind: 'error'; message: string };

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([AP]M)?)?$/i;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*([AP]M)?$/i;

interface Clock {
  h: number;
  mi: number;
  s: number;
  ms: number;
}

function fraction(text: string | undefined): number {
  return text ? Number(text.slice(0, 3).padEnd(3, '0')) : 0;
}

/** Applies AM/PM and range checks; null when the clock reading is impossible. */
function clockOf(
  h: string | undefined,
  mi: string | undefined,
  s: string | undefined,
  frac: string | undefined,
  ampm: string | undefined,
): Clock | null {
  let hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    const pm = ampm.toUpperCase() === 'PM';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (minute > 59 || second > 59) return null;
  if (hour > 24 || (hour === 24 && (minute !== 0 || second !== 0 || fraction(frac) !== 0))) return null;
  return { h: hour, mi: minute, s: second, ms: fraction(frac) };
}

function dateMs(y: number, mo: number, d: number): number | null {
  if (mo < 1 || mo > 12 || d < 1) return null;
  const ms = Date.UTC(y, mo - 1, d);
  return new Date(ms).getUTCDate() === d ? ms : null;
}

function offsetMinutes(tz: string): number {
  if (tz.toUpperCase() === 'Z') return 0;
  const sign = tz[0] === '-' ? -1 : 1;
  const digits = tz.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits at i, or -1. */
function two(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * 'YYYY-MM-DD hh:mm[:ss]' (or with 'T'), by far the most common logger form, without regular
 * expressions: a million-row file spends most of its parse time here. null = use the general path.
 */
function fastIsoWall(s: string): number | null {
  if ((s.length !== 19 && s.length !== 16) || s[4] !== '-' || s[7] !== '-' || (s[10] !== ' ' && s[10] !== 'T') || s[13] !== ':')
    return null;
  const c = two(s, 0);
  const y = two(s, 2);
  const mo = two(s, 5);
  const d = two(s, 8);
  const h = two(s, 11);
  const mi = two(s, 14);
  let sec = 0;
  if (s.length === 19) {
    if (s[16] !== ':') return null;
    sec = two(s, 17);
  }
  if (c < 0 || y < 0 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59) return null;
  const year = c * 100 + y;
  if (d > DAYS_IN_MONTH[mo - 1] || (mo === 2 && d === 29 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)))) return null;
  return Date.UTC(year, mo - 1, d, h, mi, sec);
}

/** Parses a date (with or without a time) and, when the source has a separate time column, that time. */
export function parseDateTime(dateText: string, timeText?: string): ParsedTime {
  if (timeText === undefined) {
    const fast = fastIsoWall(dateText);
    if (fast !== null) return { kind: 'wall', wallMs: fast };
  }
  const date = dateText.trim();
  let day: number | null;
  let clock: Clock | null;
  let tz: string | undefined;
  let m = ISO.exec(date);
  if (m) {
    day = dateMs(Number(m[1]), Number(m[2]), Number(m[3]));
    clock = clockOf(m[4], m[5], m[6], m[7], undefined);
    tz = m[8];
  } else if ((m = US.exec(date))) {
    day = dateMs(Number(m[3]), Number(m[1]), Number(m[2]));
    clock = clockOf(m[4], m[5], m[6], m[7], m[8]);
  } else {
    return {
      kind: 'error',
      message: `date "${shorten(date)}" is not a recognised date (YYYY-MM-DD[ hh:mm[:ss]] or MM/DD/YYYY[ hh:mm[:ss]])`,
    };
  }
  if (day === null || clock === null) return { kind: 'error', message: `date "${shorten(date)}" is not a valid calendar date and time` };
  if (timeText !== undefined) {
    // A separate time column wins over any time written into the date column (spreadsheet exports write 0:00:00 there).
    const t = TIME.exec(timeText.trim());
    const c = t ? clockOf(t[1], t[2], t[3], t[4], t[5]) : null;
    if (!c) return { kind: 'error', message: `time "${shorten(timeText.trim())}" is not a valid time (hh:mm[:ss])` };
    clock = c;
  }
  const wallMs = day + ((clock.h * 60 + clock.mi) * 60 + clock.s) * 1000 + clock.ms;
  if (tz !== undefined) return { kind: 'instant', epochMs: wallMs - offsetMinutes(tz) * 60_000 };
  return { kind: 'wall', wallMs };
}

/** Keeps error messages readable when a field holds a whole line of junk. */
export function shorten(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Parses a measured value; null for text that is not a finite number. */
export function parseValue(text: string): number | null {
  const t = text.trim();
  if (t === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return null;
  return Number(t);
}

/** Logger and export conventions for "no reading": these rows are ignored, not errors. */
export function isMissingMarker(text: string): boolean {
  const t = text.trim().toUpperCase();
  return t === '' || t === 'NAN' || t === 'NA' || t === 'N/A' || t === 'NULL' || t === '-INF' || t === 'INF';
}
