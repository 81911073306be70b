import { useEffect, useState } from 'react';
import type { LngLat, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { uniqueFeatures, type PopupFeature } from './popup-content';
import { isMapToolActive } from './map-tool-flag';

/** Pixels around the click that still count as the feature: small symbols are hard to hit. */
const CLICK_TOLERANCE_PX = 4;

export interface FeatureClick {
  at: LngLat;
  features: PopupFeature[];
}

/**
 * Features under a click on our layers (labels excluded), top-most first, duplicates removed.
 * Also shows the pointer cursor over them.
 */
export function useFeatureClick(map: MapLibreMap | null, layerIds: readonly string[]): [FeatureClick | null, () => void] {
  const [click, setClick] = useState<FeatureClick | null>(null);
  const key = layerIds.join(' ');

  useEffect(() => {
    if (!map || !key) return;
    const ids = key.split(' ');
    const handleClick = (event: MapMouseEvent) => {
      // Drawing and the radius tool's centre pick own the clicks (map-tools/lib/map-tool-flag.ts).
      if (isMapToolActive(map)) return;
      const { x, y } = event.point;
      const present = ids.filter((id) => map.getLayer(id));
      const found = map.queryRenderedFeatures(
        [
          [x - CLICK_TOLERANCE_PX, y - CLICK_TOLERANCE_PX],
          [x + CLICK_TOLERANCE_PX, y + CLICK_TOLERANCE_PX],
        ],
        { layers: present },
      );
      const features = uniqueFeatures(
        found.map((f) => ({ layerId: f.layer.id, source: f.source, id: f.id, properties: { ...(f.properties as Record<string, unknown>) } })),
      );
      setClick(features.length ? { at: event.lngLat, features } : null);
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', handleClick);
    for (const id of ids) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      map.off('click', handleClick);
      for (const id of ids) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, key]);

  return [click, () => setClick(null)];
}
