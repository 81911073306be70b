import type { Map as MapLibreMap } from 'maplibre-gl';
import type { PublicMapLayer } from '@portal/contracts';
import { visibleOverlayLayerIds } from '../../../map/sync-overlay';
import { downloadBlob } from '../../../lib/download';
import { canvasToBlob, captureMap, scaleCanvas } from './capture-map';
import { PNG_FILE_NAME, pdfFileName } from './export-file-names';
import { legendEntries } from './legend';
import { PRINT_SCALE_WIDTH } from './pdf-layout';
import { metresPerPixel } from './scale-bar';

/** Saves the map as it is drawn right now as a PNG. */
export async function saveMapPng(map: MapLibreMap): Promise<void> {
  const canvas = await captureMap(map);
  downloadBlob(await canvasToBlob(canvas, 'image/png'), PNG_FILE_NAME);
}

/** Downloads the map as it is drawn right now as a PDF page with `title`, a scale bar, north arrow and legend. */
export async function downloadMapPdf(map: MapLibreMap, layers: readonly PublicMapLayer[], title: string): Promise<void> {
  const captured = await captureMap(map);
  const image = scaleCanvas(captured, PRINT_SCALE_WIDTH);
  // The canvas is devicePixelRatio times the CSS size; the map's scale is per CSS pixel.
  const cssWidth = map.getCanvas().clientWidth || captured.width;
  const metresPerImagePixel = (metresPerPixel(map.getCenter().lat, map.getZoom()) * cssWidth) / image.width;
  const legend = legendEntries(layers, new Set(visibleOverlayLayerIds(map, layers)));
  // jsPDF and the date formatting (date-fns) are large; they are only loaded when somebody prints.
  const [{ buildMapPdf }, { formatDate }] = await Promise.all([import('./build-map-pdf'), import('../../../lib/time')]);
  const doc = buildMapPdf({
    image: { dataUrl: image.toDataURL('image/png'), width: image.width, height: image.height },
    title,
    date: formatDate(new Date()),
    metresPerImagePixel,
    bearing: map.getBearing(),
    legend,
  });
  downloadBlob(doc.output('blob'), pdfFileName(title));
}
