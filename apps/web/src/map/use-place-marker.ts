import { useEffect } from 'react';
import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import type { MapPlace } from './map-place';

/**
 * Keeps one marker on `place` (none for null). A marker is a DOM element over the canvas, so it
 * survives basemap switches; the element carries its coordinates for tests and tools.
 */
export function usePlaceMarker(map: MapLibreMap | null, place: MapPlace | null, label: string): void {
  const lng = place?.lng;
  const lat = place?.lat;
  useEffect(() => {
    if (!map || lng === undefined || lat === undefined) return undefined;
    const marker = new Marker({ color: '#D32F2F' }).setLngLat([lng, lat]).addTo(map);
    const el = marker.getElement();
    el.setAttribute('data-testid', 'place-marker');
    el.setAttribute('data-lnglat', `${lng.toFixed(5)},${lat.toFixed(5)}`);
    el.setAttribute('aria-label', label);
    el.setAttribute('role', 'img');
    return () => {
      marker.remove();
    };
  }, [map, lng, lat, label]);
}
