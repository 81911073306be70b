import { useEffect, useRef, useState } from 'react';
import type { LngLat, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { uniqueFeatures, type PopupFeature } from './popup-feature';
import { isMapToolActive } from './map-tool-flag';

/** Pixels around the click that still count as the feature: small symbols are hard to hit. */
const CLICK_TOLERANCE_PX = 4;

export interface FeatureClick {
  at: LngLat;
  features: PopupFeature[];
}

/**
 * Features under a click on our layers (labels excluded), top-most first, duplicates removed,
 * each completed by `complete` (the popup properties of lean location features) before the click
 * is reported. Also shows the pointer cursor over them.
 */
export function useFeatureClick(
  map: MapLibreMap | null,
  layerIds: readonly string[],
  complete: (features: PopupFeature[]) => Promise<PopupFeature[]> = async (f) => f,
): [FeatureClick | null, () => void] {
  const [click, setClick] = useState<FeatureClick | null>(null);
  const key = layerIds.join(' ');
  const completeRef = useRef(complete);
  useEffect(() => {
    completeRef.current = complete;
  }, [complete]);

  useEffect(() => {
    if (!map || !key) return;
    const ids = key.split(' ');
    // Only the last click's answer is shown when loads overlap.
    let clicks = 0;
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
        found.map((f) => ({
          layerId: f.layer.id,
          source: f.source,
          id: f.id,
          properties: { ...(f.properties as Record<string, unknown>) },
        })),
      );
      const at = event.lngLat;
      const seq = ++clicks;
      if (!features.length) return setClick(null);
      void completeRef.current(features).then((complete) => {
        if (seq === clicks) setClick({ at, features: complete });
      });
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const plain = () => (map.getCanvas().style.cursor = '');
    map.on('click', handleClick);
    for (const id of ids) {
      map.on('mouseenter', id, pointer);
      map.on('mouseleave', id, plain);
    }
    return () => {
      clicks++;
      map.off('click', handleClick);
      for (const id of ids) {
        map.off('mouseenter', id, pointer);
        map.off('mouseleave', id, plain);
      }
    };
  }, [map, key]);

  return [click, () => setClick(null)];
}
