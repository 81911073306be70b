import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { DEFAULT_DISTRICT_TIME_ZONE, isValidTimeZone, todayIn, type CalendarDay } from '@portal/contracts';

/**
 * Every timestamp is stored in UTC and displayed in the district's zone. The zone is
 * the server's DISTRICT_TIME_ZONE, read from GET /api/config (features/auth/api/get-client-config.ts
 * sets it here); until that answer arrives the contract's default stands in.
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

/** The @date-fns/tz context of the district zone, for `format(..., { in: inDistrict() })`. */
export function inDistrict() {
  return tz(zone);
}

/** Today in the district. */
export function districtToday(now: Date = new Date()): CalendarDay {
  return todayIn(zone, now);
}

export const DATE_FORMAT = 'MM/dd/yyyy';
export const TIMESTAMP_FORMAT = 'MM/dd/yyyy, h:mm a';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** MM/dd/yyyy in the district zone; 'N/A' for missing or unparsable values. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? format(date, DATE_FORMAT, { in: inDistrict() }) : 'N/A';
}

/** 'MM/dd/yyyy, h:mm a' in the district zone; 'N/A' for missing or unparsable values. */
export function formatTimestamp(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? format(date, TIMESTAMP_FORMAT, { in: inDistrict() }) : 'N/A';
}

/** The current calendar year in the district (the footer's copyright line). */
export function currentYear(now: Date = new Date()): number {
  return Number(format(now, 'yyyy', { in: inDistrict() }));
}
