import { format } from 'date-fns';
import { tz } from '@date-fns/tz';

/** Every timestamp is stored in UTC and displayed in the district's zone (part 1 §9). */
export const APP_TIME_ZONE = 'America/Denver';

export const DATE_FORMAT = 'MM/dd/yyyy';
export const TIMESTAMP_FORMAT = 'MM/dd/yyyy, h:mm a';

const inDistrict = tz(APP_TIME_ZONE);

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** MM/dd/yyyy in America/Denver; 'N/A' for missing or unparsable values. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? format(date, DATE_FORMAT, { in: inDistrict }) : 'N/A';
}

/** 'MM/dd/yyyy, h:mm a' in America/Denver; 'N/A' for missing or unparsable values. */
export function formatTimestamp(value: DateInput | null | undefined): string {
  const date = value == null ? null : toDate(value);
  return date ? format(date, TIMESTAMP_FORMAT, { in: inDistrict }) : 'N/A';
}

/** The current calendar year in the district (the footer's copyright line). */
export function currentYear(now: Date = new Date()): number {
  return Number(format(now, 'yyyy', { in: inDistrict }));
}

/** Today in the district as 'YYYY-MM-DD'. */
export function districtToday(now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(APP_TIME_ZONE) });
}
