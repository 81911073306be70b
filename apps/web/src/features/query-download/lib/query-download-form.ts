import {
  daysBefore,
  MAX_RANGE_DAYS,
  parseInterval,
  type CalendarDay,
  type DisplayFacility,
  type QueryDownloadInterval,
} from '@portal/contracts';
import { districtToday } from '../../../lib/time';

/** Start three days before today, end today, daily, facility type 1. */
export const DEFAULT_DAYS_RANGE = 3;
export const DEFAULT_INTERVAL: QueryDownloadInterval = 'daily';
export const DEFAULT_FACILITY_TYPES: readonly number[] = [1];
/** Longest daysRange a link may ask for (the daily limit). */
const MAX_DAYS_RANGE = MAX_RANGE_DAYS.daily;

/** The form as the query string prefills it (docs/decisions/0011-query-download.md). */
export interface InitialQueryDownloadForm {
  startDate: CalendarDay;
  endDate: CalendarDay;
  interval: QueryDownloadInterval;
  /** null: not in the link; the page then uses the types of the linked facilities, or type 1. */
  facilityTypes: number[] | null;
  facilities: number[];
}

/** Positive whole numbers of a comma list, in order, without repeats; anything else is skipped. */
export function parseIdList(text: string | null): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((n) => n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)];
}

/** Reads daysRange, timeInterval ('data-daily' / 'data-15min'), facilityTypes and facilities. */
export function initialForm(search: URLSearchParams, now: Date = new Date()): InitialQueryDownloadForm {
  const daysText = search.get('daysRange')?.trim() ?? '';
  const days = /^\d+$/.test(daysText) && Number(daysText) <= MAX_DAYS_RANGE ? Number(daysText) : DEFAULT_DAYS_RANGE;
  const interval: QueryDownloadInterval = parseInterval(search.get('timeInterval')) ?? DEFAULT_INTERVAL;
  const types = parseIdList(search.get('facilityTypes'));
  const today = districtToday(now);
  return {
    startDate: daysBefore(today, days),
    endDate: today,
    interval,
    facilityTypes: types.length > 0 ? types : null,
    facilities: parseIdList(search.get('facilities')),
  };
}

/** Types shown as chosen before the user touches them: the link's, else those of the linked facilities, else type 1. */
export function defaultFacilityTypes(linkedFacilities: readonly number[], facilities: readonly DisplayFacility[]): number[] {
  const linked = new Set(linkedFacilities);
  const types = [...new Set(facilities.filter((f) => linked.has(f.facility_ndx)).map((f) => f.facility_type_ndx))];
  return types.length > 0 ? types : [...DEFAULT_FACILITY_TYPES];
}

/** Facilities of the chosen types, in list order. */
export function facilitiesOfTypes(facilities: readonly DisplayFacility[], types: readonly number[]): DisplayFacility[] {
  const chosen = new Set(types);
  return facilities.filter((f) => chosen.has(f.facility_type_ndx));
}

/** The chosen facilities that are listed (the caller may open them) and belong to the chosen types. */
export function keepFacilitiesOfTypes(
  selected: readonly number[],
  facilities: readonly DisplayFacility[],
  types: readonly number[],
): number[] {
  const allowed = new Set(facilitiesOfTypes(facilities, types).map((f) => f.facility_ndx));
  return selected.filter((ndx) => allowed.has(ndx));
}

/** A facility, a parameter group, both dates (valid) and nothing loading. */
export function canDownload(state: { facilities: number; groups: number; dates: { ok: boolean }; loading: boolean }): boolean {
  return state.facilities > 0 && state.groups > 0 && state.dates.ok && !state.loading;
}
