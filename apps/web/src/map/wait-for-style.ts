import type { Map as MapLibreMap } from 'maplibre-gl';

/** After a basemap switch the map is checked once a second until the new style has loaded. */
export const STYLE_CHECK_INTERVAL_MS = 1000;

/** Calls `onLoaded` once the map's style has loaded (checked once a second). Returns a cancel function. */
export function whenStyleLoaded(map: MapLibreMap, onLoaded: () => void): () => void {
  const timer = setInterval(() => {
    if (!map.isStyleLoaded()) return;
    clearInterval(timer);
    onLoaded();
  }, STYLE_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
