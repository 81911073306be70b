import CategoryIcon from '@mui/icons-material/Category';
import SensorsIcon from '@mui/icons-material/Sensors';
import type { PublicMapFilters } from '@portal/contracts';
import type { LocationFiltersState } from '../hooks/use-location-filters';
import { FilterMenuButton } from './filter-menu-button';

interface StaffMapFiltersProps {
  filterOptions: PublicMapFilters | undefined;
  filters: LocationFiltersState;
  compact: boolean;
}

/** The staff's location filters (reporting status, location types): a visitor's map never shows them. */
export function StaffMapFilters({ filterOptions, filters, compact }: StaffMapFiltersProps) {
  return (
    <>
      <FilterMenuButton
        label="Reporting Status"
        options={filterOptions?.reportingStatus}
        selected={filters.values.reportingStatus}
        onChange={(v) => filters.setValues('reportingStatus', v)}
        icon={<SensorsIcon fontSize="small" />}
        compact={compact}
      />
      <FilterMenuButton
        label="Location Types"
        options={filterOptions?.locationTypes}
        selected={filters.values.locationTypes}
        onChange={(v) => filters.setValues('locationTypes', v)}
        icon={<CategoryIcon fontSize="small" />}
        compact={compact}
      />
    </>
  );
}
