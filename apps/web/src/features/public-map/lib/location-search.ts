import type { FuseResult } from 'fuse.js';
import { PUBLIC_LOCATIONS_SOURCE_ID, UNITED_LOCATIONS_SOURCE_ID, type FeatureCollectionDto } from '@portal/contracts';
import { parseCoordinates, type CoordinateResult } from './coordinate-search';

/** At most 49 results, 200 ms after the last keystroke, fly to zoom 16. */
export const MAX_SEARCH_RESULTS = 49;
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_FLY_TO_ZOOM = 16;

export type SearchSourceId = typeof PUBLIC_LOCATIONS_SOURCE_ID | typeof UNITED_LOCATIONS_SOURCE_ID;

export const SEARCH_SOURCE_LABELS: Record<SearchSourceId, string> = {
  [PUBLIC_LOCATIONS_SOURCE_ID]: 'Public Locations',
  [UNITED_LOCATIONS_SOURCE_ID]: 'United Locations',
};

/** Anonymous visitors search public locations; staff also (and by default) united locations. */
export function searchSourcesFor(isStaff: boolean): SearchSourceId[] {
  return isStaff ? [UNITED_LOCATIONS_SOURCE_ID, PUBLIC_LOCATIONS_SOURCE_ID] : [PUBLIC_LOCATIONS_SOURCE_ID];
}

export interface LocationSearchItem {
  key: string;
  name: string;
  locationId: string;
  label: string;
  wellNumber: string | null;
  type: string;
  lat: number;
  lng: number;
}

export type SearchResult = (LocationSearchItem & { kind: 'location' }) | (CoordinateResult & { kind: 'coordinate'; key: string });

const str = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** The searchable view of a location source; features without a point are left out. */
export function toSearchItems(data: FeatureCollectionDto | undefined): LocationSearchItem[] {
  if (!data) return [];
  return data.features.flatMap((f, i) => {
    const coords = f.geometry?.type === 'Point' ? (f.geometry.coordinates as unknown[]) : null;
    const [lng, lat] = Array.isArray(coords) ? coords.map(Number) : [NaN, NaN];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return [];
    const p = f.properties ?? {};
    return [
      {
        key: String(f.id ?? p.location_ndx ?? i),
        name: str(p.location_name) || str(p.location_display_label) || str(p.location_id),
        locationId: str(p.location_id),
        label: str(p.location_display_label),
        wellNumber: p.cuwcd_well_number == null ? null : str(p.cuwcd_well_number),
        type: str(p.locationtype),
        lat,
        lng,
      },
    ];
  });
}

/** The fuzzy index of a source's locations (fuse.js, in location-search-index.ts: loaded when somebody searches). */
export interface SearchIndex {
  search(query: string, options: { limit: number }): Array<FuseResult<LocationSearchItem>>;
}

/**
 * Coordinates win over names; otherwise the best fuzzy matches, at most 49. Empty text finds
 * nothing; names find nothing until the index is there (null while its code loads).
 */
export function searchLocations(index: SearchIndex | null, text: string): SearchResult[] {
  const query = text.trim();
  if (!query) return [];
  const place = parseCoordinates(query);
  if (place) return [{ ...place, kind: 'coordinate', key: `coordinate:${place.lat},${place.lng}` }];
  if (!index) return [];
  return index.search(query, { limit: MAX_SEARCH_RESULTS }).map((r) => ({ ...r.item, kind: 'location' as const }));
}
