import { DEFAULT_DISTRICT_TIME_ZONE, isValidTimeZone, todayIn, wallClockText, type CalendarDay } from '@portal/contracts';

/**
 * Every timestamp is stored in UTC and displayed in the district's zone. The zone is
 * the server's DISTRICT_TIME_ZONE, from the client configuration the page's HTML carries, or else
 * GET /api/config (features/auth/api/get-client-config.ts sets it here); until one of them is read
 * the contract's default stands in.
 * The app shell reads the zone from here; formatting (date-fns) lives in lib/time.ts, so that
 * library loads with the pages that format dates, not with the shell.
 */
let zone = DEFAULT_DISTRICT_TIME_ZONE;

/** Uses the district zone of the client configuration; an unknown name is ignored. */
export function setDistrictTimeZone(next: string): void {
  if (isValidTimeZone(next)) zone = next;
}

/** The district's IANA zone in use. */
export function districtTimeZone(): string {
  return zone;
}

/** Today in the district. */
export function districtToday(now: Date = new Date()): CalendarDay {
  return todayIn(zone, now);
}

/** The current calendar year in the district (the footer's copyright line). */
export function currentYear(now: Date = new Date()): number {
  return Number(districtToday(now).slice(0, 4));
}

type DateInput = Date | string | number;

/**
 * 'MM/dd/yyyy, h:mm a' in the district zone (seconds dropped, not rounded); 'N/A' for missing or
 * unparsable values. Written on the zone's wall clock rather than with date-fns, so the map's
 * popups can show times without loading a date library.
 */
export function formatTimestamp(value: DateInput | null | undefined): string {
  const date = value == null ? null : value instanceof Date ? value : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return 'N/A';
  const [day, time] = wallClockText(date, zone).split(' ');
  const [year, month, dayOfMonth] = day.split('-');
  const [hour, minute] = time.split(':').map(Number);
  return `${month}/${dayOfMonth}/${year}, ${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}
