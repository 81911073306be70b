import { useCallback } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';
import { visibleOverlayLayerIds } from '../../../map/sync-overlay';
import { downloadBlob } from '../../../lib/download';
import { canvasToBlob, captureMap, scaleCanvas } from '../lib/capture-map';
import { PNG_FILE_NAME, pdfFileName } from '../lib/export-file-names';
import { legendEntries } from '../lib/legend';
import { PRINT_SCALE_WIDTH } from '../lib/pdf-layout';
import { metresPerPixel } from '../lib/scale-bar';

export interface MapExport {
  savePng: () => Promise<void>;
  downloadPdf: (title: string) => Promise<void>;
}

/** The map's two exports (PNG and PDF); both read the map as it is drawn right now. */
export function useMapExport(map: MapLibreMap | null, layers: readonly PublicMapLayer[]): MapExport {
  const savePng = useCallback(async () => {
    if (!map) throw new Error('The map is not ready yet.');
    const canvas = await captureMap(map);
    downloadBlob(await canvasToBlob(canvas, 'image/png'), PNG_FILE_NAME);
  }, [map]);

  const downloadPdf = useCallback(
    async (title: string) => {
      if (!map) throw new Error('The map is not ready yet.');
      const captured = await captureMap(map);
      const image = scaleCanvas(captured, PRINT_SCALE_WIDTH);
      // The canvas is devicePixelRatio times the CSS size; the map's scale is per CSS pixel.
      const cssWidth = map.getCanvas().clientWidth || captured.width;
      const metresPerImagePixel = (metresPerPixel(map.getCenter().lat, map.getZoom()) * cssWidth) / image.width;
      const legend = legendEntries(layers, new Set(visibleOverlayLayerIds(map, layers)));
      // jsPDF and the date formatting (date-fns) are large; they are only loaded when somebody prints.
      const [{ buildMapPdf }, { formatDate }] = await Promise.all([import('../lib/build-map-pdf'), import('../../../lib/time')]);
      const doc = buildMapPdf({
        image: { dataUrl: image.toDataURL('image/png'), width: image.width, height: image.height },
        title,
        date: formatDate(new Date()),
        metresPerImagePixel,
        bearing: map.getBearing(),
        legend,
      });
      downloadBlob(doc.output('blob'), pdfFileName(title));
    },
    [map, layers],
  );

  return { savePng, downloadPdf };
}
