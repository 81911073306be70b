import { useEffect, useMemo } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { FacilitySummaryLocation } from '@portal/contracts';

export const FACILITY_HIGHLIGHT_SOURCE_ID = 'facility-locations';
export const FACILITY_HIGHLIGHT_LAYER_ID = 'facility-locations-halo';

/**
 * Rings the facility's own locations on its map, so they stand out among the district's other
 * private locations. Drawn under the location symbols; added again after every basemap switch
 * (`styleVersion`), which drops everything that is not part of the new style.
 */
export function useFacilityHighlight(
  map: MapLibreMap | null,
  locations: readonly FacilitySummaryLocation[] | undefined,
  opts: { styleVersion: number; switching: boolean; beneathLayerId?: string },
): void {
  const { styleVersion, switching, beneathLayerId } = opts;
  const data = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: (locations ?? [])
        .filter((l) => l.latitude !== null && l.longitude !== null)
        .map((l) => ({
          type: 'Feature',
          id: l.location_ndx,
          geometry: { type: 'Point', coordinates: [l.longitude!, l.latitude!] },
          properties: { location_id: l.location_id, location_name: l.location_name },
        })),
    }),
    [locations],
  );

  useEffect(() => {
    if (!map || styleVersion === 0 || switching) return;
    const source = map.getSource(FACILITY_HIGHLIGHT_SOURCE_ID) as GeoJSONSource | undefined;
    if (source) source.setData(data);
    else map.addSource(FACILITY_HIGHLIGHT_SOURCE_ID, { type: 'geojson', data });
    if (!map.getLayer(FACILITY_HIGHLIGHT_LAYER_ID)) {
      const before = beneathLayerId && map.getLayer(beneathLayerId) ? beneathLayerId : undefined;
      map.addLayer(
        {
          id: FACILITY_HIGHLIGHT_LAYER_ID,
          type: 'circle',
          source: FACILITY_HIGHLIGHT_SOURCE_ID,
          paint: {
            'circle-radius': 13,
            'circle-color': 'rgba(255, 213, 79, 0.35)',
            'circle-stroke-color': '#FFD54F',
            'circle-stroke-width': 2.5,
          },
        },
        before,
      );
    }
    map.getContainer().dataset.facilityLocations = String(data.features.length);
  }, [map, data, styleVersion, switching, beneathLayerId]);
}
