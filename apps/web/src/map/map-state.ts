import type { Map as MapLibreMap } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';
import { isLocationLayer } from './map-layers';
import { visibleOverlayLayerIds } from './sync-overlay';

/**
 * Publishes what the map really shows as data-* attributes of its container: a read-only
 * view for end-to-end tests and support staff that works in the production build without a
 * global handle on the map. Read from the map itself, never from React state.
 * - data-visible-layers: our visible layer ids (space separated)
 * - data-rendered-locations: location features drawn in the viewport (on idle)
 * - data-location-colors: distinct circle colours of those features (on idle)
 * - data-rendered-layers: 'layer-id:count' of features drawn in the viewport for every other
 *   visible overlay layer (on idle), so a test sees a river or a station really drawn
 * - data-zoom, data-center: the view once the map has settled (on idle)
 */
export function publishMapState(map: MapLibreMap, layers: readonly PublicMapLayer[], rendered = false): void {
  const dataset = map.getContainer().dataset;
  dataset.visibleLayers = visibleOverlayLayerIds(map, layers).join(' ');
  if (!rendered) return;
  const center = map.getCenter();
  dataset.zoom = map.getZoom().toFixed(2);
  dataset.center = `${center.lng.toFixed(5)},${center.lat.toFixed(5)}`;
  const locationLayers = layers.filter((l) => isLocationLayer(l) && l.type === 'circle' && map.getLayer(l.id)).map((l) => l.id);
  const features = locationLayers.length ? map.queryRenderedFeatures({ layers: locationLayers }) : [];
  const keys = new Set<string>();
  const colors = new Set<string>();
  for (const f of features) {
    keys.add(`${f.source}|${f.id ?? JSON.stringify(f.properties)}`);
    const color = f.layer.paint?.['circle-color' as keyof typeof f.layer.paint] as unknown;
    if (color && typeof color === 'object' && 'r' in color) {
      const c = color as { r: number; g: number; b: number };
      colors.add(`rgb(${Math.round(c.r * 255)},${Math.round(c.g * 255)},${Math.round(c.b * 255)})`);
    } else if (color !== undefined) {
      colors.add(String(color));
    }
  }
  dataset.renderedLocations = String(keys.size);
  dataset.locationColors = [...colors].sort().join(' ');
  const visible = new Set(visibleOverlayLayerIds(map, layers));
  dataset.renderedLayers = layers
    .filter((l) => !isLocationLayer(l) && visible.has(l.id))
    .map((l) => `${l.id}:${map.queryRenderedFeatures({ layers: [l.id] }).length}`)
    .join(' ');
}
