import { useCallback, useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Basemap } from '@portal/contracts';
import { switchStyle } from '../../../components/map/wait-for-style';
import { styleFonts } from '../lib/map-layers';

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
  const [styleVersion, setStyleVersion] = useState(0);
  const [fonts, setFonts] = useState<string[] | null>(null);
  const [switching, setSwitching] = useState(false);
  const cancelRef = useRef<(() => void) | null>(null);
  const current = chosen ?? basemaps?.[0] ?? null;

  // The first style was loaded by the map itself: read its fonts once the map is ready.
  useEffect(() => {
    if (!map) return;
    const initialFonts = styleFonts(map.getStyle());
    // Deferred so the state update is not part of the effect's synchronous body.
    queueMicrotask(() => {
      setFonts(initialFonts);
      setStyleVersion((v) => v + 1);
    });
  }, [map]);

  useEffect(() => () => cancelRef.current?.(), []);

  const select = useCallback(
    (basemap: Basemap) => {
      if (!map || basemap.id === current?.id) return;
      cancelRef.current?.();
      setChosen(basemap);
      setSwitching(true);
      cancelRef.current = switchStyle(map, basemap.style, () => {
        cancelRef.current = null;
        setFonts(styleFonts(map.getStyle()));
        setSwitching(false);
        setStyleVersion((v) => v + 1);
      });
    },
    [map, current?.id],
  );

  return { current, styleVersion, fonts, switching, select };
}
