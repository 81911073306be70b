import { useMemo, useState } from 'react';
import type { PublicMapFilters } from '@portal/contracts';
import { allValues, EMPTY_FILTER_VALUES, type LocationFilterValues } from '../../../map/location-filters';

export interface LocationFiltersState {
  values: LocationFilterValues;
  setValues: (key: keyof LocationFilterValues, values: number[]) => void;
}

/**
 * The staff filters: empty until the options load, then every option selected
 * until the user changes something.
 */
export function useLocationFilters(options: PublicMapFilters | undefined): LocationFiltersState {
  const [changed, setChanged] = useState<Partial<LocationFilterValues>>({});
  const values = useMemo<LocationFilterValues>(() => {
    if (!options) return EMPTY_FILTER_VALUES;
    return {
      reportingStatus: changed.reportingStatus ?? allValues(options.reportingStatus),
      locationTypes: changed.locationTypes ?? allValues(options.locationTypes),
    };
  }, [options, changed]);
  const setValues = (key: keyof LocationFilterValues, next: number[]) => setChanged((c) => ({ ...c, [key]: next }));
  return { values, setValues };
}
