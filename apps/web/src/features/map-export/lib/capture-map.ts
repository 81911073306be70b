import type { Map as MapLibreMap } from 'maplibre-gl';
import { scaledSize } from './pdf-layout';

/**
 * A copy of the map as it is drawn now. The map is created without preserveDrawingBuffer (which
 * slows every frame), so the WebGL buffer is only readable during the frame that drew it: ask for
 * a repaint and copy the canvas inside that frame's 'render' event.
 */
export function captureMap(map: MapLibreMap): Promise<HTMLCanvasElement> {
  return new Promise((resolve, reject) => {
    map.once('render', () => {
      try {
        const source = map.getCanvas();
        const copy = document.createElement('canvas');
        copy.width = source.width;
        copy.height = source.height;
        const context = copy.getContext('2d');
        if (!context) throw new Error('The browser cannot copy the map image.');
        context.drawImage(source, 0, 0);
        resolve(copy);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    map.triggerRepaint();
  });
}

/** The picture redrawn `width` px wide (aspect kept) on white, for the PDF's print scale width. */
export function scaleCanvas(source: HTMLCanvasElement, width: number): HTMLCanvasElement {
  const size = scaledSize(source.width, source.height, width);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The browser cannot scale the map image.');
  context.fillStyle = '#FFFFFF';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

export function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the map image.'))), type);
  });
}
