import { coloradoOutline } from './atlas-data';
import { paletteFor } from './offline-style';

/**
 * Basemap preview images: Colorado's outline in the basemap's palette with the district's
 * area marked, drawn as SVG so five distinct previews exist without any download. The panel
 * crops previews to a square and prints the name under them, so the image carries no text.
 */
const W = 120;
const H = 90;
// Colorado's bounds with a margin; plain equirectangular is fine at this size.
const [MIN_LON, MAX_LON, MIN_LAT, MAX_LAT] = [-109.6, -101.5, 36.4, 41.6];
const x = (lon: number) => ((lon - MIN_LON) / (MAX_LON - MIN_LON)) * W;
const y = (lat: number) => ((MAX_LAT - lat) / (MAX_LAT - MIN_LAT)) * H;

export function previewSvg(name: string): string {
  const p = paletteFor(name);
  const d = coloradoOutline()
    .map((ring) => `M${ring.map(([lon, lat]) => `${x(lon).toFixed(1)},${y(lat).toFixed(1)}`).join('L')}Z`)
    .join('');
  // The demo district sits around lon -104.78, lat 40.27 (the district's default map centre).
  const cx = x(-104.78).toFixed(1);
  const cy = y(40.27).toFixed(1);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    // A title names the image for assistive technology without drawing any text.
    `<title>${name.replace(/[<>&"]/g, '')} basemap</title>` +
    `<rect width="${W}" height="${H}" fill="${p.background}"/>` +
    `<rect x="-10" y="-10" width="${W + 20}" height="${H + 20}" fill="${p.land}" opacity="0.55"/>` +
    `<path d="${d}" fill="${p.colorado}" stroke="${p.stateLine}" stroke-width="1.5"/>` +
    `<circle cx="${cx}" cy="${cy}" r="4" fill="#1F78B4" stroke="#FFFFFF" stroke-width="1.2"/>` +
    `</svg>`
  );
}
