import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createPortal } from 'react-dom';
import { Box, CircularProgress, FormControlLabel, Switch, useMediaQuery, type Theme } from '@mui/material';
import LayersIcon from '@mui/icons-material/Layers';
import MapIcon from '@mui/icons-material/Map';
import { PUBLIC_LOCATIONS_SOURCE_ID, UNITED_LOCATIONS_SOURCE_ID, type ColorByStyle } from '@portal/contracts';
import { useMaplibreMap } from '../../map/use-maplibre-map';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { prefetchWhenIdle } from '../../lib/prefetch';
import { useBasemaps } from '../../api/public-map/get-basemaps';
import { usePublicMapFilters } from '../../features/public-map/api/get-filters';
import { usePublicMapLayers } from '../../api/public-map/get-layers';
import { usePublicMapSources } from '../../api/public-map/get-sources';
import { useUnitedLocations } from '../../api/public-map/get-united-locations';
import { fetchLocationPopup } from '../../api/public-map/get-location-popup';
import { useBasemap } from '../../map/use-basemap';
import { BasemapFallbackNotice } from '../../map/basemap-fallback-notice';
import { useLayerPopup } from '../../map/use-layer-popup';
import { useLocationFilters } from '../../features/public-map/hooks/use-location-filters';
import { useMapOverlay } from '../../map/use-map-overlay';
import { searchSourcesFor, SEARCH_FLY_TO_ZOOM, type SearchResult } from '../../features/public-map/lib/location-search';
import { groupLayers, initialLayerSettings, type LayerSetting } from '../../map/map-layers';
import { clampPage, popupTitle, type PopupFeature } from '../../map/popup-feature';
import { locationOfFeature, locationOfSearchResult, type SelectedLocation } from '../../features/public-map/lib/selected-location';
import { usePlaceMarker } from '../../map/use-place-marker';
import { BasemapsSection } from '../../features/public-map/components/basemaps-section';
import { DisclaimerDialog } from '../../features/public-map/components/disclaimer-dialog';
import { LazyFeaturePopup, loadFeaturePopup } from '../../map/lazy-feature-popup';
import { POPUP_MAX_WIDTH } from '../../map/popup-size';
import { LayersSection } from '../../features/public-map/components/layers-section';
import { MapSidePanel } from '../../features/public-map/components/map-side-panel';
import { MapToolbar } from '../../features/public-map/components/map-toolbar';
import { useGraphPanel } from '../../features/timeseries/components/use-graph-panel';
import { useGraphLink } from '../../features/timeseries/hooks/use-graph-link';
import { ExportSplitButton } from '../../features/map-export/components/export-split-button';
import { MapDrawTools } from '../../features/map-tools/components/map-draw-tools';
import { useRadiusTool } from '../../features/map-tools/hooks/use-radius-tool';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import { useLatestClasses } from '../../api/series-normals/get-latest-classes';
import { PercentileLegendOverlay } from '../../features/public-map/components/percentile-legend-overlay';

// The radius tool's form loads when its section is first opened.
const RadiusToolSection = lazy(async () => ({
  default: (await import('../../features/map-tools/components/radius-tool-section')).RadiusToolSection,
}));
// The popup's radius link loads with the first popup, or ahead of it once the page is idle.
const loadRadiusPopupAction = () => import('../../features/map-tools/components/radius-popup-action');
const RadiusPopupAction = lazy(async () => ({ default: (await loadRadiusPopupAction()).RadiusPopupAction }));
// Developers only: their tools load when a Developer opens the map.
const MapDevTools = lazy(async () => ({ default: (await import('../../features/public-map/components/map-dev-tools')).MapDevTools }));

/** The district's default view. */
export const DEFAULT_CENTER: [number, number] = [-104.78, 40.27];
export const DEFAULT_ZOOM = 8.4;
export const PUBLIC_MAP_CONTAINER_ID = 'public-map';
/**
 * The map keeps at least this height when the data-visualization panel opens under it (so a 1280x720
 * window holds the map, a 240 px chart and the footer): room for the
 * drawing toolbar (about 210 px from the top), which is clipped below it.
 */
const MAP_MIN_HEIGHT_PX = 216;
/**
 * With the graph panel expanded, or open on a phone, the map keeps a strip of this height: the
 * chart gets the window, the map stays in view (pan, click) and Collapse or Close gives it its room back.
 */
const MAP_STRIP_PX = 120;

/** Beside an expanded panel, or any open panel on a phone, the map is a strip. */
const mapIsStrip = (panel: 'closed' | 'collapsed' | 'expanded', small: boolean) => panel === 'expanded' || (panel === 'collapsed' && small);

function mapMinHeight(panel: 'closed' | 'collapsed' | 'expanded', small: boolean): number {
  return mapIsStrip(panel, small) ? MAP_STRIP_PX : MAP_MIN_HEIGHT_PX;
}

/**
 * The public map (route PUBLIC_MAP): public layers for everybody, the private layer and tools for
 * staff. A page made of several features (public-map, map-tools, map-export, timeseries), so it
 * is composed here in app/ rather than inside one of them (docs/decisions/0013).
 */
export function PublicMapPage() {
  useDocumentTitle('Map');
  const { isAuthenticated, flags, user, status } = useSession();
  const isStaff = flags.isStaff;
  // noSsr: the first render must already know, the side panel's open sections are decided then.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const containerRef = useRef<HTMLDivElement>(null);

  const sessionKnown = status !== 'loading';
  const layersQuery = usePublicMapLayers(isAuthenticated, sessionKnown);
  const sourcesQuery = usePublicMapSources(isAuthenticated, sessionKnown);
  const basemapsQuery = useBasemaps();
  const filtersQuery = usePublicMapFilters(isStaff);
  const unitedQuery = useUnitedLocations(user?.profile.sub, isStaff);

  // The map waits for the basemap list; without one it starts on an empty style so our layers still show.
  const initialStyle = basemapsQuery.data?.[0]?.style ?? (basemapsQuery.isError ? { version: 8 as const, sources: {}, layers: [] } : null);
  const [firstStyleFellBack, setFirstStyleFellBack] = useState(false);
  const map = useMaplibreMap(containerRef, {
    style: initialStyle,
    center: DEFAULT_CENTER,
    zoom: DEFAULT_ZOOM,
    fallbackStyle: basemapsQuery.data?.[0]?.fallbackStyle,
    onFallback: () => setFirstStyleFellBack(true),
  });
  const basemap = useBasemap(map, basemapsQuery.data);
  // The first style's fallback (taken before the map loaded) counts while its basemap is shown.
  const basemapFallback = basemap.fallback || (firstStyleFellBack && basemap.current?.id === basemapsQuery.data?.[0]?.id);

  const layers = useMemo(() => layersQuery.data ?? [], [layersQuery.data]);
  const [changedSettings, setChangedSettings] = useState<Record<string, LayerSetting>>({});
  const settings = useMemo(() => ({ ...initialLayerSettings(layers), ...changedSettings }), [layers, changedSettings]);
  const groups = useMemo(() => groupLayers(layers), [layers]);
  const filters = useLocationFilters(filtersQuery.data);
  const [colorBy, setColorBy] = useState<ColorByStyle>('default');
  const latestClasses = useLatestClasses(user?.profile.sub, colorBy === 'percentileClass');

  useMapOverlay(map, {
    layers,
    sources: sourcesQuery.data,
    united: unitedQuery.data?.data,
    settings,
    isStaff,
    filterValues: filters.values,
    filterOptions: filtersQuery.data,
    colorBy,
    latestClasses: latestClasses.data?.items,
    fonts: basemap.fonts,
    styleVersion: basemap.styleVersion,
    switching: basemap.switching,
  });

  const {
    click,
    page,
    setPage,
    popupLayers,
    container: popupContainer,
  } = useLayerPopup(map, layers, small ? POPUP_MAX_WIDTH.small : isStaff ? POPUP_MAX_WIDTH.staff : POPUP_MAX_WIDTH.public);

  useEffect(() => prefetchWhenIdle(loadFeaturePopup), []);
  useEffect(() => prefetchWhenIdle(loadRadiusPopupAction), []);

  // Popup graph links open the data-visualization panel under the map.
  const graphPanel = useGraphPanel();
  const radius = useRadiusTool(map, basemap.styleVersion);

  // A link to a location's graph (alert messages): staff look in their own map, everybody else in
  // the public one. A location found there is also flown to, so the graph's site is in view.
  const queryClient = useQueryClient();
  const sub = user?.profile.sub;
  const graphLinkCentre = useRef<[number, number] | null>(null);
  const loadGraphLinkProperties = useCallback(
    async (locationNdx: number) => {
      const { properties } = await fetchLocationPopup(
        queryClient,
        isStaff ? UNITED_LOCATIONS_SOURCE_ID : PUBLIC_LOCATIONS_SOURCE_ID,
        locationNdx,
        sub,
      );
      const lng = Number(properties?.longitude_dd);
      const lat = Number(properties?.latitude_dd);
      graphLinkCentre.current = properties && Number.isFinite(lng) && Number.isFinite(lat) ? [lng, lat] : null;
      return properties;
    },
    [queryClient, isStaff, sub],
  );
  const openGraphLink = useCallback(
    (location: Parameters<typeof graphPanel.open>[0], graphType: Parameters<typeof graphPanel.open>[1]) => {
      graphPanel.open(location, graphType);
      const centre = graphLinkCentre.current;
      if (!map || !centre) return;
      // A flight keeps the screen point it started from as its goal, so the panel growing under
      // the map mid-flight (its chunk, then its data) would land the location off-centre, even
      // below the map: set the centre again where the flight ends (later resizes keep it).
      map.once('moveend', () => map.jumpTo({ center: centre }));
      map.flyTo({ center: centre, zoom: SEARCH_FLY_TO_ZOOM });
    },
    [graphPanel, map],
  );
  // The map too must exist (it waits for the basemaps) for the fly to the location.
  const graphLinkReady = sessionKnown && sourcesQuery.isSuccess && (!isStaff || unitedQuery.isSuccess) && map !== null;
  useGraphLink(openGraphLink, loadGraphLinkProperties, graphLinkReady, isAuthenticated);

  const searchSources = searchSourcesFor(isStaff);
  const searchData = {
    [PUBLIC_LOCATIONS_SOURCE_ID]: sourcesQuery.data?.find((s) => s.id === PUBLIC_LOCATIONS_SOURCE_ID)?.data,
    [UNITED_LOCATIONS_SOURCE_ID]: unitedQuery.data?.data,
  };
  // Every source's own data, to place a popup's feature exactly (rendered geometry is tile-rounded).
  const sourceData = useMemo(
    () => ({
      ...Object.fromEntries((sourcesQuery.data ?? []).map((s) => [s.id, s.data])),
      [UNITED_LOCATIONS_SOURCE_ID]: unitedQuery.data?.data,
    }),
    [sourcesQuery.data, unitedQuery.data],
  );
  const locate = (feature: PopupFeature) => locationOfFeature(feature, sourceData, popupTitle(feature, popupLayers[feature.layerId]));
  // The selected location: the one whose popup is open, else the last search result.
  const [searched, setSearched] = useState<SelectedLocation | null>(null);
  // 'Detailed Results': popups list every property of a feature, none excluded.
  const [detailed, setDetailed] = useState(false);
  const popupFeature = click ? click.features[clampPage(page, click.features.length)] : undefined;
  const selected = (popupFeature && locate(popupFeature)) ?? searched;
  // Typed coordinates fly to a spot that may hold nothing: a marker shows where they are.
  const [coordinateMark, setCoordinateMark] = useState<SelectedLocation | null>(null);
  usePlaceMarker(map, coordinateMark, 'Searched coordinates');
  const handleSearchSelect = (result: SearchResult) => {
    setSearched(locationOfSearchResult(result));
    setCoordinateMark(result.kind === 'coordinate' ? locationOfSearchResult(result) : null);
    map?.flyTo({ center: [result.lng, result.lat], zoom: SEARCH_FLY_TO_ZOOM });
  };
  const renderPopupActions = (feature: PopupFeature) => (
    <>
      {graphPanel.renderActions(feature)}
      <Suspense fallback={null}>
        <RadiusPopupAction location={locate(feature)} onUse={radius.centreOn} />
      </Suspense>
    </>
  );

  return (
    <Box
      sx={{
        // The page layout 'fill' gives the map the window between the top bar and the footer.
        flex: 1,
        minHeight: 420,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <DisclaimerDialog />
      <MapToolbar
        isStaff={isStaff}
        searchSources={searchSources}
        searchData={searchData}
        onSearchSelect={handleSearchSelect}
        filterOptions={filtersQuery.data}
        filters={filters}
        colorBy={colorBy}
        onColorByChange={setColorBy}
        actions={
          <>
            <FormControlLabel
              control={<Switch size="small" checked={detailed} onChange={(e) => setDetailed(e.target.checked)} />}
              label="Detailed Results"
              sx={{ mr: 0, whiteSpace: 'nowrap' }}
            />
            <ExportSplitButton map={map} layers={layers} />
          </>
        }
      />
      {/* On a phone the graph panel spans the window's width under the map and its side strip; on a
          wider screen it sits under the map only, beside the side panel. */}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{
            flex: '1 1 0',
            minHeight: small ? mapMinHeight(graphPanel.state, small) : 0,
            display: 'flex',
            position: 'relative',
          }}
        >
          <MapSidePanel
            sections={[
              {
                id: 'basemaps',
                title: 'Basemaps',
                icon: <MapIcon fontSize="small" color="action" />,
                content: (
                  <BasemapsSection
                    basemaps={basemapsQuery.data}
                    current={basemap.current}
                    switching={basemap.switching}
                    onSelect={basemap.select}
                  />
                ),
              },
              {
                id: 'layers',
                title: 'Layers',
                icon: <LayersIcon fontSize="small" color="action" />,
                // On phones the panel opens over the map, so it starts closed there.
                defaultExpanded: !small,
                content: <LayersSection groups={groups} settings={settings} onChange={setChangedSettings} />,
              },
              {
                id: 'radius-tool',
                title: 'Radius Tool',
                icon: <TrackChangesIcon fontSize="small" color="action" />,
                mountOnOpen: true,
                content: (
                  <Suspense fallback={<CircularProgress size={24} aria-label="Loading the radius tool" />}>
                    <RadiusToolSection map={map} tool={radius} selected={selected} />
                  </Suspense>
                ),
              },
            ]}
          />
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box sx={{ position: 'relative', flex: '1 1 0', minHeight: mapMinHeight(graphPanel.state, small), overflow: 'hidden' }}>
              {/* Placed by a wrapper and sized by width/height: MapLibre's stylesheet sets the
                  container's position, and whichever of it and this page's styles loads last wins. */}
              <Box sx={{ position: 'absolute', inset: 0 }}>
                <Box
                  id={PUBLIC_MAP_CONTAINER_ID}
                  ref={containerRef}
                  data-basemap={basemap.current?.name ?? ''}
                  data-basemap-loading={basemap.switching ? 'true' : 'false'}
                  data-basemap-fallback={basemapFallback ? 'true' : 'false'}
                  sx={{ width: '100%', height: '100%' }}
                />
              </Box>
              <BasemapFallbackNotice show={basemapFallback} />
              {/* A strip of map has no room for the legend beside a popup: it comes back with the map. */}
              {colorBy === 'percentileClass' && !mapIsStrip(graphPanel.state, small) ? (
                <PercentileLegendOverlay small={small} popupOpen={Boolean(click)} />
              ) : null}
              {map && flags.isDeveloper ? (
                <Suspense fallback={null}>
                  <MapDevTools map={map} />
                </Suspense>
              ) : null}
              {map ? <MapDrawTools map={map} styleVersion={basemap.styleVersion} /> : null}
            </Box>
            {small ? null : graphPanel.panel}
          </Box>
        </Box>
        {small ? graphPanel.panel : null}
      </Box>
      {click
        ? createPortal(
            // The popup grows when its code arrives; the map keeps it inside its frame as it does.
            <Suspense fallback={null}>
              <LazyFeaturePopup
                features={click.features}
                page={page}
                onPageChange={setPage}
                layers={popupLayers}
                renderActions={renderPopupActions}
                detailed={detailed}
              />
            </Suspense>,
            popupContainer,
          )
        : null}
    </Box>
  );
}
