import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';

/** After a basemap switch the map is checked once a second until the new style has loaded. */
export const STYLE_CHECK_INTERVAL_MS = 1000;

/**
 * Replaces the map's style and calls `onLoaded` once the new one has loaded (the map then has
 * none of the previous style's sources and layers). Returns a cancel function.
 */
export function switchStyle(map: MapLibreMap, style: string | StyleSpecification, onLoaded: () => void): () => void {
  map.setStyle(style, { diff: false });
  const timer = setInterval(() => {
    if (!map.isStyleLoaded()) return;
    clearInterval(timer);
    onLoaded();
  }, STYLE_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
