import type { ErrorEvent, Map as MapLibreMap, MapSourceDataEvent, StyleSpecification } from 'maplibre-gl';

/** A basemap style that has not loaded after this long is taken for unreachable. */
export const BASEMAP_LOAD_TIMEOUT_MS = 10_000;
/** This many failed basemap tiles, with none loaded, mean the basemap's tile service is unreachable. */
export const BASEMAP_TILE_FAILURES = 3;

/** Our own layers are GeoJSON: only these source types belong to a basemap. */
const BASEMAP_SOURCE_TYPES = new Set(['raster', 'vector', 'raster-dem']);

/**
 * Watches the style just given to the map and calls `onFailed` once if it cannot be drawn: the
 * style fails to load (an error before it loaded, or not loaded in time), or its tiles fail with
 * none loaded (no internet, the tile service down). `styleLoaded`: the style has loaded already,
 * only its tiles are watched. Returns a function that stops watching.
 */
export function watchBasemap(
  map: MapLibreMap,
  onFailed: () => void,
  { styleLoaded: loadedAlready = false, timeoutMs = BASEMAP_LOAD_TIMEOUT_MS } = {},
): () => void {
  let styleLoaded = loadedAlready;
  let tilesLoaded = 0;
  let tilesFailed = 0;
  let done = false;
  const isBasemapSource = (id: string | undefined) => {
    if (!id) return false;
    const type = map.getSource(id)?.type;
    return type !== undefined && BASEMAP_SOURCE_TYPES.has(type);
  };
  const fail = () => {
    if (done) return;
    stop();
    onFailed();
  };
  const onStyleLoad = () => {
    styleLoaded = true;
  };
  const onError = (event: ErrorEvent & { sourceId?: string }) => {
    if (event.sourceId) {
      if (!isBasemapSource(event.sourceId)) return;
      tilesFailed += 1;
      if (tilesFailed >= BASEMAP_TILE_FAILURES && tilesLoaded === 0) fail();
    } else if (!styleLoaded) {
      // The style document itself (or its sprite) could not be read.
      fail();
    }
  };
  const onSourceData = (event: MapSourceDataEvent) => {
    if (event.tile && isBasemapSource(event.sourceId)) tilesLoaded += 1;
  };
  const timer = setTimeout(() => {
    if (!styleLoaded) fail();
  }, timeoutMs);
  map.on('style.load', onStyleLoad);
  map.on('error', onError);
  map.on('sourcedata', onSourceData);
  function stop() {
    done = true;
    clearTimeout(timer);
    map.off('style.load', onStyleLoad);
    map.off('error', onError);
    map.off('sourcedata', onSourceData);
  }
  return stop;
}

/** Shows `fallback` instead of the map's current style (our layers are added again on its load). */
export function showFallbackStyle(map: MapLibreMap, fallback: string | StyleSpecification): void {
  map.setStyle(fallback, { diff: false });
}
