import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { districtTimeZone } from './district-zone';

export { currentYear, districtTimeZone, districtToday, formatTimestamp, setDistrictTimeZone } from './district-zone';

/** The @date-fns/tz context of the district zone, for `format(..., { in: inDistrict() })`. */
export function inDistrict() {
  return tz(districtTimeZone());
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
