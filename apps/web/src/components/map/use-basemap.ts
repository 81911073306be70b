import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Basemap } from '@portal/contracts';
import { switchStyle } from './wait-for-style';
import { styleFonts } from './map-layers';

export interface BasemapState {
  /** The basemap shown (the first of the list until the user picks one). */
  current: Basemap | null;
  /** Bumped each time a new style has loaded: the overlay must then be added again. */
  styleVersion: number;
  /** Label fonts the current style's glyph server has; null = no glyphs, no labels. */
  fonts: string[] | null;
  switching: boolean;
  select: (basemap: Basemap) => void;
}

/** Which basemap is shown, and switching between them without losing our layers. */
export function useBasemap(map: MapLibreMap | null, basemaps: readonly Basemap[] | undefined): BasemapState {
  const [chosen, setChosen] = useState<Basemap | null>(null);
  const [switches, setSwitches] = useState(0);
  const [switchedFonts, setSwitchedFonts] = useState<string[] | null | undefined>(undefined);
  const [switching, setSwitching] = useState(false);
  const cancelRef = useRef<(() => void) | null>(null);
  const current = chosen ?? basemaps?.[0] ?? null;
  // Read once per map, in the render where it appears: our sources are not on it yet, so
  // getStyle() stays small (it serialises every GeoJSON source).
  const initialFonts = useMemo(() => (map ? styleFonts(map.getStyle()) : null), [map]);
  const fonts = switchedFonts === undefined ? initialFonts : switchedFonts;
  const styleVersion = map ? 1 + switches : 0;

  useEffect(() => () => cancelRef.current?.(), []);

  const select = useCallback(
    (basemap: Basemap) => {
      if (!map || basemap.id === current?.id) return;
      cancelRef.current?.();
      setChosen(basemap);
      setSwitching(true);
      cancelRef.current = switchStyle(map, basemap.style, () => {
        cancelRef.current = null;
        setSwitchedFonts(styleFonts(map.getStyle()));
        setSwitching(false);
        setSwitches((n) => n + 1);
      });
    },
    [map, current?.id],
  );

  return { current, styleVersion, fonts, switching, select };
}
