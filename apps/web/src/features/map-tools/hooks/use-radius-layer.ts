import { useEffect } from 'react';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { ringsExtent } from '../lib/radius-rings';

export const RADIUS_SOURCE_ID = 'radius-rings';
const RADIUS_CENTER_SOURCE_ID = 'radius-rings-center';
const FILL_LAYER_ID = 'radius-rings-fill';
const LINE_LAYER_ID = 'radius-rings-line';
const CENTER_LAYER_ID = 'radius-rings-center';

/** Ring 1 to 4 colours (by form position) so each band can be told apart. */
const RING_COLOR = ['match', ['get', 'ring'], 1, '#d32f2f', 2, '#f57c00', 3, '#1976d2', 4, '#7b1fa2', '#555555'];

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

function ensureLayers(map: MapLibreMap): void {
  if (!map.getSource(RADIUS_SOURCE_ID)) map.addSource(RADIUS_SOURCE_ID, { type: 'geojson', data: EMPTY });
  if (!map.getSource(RADIUS_CENTER_SOURCE_ID)) map.addSource(RADIUS_CENTER_SOURCE_ID, { type: 'geojson', data: EMPTY });
  if (!map.getLayer(FILL_LAYER_ID)) {
    map.addLayer({
      id: FILL_LAYER_ID,
      type: 'fill',
      source: RADIUS_SOURCE_ID,
      paint: { 'fill-color': RING_COLOR as never, 'fill-opacity': 0.18 },
    });
  }
  if (!map.getLayer(LINE_LAYER_ID)) {
    map.addLayer({
      id: LINE_LAYER_ID,
      type: 'line',
      source: RADIUS_SOURCE_ID,
      paint: { 'line-color': RING_COLOR as never, 'line-width': 2 },
    });
  }
  if (!map.getLayer(CENTER_LAYER_ID)) {
    map.addLayer({
      id: CENTER_LAYER_ID,
      type: 'circle',
      source: RADIUS_CENTER_SOURCE_ID,
      paint: { 'circle-radius': 5, 'circle-color': '#212121', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
    });
  }
}

/**
 * Shows the radius rings in GeoJSON sources and layers of their own. A basemap switch replaces the
 * whole style, so they are added again for each new style (`styleVersion`, bumped by useBasemap).
 * The container publishes `data-radius-rings` (how many ring features the map shows),
 * `data-radius-centre` ('lng,lat' of the centre point) and `data-radius-extent` ('west,south,east,north'
 * of the rings): a read-only view for end-to-end tests like the public map's other data-* attributes.
 */
export function useRadiusLayer(
  map: MapLibreMap | null,
  styleVersion: number,
  rings: FeatureCollection<Polygon | MultiPolygon>,
  center: [number, number] | null,
): void {
  useEffect(() => {
    if (!map || styleVersion === 0) return;
    ensureLayers(map);
    (map.getSource(RADIUS_SOURCE_ID) as GeoJSONSource).setData(rings);
    const centerData: FeatureCollection = center
      ? { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: center }, properties: {} }] }
      : EMPTY;
    (map.getSource(RADIUS_CENTER_SOURCE_ID) as GeoJSONSource).setData(centerData);
    // Published from the map itself: 0 while a new basemap style has not got our layers yet.
    const extent = ringsExtent(rings);
    const publish = () => {
      const dataset = map.getContainer().dataset;
      const shown = Boolean(map.getLayer(FILL_LAYER_ID));
      dataset.radiusRings = shown ? String(rings.features.length) : '0';
      dataset.radiusCentre = shown && center ? center.join(',') : '';
      dataset.radiusExtent = shown && extent ? extent.join(',') : '';
    };
    publish();
    map.on('styledata', publish);
    return () => {
      map.off('styledata', publish);
    };
  }, [map, styleVersion, rings, center]);
}
