import { useEffect, useRef, useState, type RefObject } from 'react';
import { Map as MapLibreMap, NavigationControl, ScaleControl, type ErrorEvent, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './maplibre-worker';
import { showFallbackStyle, watchBasemap } from './basemap-health';

/** The map resizes 100 ms after its box stops changing size. */
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * A map shorter than this is a strip (the graph panel expanded under it, or open on a phone): its
 * scale bar is hidden and its attribution folded to its button, so what room the strip has goes
 * to a popup, which those controls would otherwise cover.
 */
export const SHORT_MAP_PX = 200;

function fitControlsToHeight(instance: MapLibreMap): void {
  const root = instance.getContainer();
  const short = root.clientHeight < SHORT_MAP_PX;
  const scale = root.querySelector<HTMLElement>('.maplibregl-ctrl-scale');
  if (scale) scale.style.display = short ? 'none' : '';
  if (short) root.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
}

/** A style with nothing in it: the map still works (our layers only) when no basemap loads. */
export const EMPTY_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [] };

export interface MapOptions {
  style: string | StyleSpecification | null;
  center: [number, number];
  zoom: number;
  /** Shown instead of `style` when it (or its tiles) cannot be loaded before the map's first load. */
  fallbackStyle?: string | StyleSpecification | null;
  /** Called when the map fell back to `fallbackStyle`. */
  onFallback?: () => void;
}

/**
 * Creates a MapLibre map in the container once `style` is known, with zoom buttons and an
 * imperial scale bar, and removes it on unmount. Returns the map once its first style loaded.
 *
 * The container must get its size from width and height (a positioned wrapper may place it), never
 * from its own `position: absolute` and insets: maplibre-gl.css gives it `position: relative`, and
 * that stylesheet arrives with the page's chunk, after or before the page's own styles depending on
 * how the page was reached, so insets on the container itself leave the map 0 px high.
 */
export function useMaplibreMap(containerRef: RefObject<HTMLElement | null>, options: MapOptions): MapLibreMap | null {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const { style, center, zoom, fallbackStyle } = options;
  const ready = style !== null;
  const onFallbackRef = useRef(options.onFallback);
  useEffect(() => {
    onFallbackRef.current = options.onFallback;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !ready) return;
    const instance = new MapLibreMap({
      container,
      style: style ?? EMPTY_STYLE,
      center,
      zoom,
      // Resizing is debounced below instead of following every window resize event.
      trackResize: false,
      attributionControl: { compact: true },
    });
    instance.addControl(new NavigationControl({ visualizePitch: false }), 'top-right');
    instance.addControl(new ScaleControl({ unit: 'imperial', maxWidth: 120 }), 'bottom-right');
    fitControlsToHeight(instance);
    instance.on('resize', () => fitControlsToHeight(instance));

    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(container);

    // A basemap that cannot be read (no internet, its service down) gives way to the bundled one, so
    // the map still loads and draws our layers; after the first load the basemap hook watches.
    const stopWatching = fallbackStyle
      ? watchBasemap(instance, () => {
          showFallbackStyle(instance, fallbackStyle);
          onFallbackRef.current?.();
        })
      : () => {};
    instance.once('load', () => {
      stopWatching();
      setMap(instance);
    });
    // A basemap that fails to load must not take the page down; MapLibre reports it here.
    instance.on('error', (event: ErrorEvent) => console.error('Map error:', event.error?.message ?? event));
    return () => {
      stopWatching();
      clearTimeout(timer);
      observer.disconnect();
      setMap(null);
      instance.remove();
    };
    // The map is created once; later style, centre and zoom changes go through the map itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  return map;
}
