import type { ExpressionSpecification, FilterSpecification, GeoJSONSourceSpecification, LayerSpecification } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';
import {
  isFillLayer,
  isLocationLayer,
  LABEL_SUFFIX,
  labelLayerFor,
  toLayerSpecification,
  type LayerSetting,
  type LocationLabelBy,
} from './map-layers';

type GeoJsonData = GeoJSONSourceSpecification['data'];

/** The part of a MapLibre map the overlay needs (a fake implements it in tests). */
export interface OverlayMap {
  getSource(id: string): unknown;
  addSource(id: string, source: GeoJSONSourceSpecification): unknown;
  getLayer(id: string): unknown;
  addLayer(layer: LayerSpecification, beforeId?: string): unknown;
  setLayoutProperty(layerId: string, name: string, value: unknown): unknown;
  getLayoutProperty(layerId: string, name: string): unknown;
  setPaintProperty(layerId: string, name: string, value: unknown): unknown;
  setFilter(layerId: string, filter: FilterSpecification | null): unknown;
}

/** Everything of ours that must be on the map, whatever basemap style is under it. */
export interface Overlay {
  /** GeoJSON by source id (the sources list, plus united-locations for staff). */
  sources: Record<string, GeoJsonData>;
  /**
   * Credit line of each source that has one (e.g. '© OpenStreetMap contributors', which the
   * lakes' ODbL licence requires): MapLibre's attribution control shows it while a layer of the
   * source is on the map.
   */
  attributions?: Record<string, string>;
  /** Sorted by drawOrder: earlier entries are drawn underneath. */
  layers: PublicMapLayer[];
  settings: Record<string, LayerSetting>;
  /** The filter of each location layer (server filter AND staff filters); null = none. */
  locationFilter: (layer: PublicMapLayer) => FilterSpecification | null;
  /** Circle colour of location layers ('Color by'); null keeps the server's paint. */
  locationColor: string | ExpressionSpecification | null;
  /** Fonts for the label layers; null when the basemap has no glyphs (labels are left out). */
  fonts: string[] | null;
  labelBy?: LocationLabelBy;
}

// setData re-tiles a whole source; remember what each map was given so unchanged data is not resent.
const sentData = new WeakMap<OverlayMap, Map<string, GeoJsonData>>();

function syncSources(map: OverlayMap, sources: Overlay['sources'], attributions: Overlay['attributions'] = {}): void {
  let sent = sentData.get(map);
  if (!sent) sentData.set(map, (sent = new Map()));
  for (const [id, data] of Object.entries(sources)) {
    const source = map.getSource(id) as { setData?: (d: GeoJsonData) => void } | undefined;
    if (!source) {
      const attribution = attributions[id];
      map.addSource(id, attribution ? { type: 'geojson', data, attribution } : { type: 'geojson', data });
    } else if (sent.get(id) !== data) {
      source.setData?.(data);
    }
    sent.set(id, data);
  }
}

/** The first of our layers after index i that is already on the map: new layers go below it. */
function beforeIdFor(map: OverlayMap, layers: PublicMapLayer[], i: number): string | undefined {
  for (let j = i + 1; j < layers.length; j++) {
    if (map.getLayer(layers[j].id)) return layers[j].id;
  }
  return undefined;
}

/**
 * Makes the map show the overlay: adds missing sources and layers (in draw order, each
 * location layer followed by its labels) and applies visibility, opacity, filters and
 * colours. Idempotent, so it runs after every change and after a basemap switch, which
 * drops everything that is not part of the new style.
 */
export function syncOverlay(map: OverlayMap, overlay: Overlay): void {
  syncSources(map, overlay.sources, overlay.attributions);
  overlay.layers.forEach((layer, i) => {
    if (!map.getSource(layer.source)) return; // e.g. united-locations before its data arrives
    const label = overlay.fonts ? labelLayerFor(layer, overlay.fonts, overlay.labelBy) : null;
    if (!map.getLayer(layer.id)) {
      const beforeId = beforeIdFor(map, overlay.layers, i);
      map.addLayer(toLayerSpecification(layer), beforeId);
      if (label) map.addLayer(label, beforeId);
    } else if (label && !map.getLayer(label.id)) {
      map.addLayer(label, beforeIdFor(map, overlay.layers, i));
    }
    const setting = overlay.settings[layer.id] ?? { visible: true, opacity: 100 };
    const visibility = setting.visible ? 'visible' : 'none';
    const ids = label ? [layer.id, label.id] : [layer.id];
    for (const id of ids) map.setLayoutProperty(id, 'visibility', visibility);
    if (isFillLayer(layer)) map.setPaintProperty(layer.id, 'fill-opacity', setting.opacity / 100);
    if (isLocationLayer(layer)) {
      const filter = overlay.locationFilter(layer);
      for (const id of ids) map.setFilter(id, filter);
      if (overlay.locationColor !== null && layer.type === 'circle') map.setPaintProperty(layer.id, 'circle-color', overlay.locationColor);
    }
  });
}

/** Ids of our layers the map really holds and shows (what the page publishes for tests and tools). */
export function visibleOverlayLayerIds(map: OverlayMap, layers: readonly PublicMapLayer[]): string[] {
  return layers
    .flatMap((l) => [l.id, `${l.id}${LABEL_SUFFIX}`])
    .filter((id) => map.getLayer(id) && map.getLayoutProperty(id, 'visibility') !== 'none');
}
