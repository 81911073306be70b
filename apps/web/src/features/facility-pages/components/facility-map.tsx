import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mui/material';
import { UNITED_LOCATIONS_SOURCE_ID, type FacilityDetail, type FacilitySummaryLocation, type PublicMapSource } from '@portal/contracts';
import { EMPTY_STYLE, useMaplibreMap } from '../../../map/use-maplibre-map';
import { useSession } from '../../../lib/session';
import { useBasemaps } from '../../../api/public-map/get-basemaps';
import { usePublicMapLayers } from '../../../api/public-map/get-layers';
import { useUnitedLocations } from '../../../api/public-map/get-united-locations';
import { FeaturePopup } from '../../../map/feature-popup';
import { POPUP_MAX_WIDTH } from '../../../map/popup-size';
import type { PopupFeature } from '../../../map/popup-feature';
import { BasemapToggle } from '../../../map/basemap-toggle';
import { useBasemap } from '../../../map/use-basemap';
import { useLayerPopup } from '../../../map/use-layer-popup';
import { useMapOverlay } from '../../../map/use-map-overlay';
import { EMPTY_FILTER_VALUES } from '../../../map/location-filters';
import { initialLayerSettings } from '../../../map/map-layers';
import { useFacilityHighlight } from '../hooks/use-facility-highlight';
import { facilityBasemaps, facilityMapView } from '../lib/facility-map-view';

export const FACILITY_MAP_CONTAINER_ID = 'facility-map';

/**
 * A panel the map hosts (the time-series feature's graph panel, given by the page that composes
 * both): `renderActions` adds links to a feature popup, `panel` shows under the map.
 */
export interface MapPanel {
  renderActions: (feature: PopupFeature) => ReactNode;
  panel: ReactNode;
}

interface FacilityMapProps {
  facility: FacilityDetail;
  /** The facility's locations (ringed on the map; they also centre it when no centre is stored). */
  locations: readonly FacilitySummaryLocation[] | undefined;
  height?: number | string;
  /** Graph links in popups and the graph panel under the map. */
  graphPanel?: MapPanel;
}

/**
 * The facility map: a Satellite basemap with buttons for Streets and Outdoors, opened on
 * the facility's stored centre and zoom, showing the private (united) locations layer with the
 * same symbols, popups and graph links as the staff map.
 */
export function FacilityMap({ facility, locations, height = 480, graphPanel }: FacilityMapProps) {
  const { user } = useSession();
  const containerRef = useRef<HTMLDivElement>(null);
  const basemapsQuery = useBasemaps();
  const layersQuery = usePublicMapLayers(true);
  const unitedQuery = useUnitedLocations(user?.profile.sub, true);

  const basemaps = useMemo(() => facilityBasemaps(basemapsQuery.data ?? []), [basemapsQuery.data]);
  // Without any of the three basemaps the map still opens (our layers on an empty style).
  const initialStyle = basemaps[0]?.style ?? (basemapsQuery.isError || basemapsQuery.data ? EMPTY_STYLE : null);
  // The view is decided once, from the first answers: later refetches must not move the map under the user.
  const [view] = useState(() => facilityMapView(facility, locations ?? []));
  const map = useMaplibreMap(containerRef, { style: initialStyle, center: view.center, zoom: view.zoom });
  const basemap = useBasemap(map, basemaps);

  useEffect(() => {
    if (map && view.kind === 'bounds') map.fitBounds(view.bounds, { padding: 48, maxZoom: 16, duration: 0 });
  }, [map, view]);

  // Only the private locations layer(s): the layers of the united-locations source.
  const layers = useMemo(() => (layersQuery.data ?? []).filter((l) => l.source === UNITED_LOCATIONS_SOURCE_ID), [layersQuery.data]);
  const settings = useMemo(() => {
    const base = initialLayerSettings(layers);
    // The layer may start hidden on the public map's panel; here it is the point of the map.
    for (const id of Object.keys(base)) base[id] = { ...base[id], visible: true };
    return base;
  }, [layers]);
  const sources = useMemo<PublicMapSource[] | undefined>(
    () => (unitedQuery.data ? [{ id: UNITED_LOCATIONS_SOURCE_ID, data: unitedQuery.data.data }] : undefined),
    [unitedQuery.data],
  );
  useMapOverlay(map, {
    layers,
    sources,
    united: undefined,
    settings,
    // No staff filter bar here: the server's styling and filters stay as they are.
    isStaff: false,
    filterValues: EMPTY_FILTER_VALUES,
    filterOptions: undefined,
    colorBy: 'default',
    fonts: basemap.fonts,
    // One identifier: the labels name wells as the page's tables do.
    labelBy: 'location-id',
    styleVersion: basemap.styleVersion,
    switching: basemap.switching,
  });
  useFacilityHighlight(map, locations, { styleVersion: basemap.styleVersion, switching: basemap.switching, beneathLayerId: layers[0]?.id });

  const { click, page, setPage, popupLayers, container: popupContainer } = useLayerPopup(map, layers, POPUP_MAX_WIDTH.staff);

  return (
    <Box sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <Box sx={{ position: 'relative', height, minHeight: 320 }}>
        <Box
          id={FACILITY_MAP_CONTAINER_ID}
          ref={containerRef}
          data-basemap={basemap.current?.name ?? ''}
          data-basemap-loading={basemap.switching ? 'true' : 'false'}
          data-view={view.kind}
          // Sized, not absolutely placed: maplibre-gl.css gives .maplibregl-map position: relative,
          // and in this lazily loaded chunk that stylesheet can come after ours.
          sx={{ width: '100%', height: '100%' }}
        />
        <BasemapToggle basemaps={basemaps} basemap={basemap} loading={!map} />
      </Box>
      {/* Graph links open the data-visualization panel under the map; the page grows to hold it. */}
      {graphPanel?.panel}
      {click
        ? createPortal(
            <FeaturePopup
              features={click.features}
              page={page}
              onPageChange={setPage}
              layers={popupLayers}
              renderActions={graphPanel?.renderActions}
            />,
            popupContainer,
          )
        : null}
    </Box>
  );
}
