import { useEffect, useMemo, useRef } from 'react';
import type { GeoJSONSourceSpecification, Map as MapLibreMap } from 'maplibre-gl';
import {
  UNITED_LOCATIONS_SOURCE_ID,
  type PublicMapFilters,
  type PublicMapLayer,
  type PublicMapSource,
  type ColorByStyle,
  type FeatureCollectionDto,
} from '@portal/contracts';
import type { LatestClass } from '@portal/contracts';
import { colorByExpression } from './color-by';
import { percentileClassExpression } from './percentile-class';
import { buildLocationFilter, type LocationFilterValues } from './location-filters';
import { type LayerSetting, type LocationLabelBy } from './map-layers';
import { syncOverlay, type Overlay } from './sync-overlay';
import { publishMapState } from './map-state';
import { useShowSwitchedOnLayers } from './use-show-switched-on-layers';

export interface OverlayInput {
  layers: PublicMapLayer[];
  sources: PublicMapSource[] | undefined;
  united: FeatureCollectionDto | undefined;
  settings: Record<string, LayerSetting>;
  /** Staff only: the filters and 'Color by' apply; for everybody else the server's styling stays. */
  isStaff: boolean;
  filterValues: LocationFilterValues;
  filterOptions: PublicMapFilters | undefined;
  colorBy: ColorByStyle;
  /** Each series' latest class, for 'Percentile class' (anyone may pick it); undefined until read. */
  latestClasses?: readonly LatestClass[];
  fonts: string[] | null;
  /** What the location labels show: the well number (the maps), or the location id (a facility page, whose tables use it). */
  labelBy?: LocationLabelBy;
  styleVersion: number;
  switching: boolean;
}

type GeoJsonData = GeoJSONSourceSpecification['data'];

/**
 * Keeps our sources and layers on the map in step with the page state, and puts them back
 * after a basemap switch. The map container publishes what it shows (see map-state.ts).
 */
export function useMapOverlay(map: MapLibreMap | null, input: OverlayInput): void {
  const { layers, sources, united, settings, isStaff, filterValues, filterOptions, colorBy, fonts, styleVersion, switching, labelBy } =
    input;
  const { latestClasses } = input;
  const markedRef = useRef(false);

  const sourceData = useMemo(() => {
    const byId: Record<string, GeoJsonData> = {};
    for (const s of sources ?? []) byId[s.id] = s.data as unknown as GeoJsonData;
    // The staff feed replaces whatever the sources list held for united-locations.
    if (isStaff && united) byId[UNITED_LOCATIONS_SOURCE_ID] = united as unknown as GeoJsonData;
    return byId;
  }, [sources, united, isStaff]);
  const attributions = useMemo(() => {
    const byId: Record<string, string> = {};
    for (const s of sources ?? []) if (s.attribution) byId[s.id] = s.attribution;
    return byId;
  }, [sources]);

  const overlay = useMemo<Overlay>(
    () => ({
      sources: sourceData,
      attributions,
      layers: [...layers].sort((a, b) => a.lreProperties.drawOrder - b.lreProperties.drawOrder),
      settings,
      locationFilter: (layer) =>
        isStaff ? buildLocationFilter(layer.filter, filterValues, filterOptions ?? {}) : ((layer.filter as never) ?? null),
      locationColor:
        colorBy === 'percentileClass'
          ? percentileClassExpression(latestClasses ?? [])
          : isStaff
            ? colorByExpression(colorBy, filterOptions?.locationTypes ?? [])
            : null,
      fonts,
      labelBy,
    }),
    [sourceData, attributions, layers, settings, isStaff, filterValues, filterOptions, colorBy, latestClasses, fonts, labelBy],
  );

  useEffect(() => {
    // styleVersion 0: the first style has not loaded; while switching the next one is loading.
    if (!map || styleVersion === 0 || switching) return;
    try {
      syncOverlay(map, overlay);
    } catch (error) {
      console.error('Could not add the map layers:', error);
    }
    publishMapState(map, overlay.layers);
    // The page is "ready" at the first idle after every layer has its source on the map.
    if (!markedRef.current && overlay.layers.length > 0 && overlay.layers.every((l) => map.getLayer(l.id))) {
      markedRef.current = true;
      map.once('idle', () => {
        performance.mark('public-map:first-idle');
        map.getContainer().dataset.firstIdleMs = String(Math.round(performance.now()));
      });
      // The first frame that shows one of the overlay's features is published too (data-first-feature-ms);
      // frames are only asked until then, and never after the first idle.
      const ids = overlay.layers.map((l) => l.id);
      const onRender = () => {
        const drawn =
          map.getContainer().dataset.firstIdleMs === undefined &&
          map.queryRenderedFeatures({ layers: ids.filter((id) => map.getLayer(id)) }).length > 0;
        if (drawn) map.getContainer().dataset.firstFeatureMs = String(Math.round(performance.now()));
        if (drawn || map.getContainer().dataset.firstIdleMs !== undefined) map.off('render', onRender);
      };
      map.on('render', onRender);
    }
  }, [map, overlay, styleVersion, switching]);

  useShowSwitchedOnLayers(map, overlay.layers, settings, sourceData);

  useEffect(() => {
    if (!map) return;
    // Counting rendered features waits for the next task, so it never delays what idle means.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIdle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => publishMapState(map, overlay.layers, true), 0);
    };
    map.on('idle', onIdle);
    return () => {
      clearTimeout(timer);
      map.off('idle', onIdle);
    };
  }, [map, overlay.layers]);
}
