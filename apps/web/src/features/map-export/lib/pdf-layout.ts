/** The map image in the PDF is rendered 1000 px wide. */
export const PRINT_SCALE_WIDTH = 1000;

/** A4 landscape in millimetres. */
export const A4_LANDSCAPE = { width: 297, height: 210 } as const;
const MARGIN = 10;
const HEADER_HEIGHT = 14;
const LEGEND_WIDTH = 62;
const GAP = 5;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PdfLayout {
  page: { width: number; height: number };
  /** Baseline start of the title, left. */
  title: { x: number; y: number; maxWidth: number };
  /** Baseline end of the date, right aligned. */
  date: { x: number; y: number };
  /** Where the map image is drawn (its aspect ratio kept). */
  map: Box;
  /** The legend column right of the map. */
  legend: Box;
  /** Bottom-left corner of the scale bar inside the map and its longest allowed length. */
  scaleBar: { x: number; y: number; maxLength: number };
  /** Centre and height of the north arrow inside the map's top-right corner. */
  northArrow: { cx: number; cy: number; size: number };
}

/** Output width and height for a picture scaled to `width` wide with its aspect ratio kept. */
export function scaledSize(sourceWidth: number, sourceHeight: number, width = PRINT_SCALE_WIDTH): { width: number; height: number } {
  if (!(sourceWidth > 0) || !(sourceHeight > 0)) throw new Error('The map has no size to export.');
  return { width, height: Math.max(1, Math.round((sourceHeight * width) / sourceWidth)) };
}

/**
 * The page: title and date on top, the map image as large as fits left (aspect kept, centred in
 * its area), the legend in a column on the right, scale bar bottom-left and north arrow top-right over the map.
 */
export function pdfLayout(imageWidth: number, imageHeight: number): PdfLayout {
  const { width: pageW, height: pageH } = A4_LANDSCAPE;
  const areaX = MARGIN;
  const areaY = MARGIN + HEADER_HEIGHT;
  const areaW = pageW - 2 * MARGIN - LEGEND_WIDTH - GAP;
  const areaH = pageH - areaY - MARGIN;
  const scale = Math.min(areaW / imageWidth, areaH / imageHeight);
  const mapW = imageWidth * scale;
  const mapH = imageHeight * scale;
  const map = { x: areaX + (areaW - mapW) / 2, y: areaY, width: mapW, height: mapH };
  const legendX = pageW - MARGIN - LEGEND_WIDTH;
  return {
    page: { width: pageW, height: pageH },
    title: { x: MARGIN, y: MARGIN + 7, maxWidth: pageW - 2 * MARGIN - 40 },
    date: { x: pageW - MARGIN, y: MARGIN + 7 },
    map,
    legend: { x: legendX, y: areaY, width: LEGEND_WIDTH, height: areaH },
    scaleBar: { x: map.x + 5, y: map.y + map.height - 5, maxLength: Math.min(45, map.width / 3) },
    northArrow: { cx: map.x + map.width - 10, cy: map.y + 12, size: 14 },
  };
}

export type Point = [number, number];

/**
 * The north arrow's triangle (tip, right base corner, left base corner) and the place of its 'N',
 * turned against the map's bearing so it points to true north on a rotated map. Page y grows downwards.
 */
export function northArrowShape(
  cx: number,
  cy: number,
  size: number,
  bearingDegrees: number,
): { triangle: [Point, Point, Point]; label: Point } {
  const angle = (-bearingDegrees * Math.PI) / 180;
  const rotate = ([x, y]: Point): Point => [
    Number((cx + x * Math.cos(angle) - y * Math.sin(angle)).toFixed(6)),
    Number((cy + x * Math.sin(angle) + y * Math.cos(angle)).toFixed(6)),
  ];
  const half = size / 2;
  return {
    triangle: [rotate([0, -half]), rotate([size * 0.3, half * 0.6]), rotate([-size * 0.3, half * 0.6])],
    label: rotate([0, half + 3.5]),
  };
}
