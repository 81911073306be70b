import { useCallback } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';

export interface MapExport {
  savePng: () => Promise<void>;
  downloadPdf: (title: string) => Promise<void>;
}

/** The exports' code (capture, legend, layout), loaded when somebody exports or ahead of it once the page is idle. */
export const loadMapExport = () => import('../lib/export-map');

/** The map's two exports (PNG and PDF); both read the map as it is drawn right now. */
export function useMapExport(map: MapLibreMap | null, layers: readonly PublicMapLayer[]): MapExport {
  const savePng = useCallback(async () => {
    if (!map) throw new Error('The map is not ready yet.');
    await (await loadMapExport()).saveMapPng(map);
  }, [map]);

  const downloadPdf = useCallback(
    async (title: string) => {
      if (!map) throw new Error('The map is not ready yet.');
      await (await loadMapExport()).downloadMapPdf(map, layers, title);
    },
    [map, layers],
  );

  return { savePng, downloadPdf };
}
