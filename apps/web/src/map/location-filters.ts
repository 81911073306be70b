import type { FilterSpecification } from 'maplibre-gl';
import type { FilterOption } from '@portal/contracts';

/** The staff filters' state: selected option values (reporting_status_ndx / location_type_ndx). */
export interface LocationFilterValues {
  reportingStatus: number[];
  locationTypes: number[];
}

export const EMPTY_FILTER_VALUES: LocationFilterValues = { reportingStatus: [], locationTypes: [] };

/** Feature properties the filter values are matched against (see the contract's filter schema). */
export const FILTER_PROPERTIES: Record<keyof LocationFilterValues, string> = {
  reportingStatus: 'reporting_status_ndx',
  locationTypes: 'location_type_ndx',
};

/** Toggling a checkbox adds or removes its value. */
export function toggleValue(selected: readonly number[], value: number): number[] {
  return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
}

export const allValues = (options: readonly FilterOption[]): number[] => options.map((o) => o.value);

/**
 * One condition per filter. When every option is selected the condition is left out, so a
 * location with no value yet (e.g. no reporting status) is not hidden by "all selected".
 * `options === undefined` means the options have not loaded: nothing is filtered yet.
 */
function condition(
  property: string,
  selected: readonly number[],
  options: readonly FilterOption[] | undefined,
): FilterSpecification | null {
  if (!options) return null;
  const everything = options.length > 0 && options.every((o) => selected.includes(o.value));
  if (everything) return null;
  return ['in', ['get', property], ['literal', [...selected]]] as FilterSpecification;
}

/**
 * The MapLibre filter of a location layer: its own filter from the server (if any) AND the
 * staff filters. Returns null when nothing restricts the layer (MapLibre clears the filter).
 */
export function buildLocationFilter(
  baseFilter: unknown,
  values: LocationFilterValues,
  options: { reportingStatus?: readonly FilterOption[]; locationTypes?: readonly FilterOption[] },
): FilterSpecification | null {
  const parts = [
    condition(FILTER_PROPERTIES.reportingStatus, values.reportingStatus, options.reportingStatus),
    condition(FILTER_PROPERTIES.locationTypes, values.locationTypes, options.locationTypes),
  ].filter((p): p is FilterSpecification => p !== null);
  const base = baseFilter ? [baseFilter as FilterSpecification] : [];
  const all = [...base, ...parts];
  if (all.length === 0) return null;
  if (all.length === 1) return all[0];
  return ['all', ...all] as FilterSpecification;
}
