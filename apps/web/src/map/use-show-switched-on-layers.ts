import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { dataExtent, switchedOn, unionExtent } from './layer-extent';

/** Room around a layer's features when the map moves to show them. */
const FIT_PADDING_PX = 40;

/**
 * A layer switched on draws something: when none of the layers just switched on has a feature in
 * the current view (the state's major rivers lie west and south of the district, for one), the
 * map moves to show all of their features. A layer with features in view leaves the map where it is.
 */
export function useShowSwitchedOnLayers(
  map: MapLibreMap | null,
  layers: readonly { id: string; source: string }[],
  settings: Readonly<Record<string, { visible: boolean }>>,
  sourceData: Readonly<Record<string, unknown>>,
): void {
  const previous = useRef(settings);
  useEffect(() => {
    const before = previous.current;
    previous.current = settings;
    if (!map) return;
    const ids = switchedOn(before, settings).filter((id) => layers.some((l) => l.id === id));
    if (ids.length === 0) return;
    const check = () => {
      const shown = ids.filter((id) => map.getLayer(id));
      if (shown.length === 0 || map.queryRenderedFeatures({ layers: shown }).length > 0) return;
      const extent = unionExtent(shown.map((id) => dataExtent(sourceData[layers.find((l) => l.id === id)?.source ?? ''])));
      if (extent) map.fitBounds(extent, { padding: FIT_PADDING_PX });
    };
    map.once('idle', check);
    return () => {
      map.off('idle', check);
    };
  }, [map, layers, settings, sourceData]);
}
