import { h, type Html } from './html-layout';

export interface MapPoint {
  id: string;
  lon: number;
  lat: number;
}

const WIDTH = 600;
const HEIGHT = 360;
const PAD = 16;
/** A page whose points all sit at one place (or on one line) still gets a box around them, in degrees. */
const MIN_SPAN = 0.01;

/** The box of the points (minLon, minLat, maxLon, maxLat), or null when there are none. */
export function boxOf(points: readonly MapPoint[]): [number, number, number, number] | null {
  if (points.length === 0) return null;
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const fixed = (n: number) => n.toFixed(1);

/**
 * A small map of a page's points: an inline SVG, each point placed by its longitude and latitude
 * within the page's box (longitudes shortened by the cosine of the middle latitude, so shapes keep
 * their proportions), and nothing fetched from anywhere. The figure names what it shows as text.
 */
export function pointsMap(points: readonly MapPoint[], label: string): Html {
  const box = boxOf(points);
  if (!box) return h`<p class="muted">No feature of this page has a position, so there is no map.</p>`;
  const [minLon, minLat, maxLon, maxLat] = box;
  const midLat = (minLat + maxLat) / 2;
  const squeeze = Math.max(Math.cos((midLat * Math.PI) / 180), 0.01);
  const spanX = Math.max((maxLon - minLon) * squeeze, MIN_SPAN);
  const spanY = Math.max(maxLat - minLat, MIN_SPAN);
  const scale = Math.min((WIDTH - 2 * PAD) / spanX, (HEIGHT - 2 * PAD) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  const centreLon = (minLon + maxLon) / 2;
  const centreLat = (minLat + maxLat) / 2;
  const x = (lon: number) => offsetX + ((lon - centreLon) * squeeze + spanX / 2) * scale;
  const y = (lat: number) => offsetY + (spanY / 2 - (lat - centreLat)) * scale;
  const circles = points.map(
    (p) => h`<circle class="map-point" cx="${fixed(x(p.lon))}" cy="${fixed(y(p.lat))}" r="5"><title>${p.id}</title></circle>`,
  );
  const where = `longitude ${minLon} to ${maxLon}, latitude ${minLat} to ${maxLat}`;
  const places = new Set(points.map((p) => `${p.lon},${p.lat}`)).size;
  const features = `${points.length.toLocaleString('en-US')} ${points.length === 1 ? 'feature' : 'features'}`;
  const summary = `${features} at ${places.toLocaleString('en-US')} ${places === 1 ? 'place' : 'places'}, ${where}`;
  return h`<figure class="map">
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="map-title map-desc" data-points="${points.length}">
<title id="map-title">Map of ${label}</title>
<desc id="map-desc">${summary}. Each feature is also listed as text below.</desc>
<rect class="map-bg" x="0.5" y="0.5" width="${WIDTH - 1}" height="${HEIGHT - 1}" rx="6"></rect>
${circles}
</svg>
<figcaption>${summary}.</figcaption>
</figure>`;
}
