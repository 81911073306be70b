import { useEffect, useState, type RefObject } from 'react';
import { Map as MapLibreMap, NavigationControl, ScaleControl, type ErrorEvent, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './maplibre-worker';

/** The map resizes 100 ms after its box stops changing size. */
export const RESIZE_DEBOUNCE_MS = 100;

/** A style with nothing in it: the map still works (our layers only) when no basemap loads. */
export const EMPTY_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [] };

export interface MapOptions {
  style: string | StyleSpecification | null;
  center: [number, number];
  zoom: number;
}

/**
 * Creates a MapLibre map in the container once `style` is known, with zoom buttons and an
 * imperial scale bar, and removes it on unmount. Returns the map once its first style loaded.
 */
export function useMaplibreMap(containerRef: RefObject<HTMLElement | null>, options: MapOptions): MapLibreMap | null {
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const { style, center, zoom } = options;
  const ready = style !== null;

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

    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => instance.resize(), RESIZE_DEBOUNCE_MS);
    });
    observer.observe(container);

    instance.once('load', () => setMap(instance));
    // A basemap that fails to load must not take the page down; MapLibre reports it here.
    instance.on('error', (event: ErrorEvent) => console.error('Map error:', event.error?.message ?? event));
    return () => {
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
