import { DEFAULT_DISTRICT_TIME_ZONE, isValidTimeZone, todayIn, type CalendarDay } from '@portal/contracts';

/**
 * Every timestamp is stored in UTC and displayed in the district's zone. The zone is
 * the server's DISTRICT_TIME_ZONE, read from GET /api/config (features/auth/api/get-client-config.ts
 * sets it here); until that answer arrives the contract's default stands in.
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
