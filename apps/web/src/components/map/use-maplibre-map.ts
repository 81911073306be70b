import { useEffect, useState, type RefObject } from 'react';
import { Map as MapLibreMap, NavigationControl, ScaleControl, type ErrorEvent, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './maplibre-worker';

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
    fitControlsToHeight(instance);
    instance.on('resize', () => fitControlsToHeight(instance));

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
