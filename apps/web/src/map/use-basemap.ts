import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Basemap } from '@portal/contracts';
import { showFallbackStyle, watchBasemap } from './basemap-health';
import { whenStyleLoaded } from './wait-for-style';
import { styleFonts } from './map-layers';

export interface BasemapState {
  /** The basemap shown (the first of the list until the user picks one). */
  current: Basemap | null;
  /** Bumped each time a new style has loaded: the overlay must then be added again. */
  styleVersion: number;
  /** Label fonts the current style's glyph server has; null = no glyphs, no labels. */
  fonts: string[] | null;
  switching: boolean;
  /** The current basemap could not be loaded and is drawn from bundled data instead. */
  fallback: boolean;
  select: (basemap: Basemap) => void;
}

/**
 * Which basemap is shown, and switching between them without losing our layers. A basemap that
 * cannot be loaded (its style or its tiles) gives way to the same basemap drawn from bundled data,
 * and `fallback` says so; our layers are added again on it.
 */
export function useBasemap(map: MapLibreMap | null, basemaps: readonly Basemap[] | undefined): BasemapState {
  const [chosen, setChosen] = useState<Basemap | null>(null);
  const [switches, setSwitches] = useState(0);
  const [switchedFonts, setSwitchedFonts] = useState<string[] | null | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const [fallback, setFallback] = useState(false);
  const cancelRef = useRef<(() => void) | null>(null);
  const current = chosen ?? basemaps?.[0] ?? null;
  // Read once per map, in the render where it appears: our sources are not on it yet, so
  // getStyle() stays small (it serialises every GeoJSON source).
  const initialFonts = useMemo(() => (map ? styleFonts(map.getStyle()) : null), [map]);
  const fonts = switchedFonts === undefined ? initialFonts : switchedFonts;
  const styleVersion = map ? 1 + switches : 0;

  useEffect(() => () => cancelRef.current?.(), []);

  /** Once a new style has loaded: its fonts, and the overlay added again. */
  const loaded = useCallback((m: MapLibreMap) => {
    cancelRef.current = null;
    setSwitchedFonts(styleFonts(m.getStyle()));
    setSwitching(false);
    setSwitches((n) => n + 1);
  }, []);

  /** Watches the style now on the map; on failure shows the basemap's bundled fallback instead. */
  const watch = useCallback(
    (m: MapLibreMap, basemap: Basemap, styleLoaded: boolean): (() => void) => {
      let stopLoad = styleLoaded ? () => {} : whenStyleLoaded(m, () => loaded(m));
      const stopWatch = watchBasemap(
        m,
        () => {
          stopLoad();
          setFallback(true);
          setSwitching(true);
          showFallbackStyle(m, basemap.fallbackStyle);
          stopLoad = whenStyleLoaded(m, () => loaded(m));
        },
        { styleLoaded },
      );
      return () => {
        stopWatch();
        stopLoad();
      };
    },
    [loaded],
  );

  // The first basemap's tiles are watched once the map has loaded it (an unreadable style was
  // already replaced before the map loaded).
  const firstBasemap = basemaps?.[0];
  useEffect(() => {
    if (!map || !firstBasemap || firstBasemap.offline) return;
    const stop = watch(map, firstBasemap, true);
    cancelRef.current = stop;
    return stop;
  }, [map, firstBasemap, watch]);

  const select = useCallback(
    (basemap: Basemap) => {
      if (!map || basemap.id === current?.id) return;
      cancelRef.current?.();
      setChosen(basemap);
      setSwitching(true);
      setFallback(false);
      // The whole style is replaced: the map then has none of the previous style's sources and layers.
      map.setStyle(basemap.style, { diff: false });
      cancelRef.current = watch(map, basemap, false);
    },
    [map, current?.id, watch],
  );

  return { current, styleVersion, fonts, switching, fallback, select };
}
