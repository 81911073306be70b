import { lazy, Suspense, type ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import {
  COLOR_BY_STYLES,
  PUBLIC_COLOR_BY_STYLES,
  type ColorByStyle,
  type FeatureCollectionDto,
  type PublicMapFilters,
} from '@portal/contracts';
import type { LocationFiltersState } from '../hooks/use-location-filters';
import type { SearchResult, SearchSourceId } from '../lib/location-search';
import { ColorByButton } from './color-by-button';
import { LocationSearch } from './location-search';

// Only staff filter the map: its filter menus (checkboxes, badges) load with a staff session, never for a visitor.
const StaffMapFilters = lazy(async () => ({ default: (await import('./staff-map-filters')).StaffMapFilters }));

interface MapToolbarProps {
  isStaff: boolean;
  searchSources: SearchSourceId[];
  searchData: Partial<Record<SearchSourceId, FeatureCollectionDto>>;
  onSearchSelect: (result: SearchResult) => void;
  filterOptions: PublicMapFilters | undefined;
  filters: LocationFiltersState;
  colorBy: ColorByStyle;
  onColorByChange: (style: ColorByStyle) => void;
  /** Shown at the right end of the bar (the export split button). */
  actions?: ReactNode;
}

/**
 * The map's top bar: search and 'Color by' for everybody; filters and the location-type colours for staff. From the desktop
 * breakpoint up to 1919 px (the side menu beside the map) the staff buttons show their icon only,
 * the name in a tooltip and as the accessible name, so the bar keeps to one row at 1280 and
 * 1440 px with room left for the search box's hint.
 */
export function MapToolbar(props: MapToolbarProps) {
  const { isStaff, filterOptions, filters } = props;
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.between('md', 'xxl'), { noSsr: true });
  return (
    <Box
      role="toolbar"
      aria-label="Map tools"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 2, lg: 1.5 },
        px: { xs: 3, lg: 2 },
        py: 2,
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <LocationSearch sources={props.searchSources} data={props.searchData} onSelect={props.onSearchSelect} />
      {isStaff ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, lg: 1 } }}>
          <Suspense fallback={null}>
            <StaffMapFilters filterOptions={filterOptions} filters={filters} compact={compact} />
          </Suspense>
          <ColorByButton
            value={props.colorBy}
            styles={COLOR_BY_STYLES}
            onChange={props.onColorByChange}
            locationTypes={filterOptions?.locationTypes ?? []}
            compact={compact}
          />
        </Box>
      ) : (
        <ColorByButton
          value={props.colorBy}
          styles={PUBLIC_COLOR_BY_STYLES}
          onChange={props.onColorByChange}
          locationTypes={[]}
          compact={compact}
        />
      )}
      {props.actions ? <Box sx={{ ml: 'auto', display: 'flex', gap: 2 }}>{props.actions}</Box> : null}
    </Box>
  );
}
